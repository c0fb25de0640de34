import type { LaterPart } from '../sections'

/**
 * The Dutch later words' parts (locales/sections.ts LATER_PARTS), each a chunk loaded when a page
 * shows its words (src/dictionary.ts). A chunk of its own, fetched with the first later words.
 */
const parts: Record<LaterPart, () => Promise<{ default: object }>> = {
  account: () => import('./later-account.js'),
  cart: () => import('./later-cart.js'),
  totals: () => import('./later-totals.js'),
  checkout: () => import('./later-checkout.js'),
  orders: () => import('./later-orders.js'),
  status: () => import('./later-status.js'),
  privacy: () => import('./later-privacy.js'),
  blog: () => import('./later-blog.js'),
  stock: () => import('./later-stock.js'),
  reviews: () => import('./later-reviews.js'),
  consent: () => import('./later-consent.js'),
  returns: () => import('./later-returns.js'),
  kiosk: () => import('./later-kiosk.js'),
}

export default parts
