/**
 * The banner records' rules: plain-text fields lose their markup, links and pictures are paths
 * inside the shop (both rules are tested in plain-text.test.ts), and a fixture file's banners are
 * checked with the rest of the file (schema, duplicate ids).
 */
import { describe, expect, it } from 'vitest'
import { BannerSchema, InfoBannerSchema } from '../../domain/banner.schema'
import { validateFixtures } from '../../server/seed/fixtures'

const banner = { id: 1, slot: 'main', title: 'Ride the polder', image: '/img/banners/bike/2e5aac/main.webp', link: '/c/bikes-5', alt: 'A bicycle' }

describe('BannerSchema and InfoBannerSchema', () => {
  it('parses a banner with its defaults, its words made plain', () => {
    expect(BannerSchema.parse({ ...banner, title: '<em>Ride</em> the polder' })).toEqual({ ...banner, sort_order: 0, active: true })
  })

  it('refuses a title that is nothing but markup, an unknown slot and a link to elsewhere', () => {
    expect(BannerSchema.safeParse({ ...banner, title: '<script>alert(1)</script>' }).success).toBe(false)
    expect(BannerSchema.safeParse({ ...banner, slot: 'side' }).success).toBe(false)
    expect(BannerSchema.safeParse({ ...banner, link: 'javascript:alert(1)' }).success).toBe(false)
    expect(BannerSchema.safeParse({ ...banner, image: '//cdn.evil.example/x.png' }).success).toBe(false)
  })

  it('lets an alt text be empty (a picture that only decorates) but not left out', () => {
    expect(BannerSchema.parse({ ...banner, alt: '' }).alt).toBe('')
    const { alt: _alt, ...withoutAlt } = banner
    expect(BannerSchema.safeParse(withoutAlt).success).toBe(false)
  })

  it('takes an info banner with HTML content and an optional shop link', () => {
    expect(InfoBannerSchema.parse({ id: 1, content: '<p>Closed</p>' })).toEqual({ id: 1, content: '<p>Closed</p>', active: true })
    expect(InfoBannerSchema.safeParse({ id: 1, content: '<p>x</p>', link: 'https://evil.example' }).success).toBe(false)
    expect(InfoBannerSchema.safeParse({ id: 1, content: '' }).success).toBe(false)
  })
})

describe('banners in a fixture file', () => {
  const product = {
    id: 1,
    sku: 'BIKE-1',
    name: 'City bike',
    type_id: 'simple',
    status: 1,
    visibility: 4,
    url_key: 'city-bike-1',
    url_path: 'city-bike-1.html',
    slug: 'city-bike-1',
    price: 495.04,
    category_ids: [],
    category: [],
    stock: { qty: 5, is_in_stock: true, manage_stock: true },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  }

  it('reads banners and info banners of a store view', () => {
    const shop = validateFixtures({ catalog: { en: { products: [product], banners: [banner], info_banners: [{ id: 1, content: '<p>Hi</p>' }] } } }, 'shop.json')
    expect(shop.catalog.en.banners).toEqual([{ ...banner, sort_order: 0, active: true }])
    expect(shop.catalog.fr.info_banners).toEqual([{ id: 1, content: '<p>Hi</p>', active: true }])
  })

  it('names the store view, index, id and field of a bad banner, and a duplicate id', () => {
    expect(() =>
      validateFixtures(
        { catalog: { en: { products: [product], banners: [banner, { ...banner, slot: 'small' }, { ...banner, id: 2, link: 'javascript:alert(1)' }] } } },
        'shop.json',
      ),
    ).toThrow(/shop\.json: catalog\.en\.banners\[2\] \(id 2\): link: [\s\S]*catalog\.en\.banners\[1\] \(id 1\): id: duplicate id in banners/)
  })
})
