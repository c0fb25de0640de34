/**
 * Recently viewed products: one small record in the `session` collection, newest first, at most
 * RECENTLY_VIEWED_LIMIT entries of (sku, viewed_at).
 *
 * Why not productDetails' lastViewedAt order: in kiosk mode product pages are read from
 * the stored products' `full` and never reach productDetails, the byte quota evicts pages the shopper did view,
 * and the compare page fills productDetails with products nobody opened. Why not a collection of
 * its own: cms, urls and orders still have to fit under the 12-collection budget (free RxDB opens
 * at most 13 per realm), and 20 short entries fit one document.
 */
import type { PolderDatabase } from '../db/database'
import { modifySessionRecord } from '../db/session-records'

export const RECENTLY_VIEWED_ID = 'recentlyViewed'
export const RECENTLY_VIEWED_LIMIT = 20

export interface ProductViewEntry {
  sku: string
  viewed_at: number
}

/** The record's stored value as entries (none yet, or a shape not understood: none). */
export function toRecentlyViewed(value: Record<string, unknown> | undefined): ProductViewEntry[] {
  const entries = value?.entries
  if (!Array.isArray(entries)) return []
  return entries.filter(
    (e): e is ProductViewEntry =>
      typeof e === 'object' && e !== null && typeof (e as ProductViewEntry).sku === 'string' && typeof (e as ProductViewEntry).viewed_at === 'number',
  )
}

/** The view moves the sku to the front; the oldest fall off past the limit. */
export async function recordProductView(db: PolderDatabase, sku: string, viewedAt: number): Promise<void> {
  // changed on the stored record, so quick successive views (and other tabs' views) are all kept
  await modifySessionRecord(db, RECENTLY_VIEWED_ID, (value) => {
    const current = toRecentlyViewed(value)
    return { entries: [{ sku, viewed_at: viewedAt }, ...current.filter((e) => e.sku !== sku)].slice(0, RECENTLY_VIEWED_LIMIT) }
  })
}
