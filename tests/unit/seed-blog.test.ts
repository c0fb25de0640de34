/**
 * The demo shop's blog and page tree: the same posts (ids, dates, categories, status) in every
 * store view with their own text, enough published posts in every category, drafts, dates on the
 * seed's 2026 timeline, HTML the sanitiser keeps as written, French typography, links into the same
 * store view, and a tree that holds each of the nine pages once.
 */
import { describe, expect, it } from 'vitest'
import { STORE_CODES } from '../../domain/store-views'
import { demoCms, demoCmsPages } from '../../server/seed/content'
import { validateFixtures } from '../../server/seed/fixtures'
import { toPlainText as plainText } from '../../domain/plain-text'
import { sanitiseHtml } from '../../server/services/html-sanitiser'

const published = (store: (typeof STORE_CODES)[number]) => demoCms(store).blog_posts.filter((p) => p.status === 1)

describe('the demo blog', () => {
  it('has four categories, at least 20 published posts spread over them and two drafts, alike in every store view', () => {
    const en = demoCms('en')
    expect(en.blog_categories).toHaveLength(4)
    expect(published('en').length).toBeGreaterThanOrEqual(20)
    expect(en.blog_posts.filter((p) => p.status === 0).length).toBeGreaterThanOrEqual(2)
    for (const category of en.blog_categories) {
      expect(published('en').filter((p) => p.blog_category_ids.includes(category.id)).length, category.title).toBeGreaterThanOrEqual(4)
    }
    const shape = (store: (typeof STORE_CODES)[number]) =>
      demoCms(store).blog_posts.map(({ id, status, publish_date, blog_category_ids, image }) => ({ id, status, publish_date, blog_category_ids, image }))
    for (const store of STORE_CODES) expect(shape(store), store).toEqual(shape('en'))
  })

  it('writes each language its own text; the Belgian store view shares the Dutch one', () => {
    const titles = (store: (typeof STORE_CODES)[number]) => demoCms(store).blog_posts.map((p) => p.title)
    const [en, nl, fr] = [titles('en'), titles('nl'), titles('fr')]
    expect(titles('be')).toEqual(nl)
    en.forEach((title, i) => {
      expect(title).not.toBe(nl[i])
      expect(title).not.toBe(fr[i])
      expect(nl[i]).not.toBe(fr[i])
    })
    for (const store of STORE_CODES) {
      const posts = demoCms(store).blog_posts
      expect(new Set(posts.map((p) => p.url_key)).size, store).toBe(posts.length)
      expect(new Set(posts.map((p) => p.title)).size, store).toBe(posts.length)
      for (const post of published(store)) expect(post.content.match(/<p>/g)?.length ?? 0, post.url_key).toBeGreaterThanOrEqual(3)
    }
  })

  it('dates the posts on the 2026 timeline, each on its own day, the drafts after the last published post', () => {
    const posts = demoCms('en').blog_posts
    for (const post of posts) expect(post.publish_date).toMatch(/^2026-\d\d-\d\dT09:00:00\.000Z$/)
    expect(new Set(posts.map((p) => p.publish_date.slice(0, 10))).size).toBe(posts.length)
    const lastPublished = published('en')
      .map((p) => p.publish_date)
      .sort()
      .at(-1)!
    for (const draft of posts.filter((p) => p.status === 0)) expect(draft.publish_date > lastPublished).toBe(true)
    expect(demoCms('en')).toEqual(demoCms('en'))
  })

  it('keeps its HTML as the sanitiser would, its titles as plain text, and links into the same store view', () => {
    for (const store of STORE_CODES) {
      const { blog_posts, blog_categories } = demoCms(store)
      for (const post of blog_posts) {
        expect(sanitiseHtml(post.content), post.url_key).toBe(post.content)
        expect(sanitiseHtml(post.short_content), post.url_key).toBe(post.short_content)
        expect(plainText(post.title)).toBe(post.title)
        for (const [, href] of post.content.matchAll(/href="([^"]*)"/g)) expect(href, post.url_key).toMatch(new RegExp(`^/${store}/i/[a-z-]+$`))
      }
      for (const category of blog_categories) expect(sanitiseHtml(category.description ?? '')).toBe(category.description)
    }
  })

  it('writes a narrow no-break space before : ; ? ! in French', () => {
    const { blog_posts, blog_categories } = demoCms('fr')
    const texts = [
      ...blog_posts.flatMap((p) => [p.title, p.short_content, p.content.replace(/<[^>]*>/g, ' ')]),
      ...blog_categories.flatMap((c) => [c.title, c.description ?? '', c.meta_description ?? '']),
    ]
    for (const text of texts) {
      for (const match of text.matchAll(/[:;?!]/g)) expect(text[match.index - 1], text.slice(Math.max(0, match.index - 30), match.index + 1)).toBe('\u202f')
    }
  })

  it('hangs each of the nine pages once in the tree, under three headings, named as the page is', () => {
    for (const store of STORE_CODES) {
      const nodes = demoCms(store).cms_hierarchy
      const pages = demoCmsPages(store)
      const pageNodes = nodes.filter((n) => n.page_id !== null)
      expect(pageNodes.map((n) => n.page_id).sort((a, b) => a! - b!)).toEqual(pages.map((p) => p.id).sort((a, b) => a - b))
      expect(nodes.filter((n) => n.parent_id === null && n.page_id === null && n.level === 1)).toHaveLength(3)
      for (const node of pageNodes) {
        expect(node.title).toBe(pages.find((p) => p.id === node.page_id)!.title)
        expect(nodes.find((n) => n.id === node.parent_id)?.level).toBe(1)
      }
    }
  })
})

describe('a fixture file’s blog and page tree', () => {
  it('names every broken reference: a node’s parent, level and page, a post’s category, a repeated url key', () => {
    const en = demoCms('en')
    const post = en.blog_posts[0]!
    const catalog = {
      en: {
        products: [],
        cms_pages: en.cms_pages,
        cms_hierarchy: [
          { id: 1, parent_id: null, page_id: null, identifier: 'service', title: 'Service', sort_order: 1, level: 1 },
          { id: 2, parent_id: 9, page_id: 1, identifier: 'a', title: 'A', sort_order: 1, level: 2 },
          { id: 3, parent_id: 1, page_id: 99, identifier: 'b', title: 'B', sort_order: 2, level: 3 },
        ],
        blog_categories: en.blog_categories,
        blog_posts: [
          { ...post, blog_category_ids: [42] },
          { ...post, id: 99 },
        ],
      },
    }
    expect(() => validateFixtures({ catalog }, 'shop.json')).toThrow(
      expect.objectContaining({
        problems: expect.arrayContaining([
          'shop.json: catalog.en.cms_hierarchy[1] (id 2): parent_id: no node with id 9',
          "shop.json: catalog.en.cms_hierarchy[2] (id 3): level: its parent's level plus one expected",
          'shop.json: catalog.en.cms_hierarchy[2] (id 3): page_id: no CMS page with id 99',
          'shop.json: catalog.en.blog_posts[0] (id 1): blog_category_ids[0]: no blog category with id 42',
          `shop.json: catalog.en.blog_posts[1] (id 99): url_key: "${post.url_key}" is already used`,
        ]),
      }),
    )
  })
})
