/**
 * The blog and the CMS hierarchy on the real app and storage: cms_blog, cms_blog_category and
 * cms_hierarchy through /api/catalog in every store view (POST and GET, SearchQuery and
 * Elasticsearch bodies, pages of 10, the newest posts first), unpublished ones never answered
 * (listings, by id, by url_key, the CMS extension, the url map), a re-import that drops a post, and
 * posts and node titles holding the XSS vectors coming out inert.
 */
import { describe, expect, it } from 'vitest'
import type { UrlMapHit } from '../../domain/api/url.schema'
import { BLOG_LIMITS } from '../../domain/blog.schema'
import type { CmsHierarchyNode } from '../../domain/cms.schema'
import { UrlMapResponseSchema } from '../../domain/api/url.schema'
import { STORE_CODES, STORE_VIEWS } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { executableConstructs, XSS_VECTORS } from '../fixtures/inert-html'
import { blogShop, DRAFT_POST, HIDDEN_CATEGORY, HIDDEN_NODE, NEWS, PUBLISHED_POSTS, publishDateOf, RECIPE_POST_IDS, RECIPES } from './blog-fixtures'
import { ABOUT_ID, TERMS_ID } from './cms-fixtures'
import { json, startTestServer, useTestServer } from './helpers'

const IMPORTED = new Date('2026-06-15T12:00:00Z')

const server = useTestServer(async () => {
  const s = await startTestServer({ seed: false })
  await importShop(s.storage, blogShop(), IMPORTED)
  return s
})

type Source = Record<string, unknown>
type Hits = { hits: { total: { value: number }; hits: { _id: string; _type: string; _source: Source }[] } }

