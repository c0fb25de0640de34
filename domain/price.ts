/**
 * Price fields per store view (contract §3.6 "after API tax processing"): source prices exclude
 * tax; a special price counts only inside its date window and only when below the original price;
 * a configurable parent shows its cheapest child's price. Amounts are decimals rounded to cents.
 * Pure: the caller passes the rate and the clock.
 */
import type { ConfigurableChild, Product } from './product.schema'
import type { TaxRule } from './tax-rule.schema'
import { parseBound } from './date-bound'
import { reductionStartOf, referencePrice, type PriceHistories, type PricePoint } from './omnibus'
import { addTax, taxRateFor } from './tax'

export interface PriceSource {
  price: number
  special_price?: number | null
  special_from_date?: string | null
  special_to_date?: string | null
  /** the reference price computed when the product was written (domain/omnibus) */
  omnibus_price?: number | null
}

export interface PriceFields {
  price: number
  price_incl_tax: number
  price_tax: number
  regular_price: number
  original_price: number
  original_price_incl_tax: number
  /** the special price when it applies, else null */
  special_price: number | null
  special_price_incl_tax: number | null
  /** the source special price, whether it applies or not */
  original_special_price: number | null
  /** what the shopper pays, excluding and including tax */
  final_price: number
  final_price_incl_tax: number
  original_final_price: number
  /**
   * while a special price applies: the lowest regular price of the 30 days before it started
   * (domain/omnibus), excluding and including tax; null without a reduction or a history to back it
   */
  omnibus_price: number | null
  omnibus_price_incl_tax: number | null
}

export function isSpecialPriceActive(source: PriceSource, now: Date): boolean {
  const special = source.special_price
  if (special === null || special === undefined || !(special >= 0)) return false
  if (!(special < source.price)) return false
  const from = parseBound(source.special_from_date, false)
  const to = parseBound(source.special_to_date, true)
  if (from === 'invalid' || to === 'invalid') return false
  const t = now.getTime()
  return (from === null || t >= from) && (to === null || t <= to)
}

/**
 * `reference`: the lowest regular price before the reduction (domain/omnibus referencePrice), or
 * null when the history does not reach it; it is shown only while the special price applies.
 */
export function computePriceFields(source: PriceSource, ratePercent: number, now: Date, reference: number | null = null): PriceFields {
  const round = (n: number) => Math.round(n * 100) / 100
  const price = round(source.price)
  const priceIncl = addTax(price, ratePercent)
  const active = isSpecialPriceActive(source, now)
  const special = active ? round(source.special_price as number) : null
  const specialIncl = special === null ? null : addTax(special, ratePercent)
  const finalPrice = special ?? price
  const omnibus = special !== null && reference !== null ? round(reference) : null
  return {
    price,
    price_incl_tax: priceIncl,
    price_tax: round(priceIncl - price),
    regular_price: price,
    original_price: price,
    original_price_incl_tax: priceIncl,
    special_price: special,
    special_price_incl_tax: specialIncl,
    original_special_price: source.special_price ?? null,
    final_price: finalPrice,
    final_price_incl_tax: specialIncl ?? priceIncl,
    original_final_price: price,
    omnibus_price: omnibus,
    omnibus_price_incl_tax: omnibus === null ? null : addTax(omnibus, ratePercent),
  }
}

/**
 * The reference price of one sku's prices: from its history when one is given (the product is being
 * written), else the one computed when it was written (a stored product priced again). Only the
 * history and the sale's own dates count, never the clock: the same product written twice gets the
 * same reference.
 */
function referenceOf(source: PriceSource & { sku: string }, histories: PriceHistories | undefined): number | null {
  if (!histories) return source.omnibus_price ?? null
  const history: readonly PricePoint[] = histories.get(source.sku) ?? []
  const start = reductionStartOf(source.special_from_date, source.special_price, history)
  return start === null ? null : referencePrice(history, start)
}

/**
 * The product with its price fields (and every configurable child's) computed for `country`.
 * A configurable parent takes the fields of its cheapest enabled child (by final price incl. tax).
 * `histories`: the price histories of the store view's skus, when the product is written.
 */
export function priceProduct(product: Product, rules: readonly TaxRule[], country: string, now: Date, histories?: PriceHistories): Product {
  const fieldsOf = (p: PriceSource & { sku: string; tax_class_id: number }) =>
    computePriceFields(p, taxRateFor(rules, p.tax_class_id, country), now, referenceOf(p, histories))
  const children: ConfigurableChild[] | undefined = product.configurable_children?.map((c) => ({ ...c, ...fieldsOf(c) }))
  const own = fieldsOf(product)
  if (product.type_id !== 'configurable' || !children || children.length === 0) {
    return { ...product, ...own, ...(children ? { configurable_children: children } : {}) }
  }
  const enabled = children.filter((c) => c.status === 1)
  const candidates = enabled.length > 0 ? enabled : children
  let cheapest = candidates[0]!
  for (const c of candidates) if ((c.final_price_incl_tax ?? Infinity) < (cheapest.final_price_incl_tax ?? Infinity)) cheapest = c
  const fromChild = fieldsOf(cheapest)
  return {
    ...product,
    ...fromChild,
    special_from_date: cheapest.special_from_date ?? null,
    special_to_date: cheapest.special_to_date ?? null,
    configurable_children: children,
  }
}

/** A stored (already priced) product back to its source price fields: the special price as imported. */
function sourcePrices<T extends Product | ConfigurableChild>(p: T): T {
  return { ...p, special_price: p.original_special_price !== undefined ? p.original_special_price : p.special_price }
}

/** A stored (priced) product back to its source prices, its children's too: what was imported. */
export function sourceOfStored(stored: Product): Product {
  return {
    ...sourcePrices(stored),
    ...(stored.configurable_children ? { configurable_children: stored.configurable_children.map(sourcePrices) } : {}),
  }
}

/**
 * A stored product priced again for `country` at `now`: its price fields (and its children's) as
 * computed from the imported prices, so a special price's window and the country's VAT are today's.
 * Without `histories` the reference prices computed when it was written stay.
 */
export function repriceStoredProduct(stored: Product, rules: readonly TaxRule[], country: string, now: Date, histories?: PriceHistories): Product {
  return priceProduct(sourceOfStored(stored), rules, country, now, histories)
}
