/**
 * Honest sale prices (EU Omnibus directive, Art. 6a of 98/6/EC): where a price reduction is shown,
 * the prior price is the lowest price of the 30 days before the reduction started. The history is
 * the imported prices of one sku in one store view (the regular price and the special price, with
 * the moment that pair took effect); a pair stays in effect until the next one. A reduction is shown
 * struck through only when that reference is above what the shopper pays: a price raised just
 * before a sale backs no discount.
 *
 * Pure, and deliberately without a clock: the reference is a function of the history and the sale's
 * own dates only, so writing the same product again gives the same document (a repeated import
 * stays a no-op and replication does not churn).
 */
import { parseBound } from './date-bound'

/** A regular price (excluding tax, as imported), the special price beside it, and the moment they took effect. */
export interface PricePoint {
  price: number
  /** the special price as imported, whether its window applies or not; null or left out: none */
  special_price?: number | null
  /** ISO date-time */
  valid_from: string
}

/** The price histories of a store view's skus (a product's own and its configurable children's). */
export type PriceHistories = ReadonlyMap<string, readonly PricePoint[]>

export const REFERENCE_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The lowest price in effect at any moment of the REFERENCE_DAYS before `reductionStart`
 * (the window [start − 30 days, start)): the price in effect when the window opened and every price
 * that took effect inside it. A price that took effect at the start itself is the reduction's
 * moment, not before it. Null when no price was in effect before the start: a history that does not
 * reach the reduction backs no reference. A history shorter than the window counts from its first
 * price (a product on sale for fewer than 30 days).
 */
export function referencePrice(history: readonly PricePoint[], reductionStart: Date): number | null {
  const start = reductionStart.getTime()
  if (Number.isNaN(start)) return null
  const windowStart = start - REFERENCE_DAYS * DAY_MS
  const before = history
    .map((p) => ({ price: p.price, at: Date.parse(p.valid_from) }))
    .filter((p) => !Number.isNaN(p.at) && p.at < start && Number.isFinite(p.price))
    .sort((a, b) => a.at - b.at)
  if (before.length === 0) return null
  // the last price that took effect at or before the window opened is in effect when it opens
  let firstInWindow = 0
  for (let i = 0; i < before.length; i++) if (before[i]!.at <= windowStart) firstInWindow = i
  let lowest = Infinity
  for (let i = firstInWindow; i < before.length; i++) lowest = Math.min(lowest, before[i]!.price)
  return lowest
}

/** Prices compared as stored: to the cent. */
function sameAmount(a: number | null | undefined, b: number | null | undefined): boolean {
  const cents = (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(n) ? null : Math.round(n * 100))
  return cents(a) === cents(b)
}

/**
 * When the reduction started: its from-date (a date-only bound starts at 00:00 UTC); without one,
 * the moment its special price was first recorded, that is the first point of the history's last
 * run of points carrying this special price (a regular price changed during the sale keeps its
 * start). Null when the from-date cannot be read or the history does not carry this special price
 * (nothing tells when it started, so nothing backs a reference).
 */
export function reductionStartOf(
  specialFromDate: string | null | undefined,
  specialPrice: number | null | undefined,
  history: readonly PricePoint[],
): Date | null {
  const from = parseBound(specialFromDate, false)
  if (from === 'invalid') return null
  if (from !== null) return new Date(from)
  const points = history
    .map((p) => ({ special: p.special_price, at: Date.parse(p.valid_from) }))
    .filter((p) => !Number.isNaN(p.at))
    .sort((a, b) => a.at - b.at)
  let first: number | null = null
  for (let i = points.length - 1; i >= 0 && sameAmount(points[i]!.special, specialPrice); i--) first = points[i]!.at
  return first === null ? null : new Date(first)
}

/**
 * Whether a price may be shown struck through above what the shopper pays: only the reference
 * price, and only when it is above the final price. Documents without a reference (no reduction,
 * a history that does not back it, a back end that does not send one) show no old price.
 */
export function isReductionBacked(prices: { omnibus_price_incl_tax?: number | null; final_price_incl_tax?: number | null }): boolean {
  const reference = prices.omnibus_price_incl_tax
  const final = prices.final_price_incl_tax
  return typeof reference === 'number' && typeof final === 'number' && reference > final
}
