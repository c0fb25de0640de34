/**
 * The demo shop's price history: for each sale product (and its configurable children), the regular
 * price on the seed's fixed timeline before its special price started, so the demo shows real
 * Omnibus reference prices (domain/omnibus). Every third sale product had its price raised ten days
 * before the sale, from the sale price itself: the lowest price of the 30 days before the sale is
 * then no higher than the sale price, and the shop shows no struck-through price for it.
 */
import { round2 } from '../../domain/money'
import type { PriceHistoryEntry } from '../../domain/price-history.schema'
import type { ProductPlan } from './product-plan'

const DAY_MS = 24 * 60 * 60 * 1000
/** how long before the sale the regular price took effect */
export const HISTORY_DAYS = 60
/** how long before the sale an unbacked sale product's price was raised */
export const RAISED_DAYS = 10

/** Whether the n-th sale product's (from 0) sale is backed by its history (see above). */
export function isBackedSale(saleIndex: number): boolean {
  return saleIndex % 3 !== 2
}

export function demoPriceHistory(plans: readonly ProductPlan[]): PriceHistoryEntry[] {
  const entries: PriceHistoryEntry[] = []
  let saleIndex = 0
  for (const plan of plans) {
    const special = plan.special
    if (!special?.from) continue
    const start = Date.parse(special.from)
    const at = (days: number) => new Date(start - days * DAY_MS).toISOString()
    const backed = isBackedSale(saleIndex++)
    for (const { sku, price } of [{ sku: plan.sku, price: plan.price }, ...(plan.children ?? [])]) {
      if (backed) {
        entries.push({ sku, price, valid_from: at(HISTORY_DAYS) })
      } else {
        entries.push({ sku, price: round2(price * (1 - special.discount)), valid_from: at(HISTORY_DAYS) })
        entries.push({ sku, price, valid_from: at(RAISED_DAYS) })
      }
    }
  }
  return entries
}
