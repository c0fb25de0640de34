/**
 * CMS pages and blocks on the real app and storage: /api/catalog per store view (filters VSF1
 * sends, field lists, both answer formats, inactive ones hidden), the CMS extension under both
 * names, the url map (identifier and legacy path), a re-import that drops a page, and stored HTML
 * that comes back sanitised.
 */
import { describe, expect, it } from 'vitest'
import type { UrlMapHit } from '../../domain/api/url.schema'
import { STORE_CODES, STORE_VIEWS } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { ABOUT_ID, DRAFT_ID, FOOTER_ID, HIDDEN_BLOCK_ID, TERMS_ID, XSS_ID } from './cms-fixtures'
import { buildFixtureShop } from './fixtures'
import { json, useTestServer } from './helpers'

const server = useTestServer()

type Hits = { hits: { total: { value: number }; hits: { _id: string; _type: string; _source: Record<string, unknown> }[] } }

async function search(index: string, type: string, query: Record<string, unknown>, qs = '') {
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/${index}/${type}/_search?${qs}`, payload: query })
  expect(res.statusCode, res.body).toBe(200)
  return res
}

async function sources(index: string, type: string, query: Record<string, unknown>, qs = '') {
  return json<Hits>(await search(index, type, query, qs)).hits.hits.map((h) => h._source)
}

const byIdentifier = (identifier: string) => ({ _appliedFilters: [{ attribute: 'identifier', value: { eq: identifier }, scope: 'default' }] })

async function get(url: string) {
  return server.app.inject({ method: 'GET', url })
}

async function mapUrl(url: string) {
  const res = await server.app.inject({ method: 'POST', url: '/api/url/map', payload: { url } })
  expect(res.statusCode, res.body).toBe(200)
  return json<UrlMapHit | null>(res)
}

describe('cms_page and cms_block through /api/catalog', () => {
  it.each(STORE_CODES)('answers a page by identifier in store view %s, in its language and with its store id', async (code) => {
    const [page] = await sources(STORE_VIEWS[code].index, 'cms_page', byIdentifier('about-us'))
    expect(page).toMatchObject({ id: ABOUT_ID, identifier: 'about-us', active: true, store_id: STORE_VIEWS[code].storeId })
    expect(String(page!.content)).toContain(`Polder (${code})`)
  })

  it("matches VSF1's `identifier like`, ids and active, and never shows an inactive page", async () => {
    const liked = await sources('polder_nl', 'cms_page', { _appliedFilters: [{ attribute: 'identifier', value: { like: 'terms' }, scope: 'default' }] })
    expect(liked.map((p) => p.title)).toEqual(['Algemene voorwaarden'])
    const listed = await sources('polder_en', 'cms_page', { _appliedFilters: [{ attribute: 'id', value: { in: [ABOUT_ID, DRAFT_ID] }, scope: 'default' }] })
    expect(listed.map((p) => p.id)).toEqual([ABOUT_ID])
    const all = await sources('polder_en', 'cms_page', {}, 'size=50')
    expect(all.map((p) => p.id).sort()).toEqual([ABOUT_ID, TERMS_ID, XSS_ID])
    expect(await sources('polder_en', 'cms_page', byIdentifier('draft'))).toEqual([])
  })

  it('lists the active blocks, with field lists and in the compact format', async () => {
    const res = await search('polder_fr', 'cms_block', {}, '_source_include=id,identifier,content')
    const body = json<Hits>(res)
    expect(body.hits.hits.map((h) => h._type)).toEqual(['cms_block'])
    expect(body.hits.hits[0]!._source).toEqual({ id: FOOTER_ID, identifier: 'footer-links', content: expect.stringContaining('À propos') })
    const compact = json<{ total: number; hits: Record<string, unknown>[] }>(
      await search('polder_fr', 'cms_block', {}, 'response_format=compact&_source_exclude=content'),
    )
    expect(compact.total).toBe(1)
    expect(compact.hits[0]).not.toHaveProperty('content')
    expect(compact.hits[0]).toMatchObject({ id: FOOTER_ID })
  })

  it('refuses a field the index does not have', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/catalog/polder_en/cms_page/_search',
      payload: { _appliedFilters: [{ attribute: 'sku', value: 'x', scope: 'default' }] },
    })
    expect(res.statusCode).toBe(400)
  })
})

describe('the CMS extension', () => {
  it.each(['cms', 'cms-data'])('/api/ext/%s answers pages and blocks by id and by identifier, in the envelope', async (ext) => {
    const page = await get(`/api/ext/${ext}/cmsPage/${ABOUT_ID}?storeCode=nl`)
    expect(page.statusCode).toBe(200)
    expect(json(page)).toMatchObject({ code: 200, result: { id: ABOUT_ID, title: 'Over ons', store_id: STORE_VIEWS.nl.storeId } })
    const block = await get(`/api/ext/${ext}/cmsBlock/${FOOTER_ID}`)
    expect(json(block)).toMatchObject({ code: 200, result: { identifier: 'footer-links', store_id: STORE_VIEWS.en.storeId } })
    const byId = await get(`/api/ext/${ext}/cmsPageIdentifier/terms-and-conditions/storeId/${STORE_VIEWS.fr.storeId}`)
    expect(json(byId)).toMatchObject({ code: 200, result: { id: TERMS_ID, title: 'Conditions générales' } })
    const blockById = await get(`/api/ext/${ext}/cmsBlockIdentifier/footer-links/storeId/${STORE_VIEWS.be.storeId}`)
    expect(json(blockById)).toMatchObject({ code: 200, result: { id: FOOTER_ID, store_id: STORE_VIEWS.be.storeId } })
  })

  it('answers 404 for an unknown or inactive page or block, and an unknown store id', async () => {
    for (const url of [
      '/api/ext/cms/cmsPage/999',
      `/api/ext/cms/cmsPage/${DRAFT_ID}`,
      `/api/ext/cms-data/cmsBlock/${HIDDEN_BLOCK_ID}`,
      '/api/ext/cms/cmsPageIdentifier/draft/storeId/1',
      '/api/ext/cms/cmsPageIdentifier/about-us/storeId/99',
      '/api/ext/cms/cmsBlockIdentifier/nope/storeId/1',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(json(res), url).toMatchObject({ code: 404 })
    }
    expect((await get('/api/ext/cms/cmsPage/abc')).statusCode).toBe(400)
  })
})

describe('url map and the stored HTML', () => {
  it('resolves a page by its identifier in each store view, and its legacy path as a 301', async () => {
    const hit = await mapUrl('/fr/about-us')
    expect(hit).toMatchObject({ _type: 'cms_page', _index: 'polder_fr_cms_page', _id: String(ABOUT_ID), _source: { title: 'À propos' } })
    expect(hit?.redirect).toBeUndefined()
    const legacy = await mapUrl(`/nl/cms/page/view/page_id/${TERMS_ID}`)
    expect(legacy).toMatchObject({
      _type: 'cms_page',
      _source: { identifier: 'terms-and-conditions' },
      redirect: { code: 301, target: '/terms-and-conditions' },
    })
    expect(await mapUrl('/en/draft')).toBeNull()
    expect(await mapUrl(`/en/cms/page/view/page_id/${DRAFT_ID}`)).toBeNull()
  })

  it('keeps the HTML of a page only sanitised: no script, handler or javascript: URL', async () => {
    const [page] = await sources('polder_en', 'cms_page', byIdentifier('xss'))
    const content = String(page!.content)
    expect(content).toBe('<p>Hello<img src="x" /><a target="_blank" rel="noopener noreferrer">go</a></p>')
    const ext = json<{ result: { content: string } }>(await get(`/api/ext/cms/cmsPage/${XSS_ID}`))
    expect(ext.result.content).toBe(content)
  })

  it('a re-import without a page drops it from listings, the extension and the url map', async () => {
    await importShop(server.storage, buildFixtureShop({ withoutCms: ['about-us', 'footer-links'] }), new Date('2026-06-16T12:00:00Z'))
    try {
      expect(await sources('polder_be', 'cms_page', byIdentifier('about-us'))).toEqual([])
      expect(await sources('polder_be', 'cms_block', {})).toEqual([])
      expect((await get(`/api/ext/cms/cmsPage/${ABOUT_ID}?storeCode=be`)).statusCode).toBe(404)
      expect((await get(`/api/ext/cms/cmsPageIdentifier/about-us/storeId/${STORE_VIEWS.be.storeId}`)).statusCode).toBe(404)
      expect(await mapUrl('/be/about-us')).toBeNull()
      expect(await mapUrl(`/be/cms/page/view/page_id/${ABOUT_ID}`)).toBeNull()
      expect(await mapUrl('/be/terms-and-conditions')).toMatchObject({ _type: 'cms_page' })
    } finally {
      await importShop(server.storage, buildFixtureShop(), new Date('2026-06-17T12:00:00Z'))
    }
    expect(await sources('polder_be', 'cms_page', byIdentifier('about-us'))).toHaveLength(1)
  })
})
