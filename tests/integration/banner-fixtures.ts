/**
 * Banners for the fixture shop: per store view a head image, two main banners (given out of their
 * sort order), a small one, an inactive one and a product banner, all in the store view's language;
 * info banners: one active, one inactive, one only the Dutch store view has; and, when asked, a
 * banner and an info banner per XSS vector (tests/fixtures/xss-vectors.json).
 */
import { readFileSync } from 'node:fs'
import type { Banner, InfoBanner } from '../../domain/banner.schema'
import type { StoreCode } from '../../domain/store-views'
import type { DemoShop } from '../../server/seed/demo-shop'

export const XSS_VECTORS = JSON.parse(readFileSync(new URL('../fixtures/xss-vectors.json', import.meta.url), 'utf8')) as string[]

export const HEAD_ID = 1
export const MAIN_FIRST_ID = 3
export const MAIN_SECOND_ID = 2
export const SMALL_ID = 4
export const HIDDEN_ID = 5
export const PRODUCT_ID = 6
export const XSS_BANNER_FIRST_ID = 1000

export const INFO_ACTIVE_ID = 1
export const INFO_INACTIVE_ID = 2
export const INFO_DUTCH_ONLY_ID = 3
export const XSS_INFO_FIRST_ID = 1000

export const WORDS: Record<StoreCode, { socks: string; sale: string; head: string; delivery: string }> = {
  en: { socks: 'Warm wool socks', sale: 'Summer sale', head: 'Welcome to Polder', delivery: 'Delivered in 1–2 working days' },
  nl: { socks: 'Warme wollen sokken', sale: 'Zomeruitverkoop', head: 'Welkom bij Polder', delivery: 'Binnen 1–2 werkdagen bezorgd' },
  be: { socks: 'Warme wollen sokken', sale: 'Zomersolden', head: 'Welkom bij Polder', delivery: 'Binnen 1–2 werkdagen geleverd' },
  fr: { socks: 'Chaussettes en laine', sale: 'Soldes d’été', head: 'Bienvenue chez Polder', delivery: 'Livré en 1 à 2 jours ouvrables' },
}

const picture = (slot: string) => `/img/banners/bike/2e5aac/${slot}.webp`

export function testBanners(code: StoreCode): Banner[] {
  const w = WORDS[code]
  const banner = (id: number, slot: Banner['slot'], title: string, sort: number, extra: Partial<Banner> = {}): Banner => ({
    id,
    slot,
    title,
    subtitle: `${title} (${code})`,
    image: picture(slot),
    link: '/c/socks-22',
    alt: title,
    sort_order: sort,
    active: true,
    ...extra,
  })
  return [
    banner(HEAD_ID, 'head', w.head, 0, { link: '/' }),
    banner(MAIN_SECOND_ID, 'main', w.sale, 2),
    banner(MAIN_FIRST_ID, 'main', w.socks, 1),
    banner(SMALL_ID, 'small', `${w.socks} 2`, 0, { subtitle: undefined }),
    banner(HIDDEN_ID, 'main', 'Hidden', 0, { active: false }),
    banner(PRODUCT_ID, 'product', 'Rain jacket', 0, { link: '/p/JACKET/jacket-300' }),
  ]
}

export function testInfoBanners(code: StoreCode): InfoBanner[] {
  return [
    { id: INFO_ACTIVE_ID, content: `<p><strong>${WORDS[code].delivery}</strong></p>`, link: '/i/shipping', active: true },
    { id: INFO_INACTIVE_ID, content: '<p>Closed today</p>', active: false },
    ...(code === 'nl' ? [{ id: INFO_DUTCH_ONLY_ID, content: '<p>Alleen in Nederland</p>', active: true }] : []),
  ]
}

/** A small banner per vector (the vector in its title, subtitle and alt) and an info banner per vector. */
export function xssBanners(): { banners: Banner[]; info_banners: InfoBanner[] } {
  return {
    banners: XSS_VECTORS.map((v, i) => ({
      id: XSS_BANNER_FIRST_ID + i,
      slot: 'small' as const,
      title: `Sale ${v}`,
      subtitle: `Now ${v}`,
      image: picture('small'),
      link: '/c/socks-22',
      alt: `Alt ${v}`,
      sort_order: 100 + i,
      active: true,
    })),
    info_banners: XSS_VECTORS.map((v, i) => ({ id: XSS_INFO_FIRST_ID + i, content: v, active: true })),
  }
}

/** The shop with the test banners in every store view (and the XSS ones in `en` when asked). */
export function withTestBanners(shop: DemoShop, options: { xss?: boolean; withoutBanners?: number[]; withoutInfo?: number[] } = {}): DemoShop {
  const withoutBanners = new Set(options.withoutBanners ?? [])
  const withoutInfo = new Set(options.withoutInfo ?? [])
  for (const code of Object.keys(shop.catalog) as StoreCode[]) {
    const xss = options.xss && code === 'en' ? xssBanners() : { banners: [], info_banners: [] }
    shop.catalog[code] = {
      ...shop.catalog[code],
      banners: [...testBanners(code), ...xss.banners].filter((b) => !withoutBanners.has(b.id)),
      info_banners: [...testInfoBanners(code), ...xss.info_banners].filter((b) => !withoutInfo.has(b.id)),
    }
  }
  return shop
}
