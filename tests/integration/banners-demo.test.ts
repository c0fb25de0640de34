/**
 * The demo shop's banners through the real import and answers (a small generated shop): their
 * counts in every store view, in the store view's language, links that lead to categories and
 * products the store view has, drawn pictures that answer as WebP of the slot's size and a sane
 * weight, and the info banners' status flags.
 */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { BannersAnswer, PromotedOffersFile } from '../../domain/api/banner.schema'
import { BANNER_PICTURE_SIZES } from '../../domain/banner-slots'
import { formatPrice, toCents } from '../../domain/money'
import { SHIPPING_METHODS } from '../../domain/shipping-rates'
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { categoryLink, productLink } from '../../domain/url'
import { INFO_BANNER_IDS } from '../../server/seed/content/banners'
import { PAGE_IDS } from '../../server/seed/content/types'
import { json, startGeneratedShopServer, useTestServer } from './helpers'

const server = useTestServer(() => startGeneratedShopServer(40))

async function banners(code: StoreCode): Promise<BannersAnswer> {
  const res = await server.app.inject({ method: 'GET', url: `/api/ext/banners/${code}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ result: BannersAnswer }>(res).result
}

describe('the demo shop banners', () => {
  it.each(STORE_CODES)('has three main, three small and two product banners and a head image in store view %s', async (code) => {
    const answer = await banners(code)
    expect([answer.mainBanners.length, answer.smallBanners.length, answer.productBanners.length]).toEqual([3, 3, 2])
    expect(answer.headImage).not.toBeNull()
    const file = json<PromotedOffersFile>(await server.app.inject({ method: 'GET', url: `/assets/banners/${code}_promoted_offers.json` }))
    expect(file.mainBanners.map((b) => b.title)).toEqual(answer.mainBanners.map((b) => b.title))
  })

  it('speaks each store view’s language', async () => {
    const heads = Object.fromEntries(await Promise.all(STORE_CODES.map(async (code) => [code, (await banners(code)).headImage!.title])))
    expect(heads.en).toMatch(/design/)
    expect(heads.nl).toMatch(/Nederlands en Belgisch/)
    expect(heads.be).toMatch(/Belgisch en Nederlands/)
    expect(heads.fr).toMatch(/livré chez vous/)
    const main = await Promise.all(STORE_CODES.map(async (code) => (await banners(code)).mainBanners[0]!.title))
    expect(new Set(main).size).toBe(3)
  })

  it.each(STORE_CODES)('links to categories and products store view %s has', async (code) => {
    const catalog = server.shop.catalog[code]
    const categories = new Set(catalog.categories.map((c) => categoryLink(c)))
    const products = new Set(catalog.products.map((p) => productLink({ parentSku: p.sku, slug: p.slug })))
    const answer = await banners(code)
    for (const banner of [...answer.mainBanners, ...answer.smallBanners, answer.headImage!]) expect(categories.has(banner.link), banner.link).toBe(true)
    for (const banner of answer.productBanners) {
      expect(products.has(banner.link), banner.link).toBe(true)
      expect(catalog.products.find((p) => productLink({ parentSku: p.sku, slug: p.slug }) === banner.link)!.name).toBe(banner.title)
    }
  })

  it('draws every picture as WebP of its slot’s size and a sane weight', async () => {
    const answer = await banners('en')
    for (const banner of [...answer.mainBanners, ...answer.smallBanners, ...answer.productBanners, answer.headImage!]) {
      const res = await server.app.inject({ method: 'GET', url: banner.image })
      expect(res.statusCode, banner.image).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      const meta = await sharp(res.rawPayload).metadata()
      expect({ width: meta.width, height: meta.height }, banner.image).toEqual(BANNER_PICTURE_SIZES[banner.slot])
      expect(res.rawPayload.length, banner.image).toBeGreaterThan(2_000)
      expect(res.rawPayload.length, banner.image).toBeLessThan(60_000)
    }
    expect((await server.app.inject({ method: 'GET', url: '/img/banners/unicorn/2e5aac/main.webp' })).statusCode).toBe(404)
    expect((await server.app.inject({ method: 'GET', url: '/img/banners/bike/2e5aac/huge.webp' })).statusCode).toBe(404)
  })

  it.each(STORE_CODES)('has the delivery info banner active and the free-delivery one inactive in store view %s', async (code) => {
    const ask = (verb: string, id: number) => server.app.inject({ method: 'GET', url: `/api/ext/info-banner/banner/${verb}/${id}?storeCode=${code}` })
    expect(json(await ask('check', INFO_BANNER_IDS.delivery)).result).toBe('true')
    expect(json(await ask('check', INFO_BANNER_IDS['free-delivery-code'])).result).toBe('false')
    const delivery = json<{ result: { content: string; link: string } }>(await ask('get', INFO_BANNER_IDS.delivery)).result
    const flatRate = formatPrice(toCents(SHIPPING_METHODS.find((m) => m.carrier_code === 'flatrate')!.amount), STORE_VIEWS[code].i18n)
    expect(delivery.content).toContain(flatRate)
    expect(delivery.link).toBe('/i/shipping')
    expect(Object.keys(PAGE_IDS)).toContain('shipping')
  })
})
