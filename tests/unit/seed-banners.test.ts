/**
 * The demo shop's banners: the same set in every store view, records their schemas keep as
 * written (French narrow no-break spaces included), info banner HTML the sanitiser keeps, pictures
 * drawn at their slot's size, and the choice of the product banners' products.
 */
import { describe, expect, it } from 'vitest'
import { BANNER_PICTURE_SIZES } from '../../domain/banner-slots'
import { BannerSchema, InfoBannerSchema } from '../../domain/banner.schema'
import { STORE_CODES } from '../../domain/store-views'
import { renderBannerPicture } from '../../server/seed/banner-pictures'
import { featuredProducts } from '../../server/seed/content/banners'
import { generateDemoShop } from '../../server/seed/generate'
import { sanitiseHtml } from '../../server/services/html-sanitiser'

const shop = generateDemoShop({ products: 60 })

describe('the demo shop banners', () => {
  it('has the same banners and info banners in every store view', () => {
    const shape = (code: (typeof STORE_CODES)[number]) => ({
      banners: shop.catalog[code].banners!.map((b) => [b.id, b.slot, b.image, b.sort_order]),
      info: shop.catalog[code].info_banners!.map((b) => [b.id, b.active]),
    })
    for (const code of STORE_CODES) expect(shape(code)).toEqual(shape('en'))
    const slots = shop.catalog.en.banners!.map((b) => b.slot)
    expect(['main', 'small', 'product', 'head'].map((slot) => slots.filter((s) => s === slot).length)).toEqual([3, 3, 2, 1])
    expect(shape('en').info).toEqual([
      [1, true],
      [2, false],
    ])
  })

  it.each(STORE_CODES)('keeps every record of store view %s as written through its schema and the sanitiser', (code) => {
    for (const banner of shop.catalog[code].banners!) expect(BannerSchema.parse(banner)).toEqual(banner)
    for (const info of shop.catalog[code].info_banners!) {
      expect(InfoBannerSchema.parse(info)).toEqual(info)
      expect(sanitiseHtml(info.content)).toBe(info.content)
    }
  })

  it('writes a narrow no-break space before : ; ? ! in French, and none in the other languages', () => {
    const texts = (code: (typeof STORE_CODES)[number]) => [
      ...shop.catalog[code].banners!.flatMap((b) => [b.title, b.subtitle ?? '', b.alt]),
      ...shop.catalog[code].info_banners!.map((b) => b.content.replace(/<[^>]*>/g, ' ')),
    ]
    const french = texts('fr').join('\n')
    expect(french).not.toMatch(/[ \u00a0][:;?!]/)
    expect(french).toMatch(/\u202f\?/)
    for (const code of ['en', 'nl', 'be'] as const) expect(texts(code).join('\n')).not.toMatch(/\u202f/)
  })

  it('draws every picture at its slot’s size', () => {
    for (const banner of shop.catalog.en.banners!) {
      const picture = renderBannerPicture(banner.image)
      expect(picture, banner.image).not.toBeNull()
      expect({ width: picture!.width, height: picture!.height }).toEqual(BANNER_PICTURE_SIZES[banner.slot])
      expect(picture!.svg).not.toMatch(/<script|<text|on[a-z]+=/i)
    }
    expect(renderBannerPicture('/img/banners/bike/2e5aac/side.webp')).toBeNull()
    expect(renderBannerPicture('/img/banners/unicorn/2e5aac/main.webp')).toBeNull()
    expect(renderBannerPicture('/img/banners/bike/2e5aac/main.webp')!.svg).toBe(renderBannerPicture('/img/banners/bike/2e5aac/main.webp')!.svg)
  })
})

describe('featuredProducts', () => {
  const product = (
    id: number,
    topId: number,
    picture: string,
    extra: Partial<{ status: number; visibility: number; type: string; inStock: boolean }> = {},
  ) => ({
    id,
    topId,
    picture,
    status: extra.status ?? 1,
    visibility: extra.visibility ?? 4,
    type: extra.type ?? 'simple',
    stock: { is_in_stock: extra.inStock ?? true },
  })

  it('prefers the featured kinds, one product per top category', () => {
    const chosen = featuredProducts([product(1, 3, 'mug'), product(2, 3, 'bike'), product(3, 3, 'bike'), product(4, 6, 'cheese'), product(5, 7, 'coffee')])
    expect(chosen.map((p) => p.id)).toEqual([2, 4])
  })

  it('leaves out what cannot be bought or listed, and falls back to the first that can', () => {
    const chosen = featuredProducts([
      product(1, 3, 'bike', { status: 2 }),
      product(2, 4, 'cheese', { inStock: false }),
      product(3, 5, 'lamp', { visibility: 1 }),
      product(4, 6, 'jacket', { type: 'bundle' }),
      product(5, 7, 'book'),
      product(6, 7, 'book'),
      product(7, 8, 'ticket'),
    ])
    expect(chosen.map((p) => p.id)).toEqual([5, 7])
  })
})
