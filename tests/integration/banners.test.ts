/**
 * Banners on the real app and storage: the info-banner extension (check and get, per store view),
 * the VSF1 theme's banner files per store code and our envelope route, in every store view's
 * language; a re-import that drops a banner; a link that is not a shop path refused; and XSS
 * vectors in titles and info content that come out inert.
 */
import { describe, expect, it } from 'vitest'
import type { BannersAnswer, MainImageFile, PromotedOffersFile } from '../../domain/api/banner.schema'
import { STORE_CODES, STORE_VIEWS } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import {
  HEAD_ID,
  INFO_ACTIVE_ID,
  INFO_DUTCH_ONLY_ID,
  INFO_INACTIVE_ID,
  MAIN_FIRST_ID,
  MAIN_SECOND_ID,
  PRODUCT_ID,
  SMALL_ID,
  withTestBanners,
  WORDS,
  XSS_INFO_FIRST_ID,
  XSS_VECTORS,
} from './banner-fixtures'
import { buildFixtureShop } from './fixtures'
import { json, startTestServer, useTestServer } from './helpers'

const IMPORTED_AT = new Date('2026-06-15T12:00:00Z')

const server = useTestServer(async () => {
  const s = await startTestServer({ seed: false })
  await importShop(s.storage, withTestBanners(buildFixtureShop(), { xss: true }), IMPORTED_AT)
  return s
})

async function get(url: string) {
  return server.app.inject({ method: 'GET', url })
}

async function check(id: number | string, query = '') {
  const res = await get(`/api/ext/info-banner/banner/check/${id}${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return json<{ code: number; result: unknown }>(res)
}

async function promotedOffers(code: string): Promise<PromotedOffersFile> {
  const res = await get(`/assets/banners/${code}_promoted_offers.json`)
  expect(res.statusCode, res.body).toBe(200)
  return json<PromotedOffersFile>(res)
}

describe('the info-banner extension', () => {
  it('checks an info banner: the string "true" while active, "false" when inactive or unknown', async () => {
    expect(await check(INFO_ACTIVE_ID)).toEqual({ code: 200, result: 'true' })
    expect(await check(INFO_INACTIVE_ID)).toEqual({ code: 200, result: 'false' })
    expect(await check(999)).toEqual({ code: 200, result: 'false' })
    expect(await check(2_147_483_647)).toEqual({ code: 200, result: 'false' })
    expect((await get('/api/ext/info-banner/banner/check/abc')).statusCode).toBe(400)
  })

  it('answers in the store view the call names: storeCode, else x-vs-store-code, else the default one', async () => {
    expect((await check(INFO_DUTCH_ONLY_ID, '?storeCode=nl')).result).toBe('true')
    expect((await check(INFO_DUTCH_ONLY_ID, '?storeCode=be')).result).toBe('false')
    expect((await check(INFO_DUTCH_ONLY_ID)).result).toBe('false')
    const byHeader = await server.app.inject({
      method: 'GET',
      url: `/api/ext/info-banner/banner/check/${INFO_DUTCH_ONLY_ID}`,
      headers: { 'x-vs-store-code': 'nl' },
    })
    expect(json(byHeader).result).toBe('true')
  })

  it.each(STORE_CODES)('gets the active info banner in store view %s in its language, with its store id', async (code) => {
    const res = await get(`/api/ext/info-banner/banner/get/${INFO_ACTIVE_ID}?storeCode=${code}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(json(res)).toEqual({
      code: 200,
      result: {
        id: INFO_ACTIVE_ID,
        content: `<p><strong>${WORDS[code].delivery}</strong></p>`,
        link: '/i/shipping',
        active: true,
        store_id: STORE_VIEWS[code].storeId,
        updated_at: IMPORTED_AT.toISOString(),
      },
    })
  })

  it('answers 404 for an inactive or unknown info banner, and one of another store view', async () => {
    for (const url of [
      `/api/ext/info-banner/banner/get/${INFO_INACTIVE_ID}`,
      '/api/ext/info-banner/banner/get/999',
      `/api/ext/info-banner/banner/get/${INFO_DUTCH_ONLY_ID}?storeCode=fr`,
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(json(res), url).toMatchObject({ code: 404 })
    }
    expect((await get(`/api/ext/info-banner/banner/get/${INFO_DUTCH_ONLY_ID}?storeCode=nl`)).statusCode).toBe(200)
  })
})