async function search(index: string, type: string, body: Record<string, unknown>, qs = '') {
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/${index}/${type}/_search?${qs}`, payload: body })
  expect(res.statusCode, res.body).toBe(200)
  return json<Hits>(res).hits
}

async function sources(index: string, type: string, body: Record<string, unknown> = {}, qs = '') {
  return (await search(index, type, body, qs)).hits.map((h) => h._source)
}

const filter = (attribute: string, value: unknown) => ({ _appliedFilters: [{ attribute, value, scope: 'default' }] })
const ids = (list: Source[]) => list.map((s) => s.id)

async function get(url: string) {
  return server.app.inject({ method: 'GET', url })
}

async function mapUrl(url: string) {
  const res = await server.app.inject({ method: 'POST', url: '/api/url/map', payload: { url } })
  expect(res.statusCode, res.body).toBe(200)
  return json<UrlMapHit | null>(res)
}

/** Post ids newest first: post n is n weeks after the first. */
const NEWEST_FIRST = Array.from({ length: PUBLISHED_POSTS }, (_, i) => PUBLISHED_POSTS - i)

describe('cms_blog, cms_blog_category and cms_hierarchy through /api/catalog', () => {
  it.each(STORE_CODES)('store view %s: published posts newest first in pages of 10, in its language', async (code) => {
    const index = STORE_VIEWS[code].index
    const first = await search(index, 'cms_blog', {}, `size=${BLOG_LIMITS.pageSize}`)
    expect(first.total.value).toBe(PUBLISHED_POSTS)
    expect(ids(first.hits.map((h) => h._source))).toEqual(NEWEST_FIRST.slice(0, 10))
    expect(first.hits.every((h) => h._type === 'cms_blog')).toBe(true)
    const second = await sources(index, 'cms_blog', {}, `size=${BLOG_LIMITS.pageSize}&from=10`)
    expect(ids(second)).toEqual(NEWEST_FIRST.slice(10))
    expect(first.hits[0]!._source).toMatchObject({
      id: 12,
      url_key: 'post-12',
      status: 1,
      publish_date: publishDateOf(12),
      store_id: STORE_VIEWS[code].storeId,
      author_name: 'Polder',
      featured_image_file: '/blog/post-12.png',
    })
    expect(String(first.hits[0]!._source.short_content)).toContain(`(${code})`)
  })

  it.each(STORE_CODES)('store view %s: published categories in their order, and the hierarchy with its paths', async (code) => {
    const index = STORE_VIEWS[code].index
    const categories = await sources(index, 'cms_blog_category')
    expect(ids(categories)).toEqual([RECIPES, NEWS])
    expect(categories[0]).toMatchObject({ url_key: 'recipes', status: 1, name: categories[0]!.title, store_id: STORE_VIEWS[code].storeId })
    const nodes = await sources(index, 'cms_hierarchy')
    // the node of the inactive draft page is left out
    expect(ids(nodes)).toEqual([1, 4, 3, 2])
    expect(nodes.find((n) => n.id === 2)).toMatchObject({
      parent_id: 1,
      page_id: TERMS_ID,
      level: 2,
      node_id: 2,
      parent_node_id: 1,
      request_url: 'service/terms-and-conditions',
      xpath: '1/2',
      store_id: STORE_VIEWS[code].storeId,
    })
    expect(nodes.find((n) => n.id === 1)).toMatchObject({ parent_id: null, page_id: null, label: nodes[0]!.title })
    // VSF1's cms_hierarchy query: identifier eq
    expect(ids(await sources(index, 'cms_hierarchy', filter('identifier', { eq: 'about-us' })))).toEqual([3])
  })

  it('sorts as asked, filters by category and finds a post by id or url_key', async () => {
    expect(ids(await sources('polder_en', 'cms_blog', {}, 'sort=publish_date:asc&size=3'))).toEqual([1, 2, 3])
    const sorted = await sources('polder_fr', 'cms_blog', { _appliedSort: [{ field: 'id', options: 'asc' }] }, 'size=2')
    expect(ids(sorted)).toEqual([1, 2])
    const recipes = await sources('polder_nl', 'cms_blog', filter('blog_category_ids', { in: [RECIPES] }), 'size=50')
    expect(ids(recipes).sort((a, b) => Number(a) - Number(b))).toEqual(RECIPE_POST_IDS)
    expect(ids(await sources('polder_be', 'cms_blog', filter('id', { eq: 7 })))).toEqual([7])
    expect(ids(await sources('polder_be', 'cms_blog', filter('url_key', { eq: 'post-7' })))).toEqual([7])
    // what VSF1 blog modules send: status eq 1, and categories sorted as posts are
    expect(ids(await sources('polder_en', 'cms_blog_category', filter('status', { eq: 1 }), 'sort=publish_date:desc'))).toEqual([NEWS, RECIPES])
  })

  it('stores a date given with its offset in UTC, in its place among the others', async () => {
    const [post] = await sources('polder_en', 'cms_blog', filter('id', { eq: 5 }))
    expect(post!.publish_date).toBe(publishDateOf(5))
  })

  it('answers a GET request and an Elasticsearch body alike', async () => {
    const request = encodeURIComponent(JSON.stringify(filter('blog_category_ids', { in: [NEWS] })))
    const res = await get(`/api/catalog/polder_nl/cms_blog/_search?request=${request}&size=3`)
    expect(res.statusCode, res.body).toBe(200)
    expect(ids(json<Hits>(res).hits.hits.map((h) => h._source))).toEqual([11, 9, 7])
    const dsl = await sources('polder_nl', 'cms_blog', {
      query: { bool: { filter: { terms: { blog_category_ids: [NEWS] } } } },
      sort: [{ publish_date: { order: 'asc' } }],
      size: 2,
    })
    expect(ids(dsl)).toEqual([1, 3])
  })

  it('never answers an unpublished post or category', async () => {
    for (const code of STORE_CODES) {
      const index = STORE_VIEWS[code].index
      expect(ids(await sources(index, 'cms_blog', {}, 'size=100'))).toEqual(NEWEST_FIRST)
      expect(await sources(index, 'cms_blog', filter('id', { in: [DRAFT_POST, 1] }))).toHaveLength(1)
      expect(await sources(index, 'cms_blog', filter('url_key', { eq: 'draft' }))).toEqual([])
      expect(await sources(index, 'cms_blog', filter('status', { eq: 0 }))).toEqual([])
      expect(await sources(index, 'cms_blog_category', filter('id', { eq: HIDDEN_CATEGORY }))).toEqual([])
      expect(await sources(index, 'cms_blog_category', filter('url_key', { eq: 'hidden' }))).toEqual([])
    }
  })

  it('refuses a field the index does not have', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/catalog/polder_en/cms_blog/_search', payload: filter('sku', 'x') })
    expect(res.statusCode).toBe(400)
  })
})

describe('the CMS extension', () => {
  it.each(['cms', 'cms-data'])('/api/ext/%s answers hierarchy nodes, posts and categories by id and by identifier', async (ext) => {
    const node = await get(`/api/ext/${ext}/cmsHierarchy/3?storeCode=fr`)
    expect(node.statusCode, node.body).toBe(200)
    expect(json(node)).toMatchObject({ code: 200, result: { id: 3, page_id: ABOUT_ID, store_id: STORE_VIEWS.fr.storeId } })
    const byIdentifier = await get(`/api/ext/${ext}/cmsHierarchyIdentifier/service/storeId/${STORE_VIEWS.nl.storeId}`)
    expect(json(byIdentifier)).toMatchObject({ code: 200, result: { id: 1, level: 1 } })
    const post = await get(`/api/ext/${ext}/cmsBlog/4?storeCode=nl`)
    expect(json(post)).toMatchObject({ code: 200, result: { id: 4, title: 'Bericht 4' } })
    const postByKey = await get(`/api/ext/${ext}/cmsBlogIdentifier/post-4/storeId/${STORE_VIEWS.fr.storeId}`)
    expect(json(postByKey)).toMatchObject({ code: 200, result: { id: 4, title: 'Article 4' } })
    const category = await get(`/api/ext/${ext}/cmsBlogCategoryIdentifier/recipes/storeId/${STORE_VIEWS.en.storeId}`)
    expect(json(category)).toMatchObject({ code: 200, result: { id: RECIPES, title: 'Recipes' } })
  })

  it('answers 404 for an unpublished or unknown post, category or node', async () => {
    for (const url of [
      `/api/ext/cms/cmsBlog/${DRAFT_POST}`,
      `/api/ext/cms/cmsBlogIdentifier/draft/storeId/${STORE_VIEWS.en.storeId}`,
      `/api/ext/cms/cmsBlogCategory/${HIDDEN_CATEGORY}`,
      `/api/ext/cms-data/cmsBlogCategoryIdentifier/hidden/storeId/${STORE_VIEWS.en.storeId}`,
      '/api/ext/cms/cmsHierarchy/99',
      `/api/ext/cms/cmsHierarchy/${HIDDEN_NODE}`,
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
    }
  })
})

describe('the url map', () => {
  it('resolves a published post and category in each store view, and not an unpublished one', async () => {
    for (const code of STORE_CODES) {
      const post = await mapUrl(`/${code}/blog/post-3`)
      expect(post).toMatchObject({ _type: 'cms_blog', _index: `${STORE_VIEWS[code].index}_cms_blog`, _id: '3', _source: { url_key: 'post-3' } })
      expect(post?.redirect).toBeUndefined()
      const category = await mapUrl(`/${code}/blog/category/news`)
      expect(category).toMatchObject({ _type: 'cms_blog_category', _id: String(NEWS), _source: { url_key: 'news' } })
      expect(await mapUrl(`/${code}/blog/draft`)).toBeNull()
      expect(await mapUrl(`/${code}/blog/category/hidden`)).toBeNull()
    }
    const rows = await sources('polder_en', 'url_rewrite', filter('entity_type', { in: ['blog-post', 'blog-category'] }), 'size=50')
    expect(rows).toHaveLength(PUBLISHED_POSTS + 2)
  })

  it('reads a blog hit as no mapping in the client schema, which routes products, categories and pages only', async () => {
    expect(UrlMapResponseSchema.parse(await mapUrl('/en/blog/post-3'))).toBeNull()
    expect(UrlMapResponseSchema.parse(await mapUrl('/en/about-us'))).toMatchObject({ _type: 'cms_page' })
  })
})

describe('re-import and the stored HTML', () => {
  it('a re-import without a post drops it from listings, the extension and the url map', async () => {
    await importShop(server.storage, blogShop({ withoutPosts: [12] }), new Date('2026-06-16T12:00:00Z'))
    try {
      for (const code of STORE_CODES) {
        const listed = await search(STORE_VIEWS[code].index, 'cms_blog', {}, 'size=10')
        expect(listed.total.value).toBe(PUBLISHED_POSTS - 1)
        expect(listed.hits[0]!._source.id).toBe(11)
        expect(await mapUrl(`/${code}/blog/post-12`)).toBeNull()
      }
      expect((await get('/api/ext/cms/cmsBlog/12')).statusCode).toBe(404)
      expect(await mapUrl('/en/blog/post-11')).toMatchObject({ _type: 'cms_blog' })
    } finally {
      await importShop(server.storage, blogShop(), new Date('2026-06-17T12:00:00Z'))
    }
    expect(await mapUrl('/en/blog/post-12')).toMatchObject({ _type: 'cms_blog', _id: '12' })
  })

  it('refuses a page tree that does not hold together, and leaves the shop as it was', async () => {
    const broken = (change: (nodes: CmsHierarchyNode[]) => void) => blogShop({ change: (code, s) => code === 'nl' && change(s.catalog[code].cms_hierarchy!) })
    await expect(
      importShop(
        server.storage,
        broken((nodes) => (nodes[1]!.page_id = 99)),
        new Date('2026-06-18T12:00:00Z'),
      ),
    ).rejects.toThrow('Invalid cms_hierarchy node in store view "nl": id 2: page_id: no CMS page with id 99')
    await expect(
      importShop(
        server.storage,
        broken((nodes) => (nodes[1]!.level = 3)),
        new Date('2026-06-18T12:00:00Z'),
      ),
    ).rejects.toThrow('Invalid cms_hierarchy node in store view "nl": id 2: level: its parent\'s level plus one expected')
    expect(ids(await sources('polder_nl', 'cms_hierarchy'))).toContain(2)
  })

  it('keeps posts and node titles holding the XSS vectors inert', async () => {
    // a plain-text field holds at most 255 characters
    const short = (vector: string) => vector.slice(0, 240)
    const shop = blogShop({
      change: (code, s) => {
        if (code !== 'en') return
        const catalog = s.catalog[code]
        catalog.blog_posts = XSS_VECTORS.map((vector, i) => ({
          id: 100 + i,
          url_key: `xss-${i}`,
          title: `Title ${short(vector)}`,
          status: 1 as const,
          publish_date: publishDateOf(1),
          blog_category_ids: [NEWS],
          short_content: vector,
          content: `<p>${vector}</p>`,
          author: short(vector),
          meta_title: short(vector),
        }))
        catalog.cms_hierarchy = XSS_VECTORS.map((vector, i) => ({
          id: 100 + i,
          parent_id: null,
          page_id: null,
          identifier: `xss-${i}`,
          title: `Node ${short(vector)}`,
          sort_order: i,
          level: 1,
        }))
      },
    })
    await importShop(server.storage, shop, new Date('2026-06-18T12:00:00Z'))
    try {
      const posts = await sources('polder_en', 'cms_blog', {}, 'size=200')
      expect(posts).toHaveLength(XSS_VECTORS.length)
      for (const post of posts) {
        for (const field of ['short_content', 'content']) expect(executableConstructs(String(post[field])), `${String(post.id)} ${field}`).toEqual([])
        for (const field of ['title', 'author', 'author_name', 'meta_title']) expect(String(post[field]), `${String(post.id)} ${field}`).not.toMatch(/[<>]/)
      }
      const nodes = await sources('polder_en', 'cms_hierarchy', {}, 'size=200')
      expect(nodes).toHaveLength(XSS_VECTORS.length)
      for (const node of nodes) for (const field of ['title', 'label']) expect(String(node[field]), `${String(node.id)} ${field}`).not.toMatch(/[<>]/)
      const one = json<{ result: Source }>(await get('/api/ext/cms/cmsBlog/100'))
      expect(one.result.content).toBe(posts.find((p) => p.id === 100)!.content)
    } finally {
      await importShop(server.storage, blogShop(), new Date('2026-06-19T12:00:00Z'))
    }
  })
})
