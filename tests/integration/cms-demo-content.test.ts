/**
 * The demo shop's own pages through the real import and the CMS extension: the fixture shop's
 * catalogue with the demo content in place of its test pages (seeding the whole demo shop is slow),
 * and the returns page answered in each store view's language with its withdrawal form; its blog
 * and page tree through /api/catalog and the url map.
 */
import { describe, expect, it } from 'vitest'
import type { CmsPageDoc } from '../../domain/cms.schema'
import { STORE_CODES, STORE_VIEWS } from '../../domain/store-views'
import { demoCms } from '../../server/seed/content'
import { importShop } from '../../server/services/catalog-import'
import { buildFixtureShop } from './fixtures'
import { json, startTestServer, useTestServer } from './helpers'

const server = useTestServer(async () => {
  const s = await startTestServer({ seed: false })
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) shop.catalog[code] = { ...shop.catalog[code], ...demoCms(code) }
  await importShop(s.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return s
})

const FORM_HEADING = {
  en: 'Model withdrawal form',
  nl: 'Modelformulier voor herroeping',
  be: 'Modelformulier voor herroeping',
  fr: 'Formulaire de rétractation',
}

const HOME_HEADING = { en: 'Welcome to Polder', nl: 'Welkom bij Polder', be: 'Welkom bij Polder', fr: 'Bienvenue chez Polder' }

describe('the demo shop pages through the CMS extension', () => {
  it.each(STORE_CODES)('serves the returns page with its withdrawal form in store view %s', async (code) => {
    const res = await server.app.inject({ method: 'GET', url: `/api/ext/cms/cmsPageIdentifier/returns/storeId/${STORE_VIEWS[code].storeId}` })
    expect(res.statusCode, res.body).toBe(200)
    const page = json<{ code: number; result: CmsPageDoc }>(res).result
    expect(page).toMatchObject({ identifier: 'returns', store_id: STORE_VIEWS[code].storeId, active: true })
    expect(page.content).toContain(`<h2>${FORM_HEADING[code]}</h2>`)
    expect(page.content).toContain(`href="/${code}/i/contact"`)
    const expected = demoCms(code).cms_pages.find((p) => p.identifier === 'returns')!
    expect(page.id).toBe(expected.id)
    expect(page.title).toBe(expected.title)
  })

  it.each(STORE_CODES)('holds the footer blocks and the home-page block in store view %s', async (code) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/catalog/${STORE_VIEWS[code].index}/cms_block/_search?size=100&_source_include=identifier,content`,
      payload: {},
    })
    expect(res.statusCode, res.body).toBe(200)
    const blocks = json<{ hits: { hits: { _source: { identifier: string; content: string } }[] } }>(res).hits.hits.map((h) => h._source)
    expect(blocks.map((b) => b.identifier).sort()).toEqual(['footer-about', 'footer-customer-service', 'footer-legal', 'home-intro'])
    const home = blocks.find((b) => b.identifier === 'home-intro')!
    expect(home.content).toContain(`<h2>${HOME_HEADING[code]}</h2>`)
    expect(home.content).toContain(`href="/${code}/i/returns"`)
  })

  it('serves the footer blocks with links into the same store view', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/ext/cms/cmsBlockIdentifier/footer-legal/storeId/${STORE_VIEWS.fr.storeId}` })
    expect(res.statusCode, res.body).toBe(200)
    expect(json<{ result: { content: string } }>(res).result.content).toContain('href="/fr/i/privacy-policy"')
  })
})

type Hits = { hits: { total: { value: number }; hits: { _source: Record<string, unknown> }[] } }

describe('the demo blog through /api/catalog', () => {
  async function search(code: (typeof STORE_CODES)[number], type: string, qs: string) {
    const res = await server.app.inject({ method: 'POST', url: `/api/catalog/${STORE_VIEWS[code].index}/${type}/_search?${qs}`, payload: {} })
    expect(res.statusCode, res.body).toBe(200)
    return json<Hits>(res).hits
  }

  it.each(STORE_CODES)('store view %s has at least 20 published posts in 4 categories, several in each, and its page tree', async (code) => {
    const posts = await search(code, 'cms_blog', 'size=100')
    expect(posts.total.value).toBeGreaterThanOrEqual(20)
    expect(posts.total.value).toBe(demoCms(code).blog_posts.filter((p) => p.status === 1).length)
    const categories = await search(code, 'cms_blog_category', 'size=100')
    expect(categories.total.value).toBe(4)
    for (const { _source: category } of categories.hits) {
      const inIt = posts.hits.filter((h) => (h._source.blog_category_ids as number[]).includes(Number(category.id)))
      expect(inIt.length, String(category.title)).toBeGreaterThanOrEqual(4)
    }
    const dates = posts.hits.map((h) => String(h._source.publish_date))
    expect(dates).toEqual([...dates].sort().reverse())
    const tree = await search(code, 'cms_hierarchy', 'size=100')
    expect(tree.hits.filter((h) => h._source.page_id !== null)).toHaveLength(demoCms(code).cms_pages.length)
  })

  it('resolves a demo post and category at their url keys in each store view', async () => {
    for (const code of STORE_CODES) {
      const { blog_posts, blog_categories } = demoCms(code)
      const post = blog_posts.find((p) => p.status === 1)!
      const draft = blog_posts.find((p) => p.status === 0)!
      const map = async (url: string) =>
        json<Record<string, unknown> | null>(await server.app.inject({ method: 'POST', url: '/api/url/map', payload: { url } }))
      expect(await map(`/${code}/blog/${post.url_key}`)).toMatchObject({ _type: 'cms_blog', _id: String(post.id) })
      expect(await map(`/${code}/blog/category/${blog_categories[0]!.url_key}`)).toMatchObject({ _type: 'cms_blog_category' })
      expect(await map(`/${code}/blog/${draft.url_key}`)).toBeNull()
    }
  })
})