describe('the banner files by store code', () => {
  it.each(STORE_CODES)("answers {storeCode}_promoted_offers.json for %s as VSF1's theme reads it", async (code) => {
    const w = WORDS[code]
    const file = await promotedOffers(code)
    expect(Object.keys(file).sort()).toEqual(['mainBanners', 'productBanners', 'smallBanners'])
    expect(file.mainBanners).toEqual([
      { title: w.socks, subtitle: `${w.socks} (${code})`, image: '/img/banners/bike/2e5aac/main.webp', link: '/c/socks-22', alt: w.socks },
      { title: w.sale, subtitle: `${w.sale} (${code})`, image: '/img/banners/bike/2e5aac/main.webp', link: '/c/socks-22', alt: w.sale },
    ])
    expect(file.productBanners).toEqual([expect.objectContaining({ title: 'Rain jacket', link: '/p/JACKET/jacket-300' })])
    const small = file.smallBanners.filter((b) => !b.title.startsWith('Sale'))
    expect(small).toEqual([{ title: `${w.socks} 2`, image: '/img/banners/bike/2e5aac/small.webp', link: '/c/socks-22', alt: `${w.socks} 2` }])
  })

  it.each(STORE_CODES)('answers {storeCode}_main-image.json for %s with its head image as `image`', async (code) => {
    const res = await get(`/assets/banners/${code}_main-image.json`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(json<MainImageFile>(res)).toEqual({
      image: {
        title: WORDS[code].head,
        subtitle: `${WORDS[code].head} (${code})`,
        image: '/img/banners/bike/2e5aac/head.webp',
        link: '/',
        alt: WORDS[code].head,
      },
    })
  })

  it('answers 404 for an unknown store code or file name', async () => {
    for (const url of [
      '/assets/banners/de_promoted_offers.json',
      '/assets/banners/xx_main-image.json',
      '/assets/banners/en_banners.json',
      '/assets/banners/en.json',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
    }
  })

  it('answers the stored banners in the envelope for our own client, inactive ones left out', async () => {
    const res = await get('/api/ext/banners/fr')
    expect(res.statusCode, res.body).toBe(200)
    const { result } = json<{ code: number; result: BannersAnswer }>(res)
    expect(result.headImage).toMatchObject({ id: HEAD_ID, slot: 'head', title: WORDS.fr.head, store_id: STORE_VIEWS.fr.storeId })
    expect(result.mainBanners.map((b) => b.id)).toEqual([MAIN_FIRST_ID, MAIN_SECOND_ID])
    expect(result.smallBanners.map((b) => b.id)).toEqual([SMALL_ID])
    expect(result.productBanners.map((b) => b.id)).toEqual([PRODUCT_ID])
    expect(JSON.stringify(result)).not.toContain('Hidden')
    expect((await get('/api/ext/banners/de')).statusCode).toBe(404)
  })
})

describe('imports', () => {
  it('a re-import without a banner or info banner removes it from every answer; the next one brings it back', async () => {
    const summary = await importShop(
      server.storage,
      withTestBanners(buildFixtureShop(), { xss: true, withoutBanners: [MAIN_FIRST_ID, HEAD_ID], withoutInfo: [INFO_ACTIVE_ID] }),
      new Date('2026-06-16T12:00:00Z'),
    )
    try {
      // kept as tombstones (for the replication feed), counted as the import's deletions
      expect(STORE_CODES.map((code) => summary.storeViews[code].deleted)).toEqual([3, 3, 3, 3])
      expect((await promotedOffers('be')).mainBanners.map((b) => b.title)).toEqual([WORDS.be.sale])
      expect((await get('/assets/banners/be_main-image.json')).statusCode).toBe(404)
      expect(json<{ result: BannersAnswer }>(await get('/api/ext/banners/be')).result.headImage).toBeNull()
      expect((await check(INFO_ACTIVE_ID, '?storeCode=be')).result).toBe('false')
      expect((await get(`/api/ext/info-banner/banner/get/${INFO_ACTIVE_ID}?storeCode=be`)).statusCode).toBe(404)
    } finally {
      await importShop(server.storage, withTestBanners(buildFixtureShop(), { xss: true }), new Date('2026-06-17T12:00:00Z'))
    }
    expect((await promotedOffers('be')).mainBanners.map((b) => b.title)).toEqual([WORDS.be.socks, WORDS.be.sale])
    expect((await check(INFO_ACTIVE_ID, '?storeCode=be')).result).toBe('true')
  })

  it('refuses a banner whose link leaves the shop, and keeps the banners as they were', async () => {
    for (const link of ['javascript:alert(1)', '//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const shop = withTestBanners(buildFixtureShop())
      shop.catalog.nl.banners![0]!.link = link
      await expect(importShop(server.storage, shop, new Date('2026-06-18T12:00:00Z')), link).rejects.toThrow(/banner/)
    }
    expect((await promotedOffers('nl')).mainBanners.map((b) => b.title)).toEqual([WORDS.nl.socks, WORDS.nl.sale])
  })

  it('refuses two banners with one id in a store view', async () => {
    const shop = withTestBanners(buildFixtureShop())
    shop.catalog.fr.banners!.push({ ...shop.catalog.fr.banners![0]!, slot: 'small' })
    await expect(importShop(server.storage, shop, new Date('2026-06-18T12:00:00Z'))).rejects.toThrow(/id 1 is used more than once/)
  })
})

describe('XSS vectors in banners', () => {
  it('keeps titles, subtitles and alt texts plain: no markup, no angle bracket at all', async () => {
    const file = await promotedOffers('en')
    const xss = file.smallBanners.filter((b) => b.title.startsWith('Sale'))
    expect(xss).toHaveLength(XSS_VECTORS.length)
    for (const banner of xss) {
      for (const text of [banner.title, banner.subtitle ?? '', banner.alt]) {
        expect(text).not.toMatch(/[<>]/)
        expect(text.toLowerCase()).not.toMatch(/<script|<img|<svg/)
      }
      expect(banner.link).toBe('/c/socks-22')
    }
    // markup and code elements go with their content; plain words stay
    const scriptOnly = XSS_VECTORS.indexOf('</TITLE><SCRIPT>alert("XSS");</SCRIPT>')
    expect(scriptOnly).toBeGreaterThanOrEqual(0)
    expect(xss[scriptOnly]!.title).toBe('Sale')
    const linkText = XSS_VECTORS.indexOf('<a onmouseover="alert(document.cookie)">xxs link</a>')
    expect(xss[linkText]!.title).toBe('Sale xxs link')
  })

  it('keeps info banner content only sanitised: no script, no event handler, no javascript: link', async () => {
    for (let i = 0; i < XSS_VECTORS.length; i++) {
      const id = XSS_INFO_FIRST_ID + i
      const res = await get(`/api/ext/info-banner/banner/get/${id}`)
      // a vector that sanitises to nothing leaves an empty, still active, info banner
      expect(res.statusCode, XSS_VECTORS[i]).toBe(200)
      const content = json<{ result: { content: string } }>(res).result.content.toLowerCase()
      expect(content, XSS_VECTORS[i]).not.toMatch(/<script|<style|<iframe|<svg|<object|<embed|<meta|<link|<base|<body|<input/)
      for (const tag of content.match(/<[a-z][^>]*>/g) ?? []) {
        expect(tag, XSS_VECTORS[i]).not.toMatch(/\son[a-z]+\s*=/)
        expect(tag, XSS_VECTORS[i]).not.toMatch(/(?:href|src)\s*=\s*"\s*(?:javascript|vbscript|data):/)
      }
    }
    const handler = XSS_VECTORS.indexOf('<a onmouseover="alert(document.cookie)">xxs link</a>')
    expect(json<{ result: { content: string } }>(await get(`/api/ext/info-banner/banner/get/${XSS_INFO_FIRST_ID + handler}`)).result.content).toBe(
      '<a>xxs link</a>',
    )
  })
})
