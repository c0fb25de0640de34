/**
 * What one language writes for the demo shop's pages, footer blocks and home-page block. The identifiers and ids are
 * fixed in index.ts, so every store view has the same set and a language can only supply text.
 */
import { formatPrice, toCents } from '../../../domain/money'
import { SHIPPING_METHODS } from '../../../domain/shipping-rates'
import { STORE_VIEWS, type StoreCode } from '../../../domain/store-views'

export const PAGE_IDS = {
  'about-us': 1,
  contact: 2,
  imprint: 3,
  'terms-and-conditions': 4,
  'privacy-policy': 5,
  'cookie-policy': 6,
  shipping: 7,
  returns: 8,
  faq: 9,
} as const
export type PageKey = keyof typeof PAGE_IDS

export const BLOCK_IDS = {
  'footer-customer-service': 1,
  'footer-legal': 2,
  'footer-about': 3,
  'home-intro': 4,
} as const
export type BlockKey = keyof typeof BLOCK_IDS

export interface PageText {
  title: string
  meta_title: string
  meta_description: string
  content: string
}

export interface BlockText {
  title: string
  content: string
}

/** The store view a text is written for: its link prefix, and whether it is the Belgian one. */
export interface ContentContext {
  store: StoreCode
  /** a site-relative link to one of the store view's own pages */
  page: (identifier: PageKey) => string
  /** the flat rate's price as the store view writes prices (domain/shipping-rates: the shop's one rate) */
  flatRate: string
}

const FLAT_RATE = SHIPPING_METHODS.find((m) => m.carrier_code === 'flatrate')!.amount

export function contextFor(store: StoreCode): ContentContext {
  return { store, page: (identifier) => `/${store}/i/${identifier}`, flatRate: formatPrice(toCents(FLAT_RATE), STORE_VIEWS[store].i18n) }
}
