/**
 * The random draws behind a product plan that carry shop rules: the mix of product types, retail
 * prices with shop-like endings converted to source prices excluding VAT, stock levels (about
 * 8 % out of stock, 8 % low) and special-price windows in every state.
 */
import { round2 } from '../../domain/money'
import type { ProductType } from '../../domain/product.schema'
import { TaxClass } from '../../domain/tax-rule.schema'
import type { ProductKind, TaxKind } from './product-kinds'
import type { Random } from './random'

export interface StockPlan {
  qty: number
  is_in_stock: boolean
  manage_stock: boolean
}

export interface SpecialPlan {
  /** fraction taken off the price, e.g. 0.2 */
  discount: number
  from: string | null
  to: string | null
}

/** The special-price windows the generator uses, relative to the shop's fixed 2026 timeline. */
export const SPECIAL_WINDOWS = {
  active: { from: '2026-01-01T00:00:00.000Z', to: '2030-12-31T23:59:59.000Z' },
  expired: { from: '2025-01-01T00:00:00.000Z', to: '2025-12-31T23:59:59.000Z' },
  future: { from: '2031-01-01T00:00:00.000Z', to: '2031-12-31T23:59:59.000Z' },
  openEnded: { from: '2026-01-01T00:00:00.000Z', to: null },
} as const
export type WindowState = keyof typeof SPECIAL_WINDOWS
export const WINDOW_ORDER: readonly WindowState[] = ['active', 'expired', 'future', 'openEnded']

export const VAT_NL: Record<TaxKind, number> = { standard: 0.21, reduced: 0.09, none: 0 }
/** Gift cards are multi-purpose vouchers: VAT is due when they are spent, not when sold. No rule matches class 0. */
export const GIFT_CARD_TAX_CLASS = 0
export const TAX_CLASS: Record<TaxKind, number> = { standard: TaxClass.Standard, reduced: TaxClass.Reduced, none: GIFT_CARD_TAX_CLASS }

export const PRICED_TYPES: ReadonlySet<ProductType> = new Set(['simple', 'configurable', 'virtual', 'downloadable'])
const MIN_EACH_RARE_TYPE = 10

/**
 * How many products of each type: configurable ~35 %, simple ~45 %, the rest spread over the
 * rarer types with at least 10 each once the shop is big enough to hold them.
 */
export function typeCounts(total: number): Record<ProductType, number> {
  const share = { virtual: 0.05, downloadable: 0.06, grouped: 0.03, bundle: 0.03, giftcard: 0.03 } as const
  const rare = (t: keyof typeof share): number =>
    total >= 200 ? Math.max(MIN_EACH_RARE_TYPE, Math.round(total * share[t])) : Math.max(1, Math.round(total * share[t]))
  const counts = { virtual: rare('virtual'), downloadable: rare('downloadable'), grouped: rare('grouped'), bundle: rare('bundle'), giftcard: rare('giftcard') }
  const restTotal = Object.values(counts).reduce((a, b) => a + b, 0)
  const configurable = Math.round(total * 0.35)
  const simple = total - configurable - restTotal
  if (simple < 1) throw new ShopTooSmallError(`a demo shop needs at least 20 products, got ${total}`)
  return { simple, configurable, ...counts }
}

export class ShopTooSmallError extends Error {
  override name = 'ShopTooSmallError'
}

/** A retail price (incl. NL VAT) with a shop-like ending, turned into the source price excl. VAT. */
export function drawPrice(rng: Random, range: readonly [number, number], tax: TaxKind): number {
  const raw = range[0] + rng.next() * (range[1] - range[0])
  const retail = raw >= 100 ? Math.max(range[0], Math.round(raw / 10) * 10 - 1) : Math.floor(raw) + rng.pick([0.99, 0.95, 0.5])
  return round2(retail / (1 + VAT_NL[tax]))
}

export function drawStock(rng: Random): StockPlan {
  const r = rng.next()
  if (r < 0.08) return { qty: 0, is_in_stock: false, manage_stock: true }
  if (r < 0.16) return { qty: rng.int(1, 3), is_in_stock: true, manage_stock: true }
  return { qty: rng.int(5, 250), is_in_stock: true, manage_stock: true }
}

export const UNLIMITED: StockPlan = { qty: 0, is_in_stock: true, manage_stock: false }

export function pickKind(rng: Random, kinds: readonly ProductKind[]): ProductKind {
  const total = kinds.reduce((sum, k) => sum + k.weight, 0)
  let r = rng.next() * total
  for (const kind of kinds) {
    r -= kind.weight
    if (r < 0) return kind
  }
  return kinds[kinds.length - 1]!
}

export function shuffle<T>(rng: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i)
    const tmp = items[i]!
    items[i] = items[j]!
    items[j] = tmp
  }
  return items
}
