/**
 * Price fields per store view (contract §3.6 "after API tax processing"): source prices exclude
 * tax; a special price counts only inside its date window and only when below the original price;
 * a configurable parent shows its cheapest child's price. Amounts are decimals rounded to cents.
 * Pure: the caller passes the rate and the clock.
 */
import type { ConfigurableChild, Product } from './product.schema'
import type { TaxRule } from './tax-rule.schema'
import { addTax, taxRateFor } from './tax'

export interface PriceSource {
  price: number
  special_price?: number | null
  special_from_date?: string | null
  special_to_date?: string | null
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
}

/**
 * A date-only bound ("2026-03-01") covers that whole day (UTC); a missing or empty bound is
 * open. An unreadable bound closes the window: better the regular price than a wrong discount.
 */
function parseBound(value: string | null | undefined, end: boolean): number | null | 'invalid' {
  if (value === null || value === undefined || value.trim() === '') return null
  const v = value.trim()
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(v)
  const iso = dateOnly ? `${v}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : /[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v.replace(' ', 'T') : `${v.replace(' ', 'T')}Z`
  const t = Date.parse(iso)
  return Number.isNaN(t) ? 'invalid' : t
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

export function computePriceFields(source: PriceSource, ratePercent: number, now: Date): PriceFields {
  const round = (n: number) => Math.round(n * 100) / 100
  const price = round(source.price)
  const priceIncl = addTax(price, ratePercent)
  const active = isSpecialPriceActive(source, now)
  const special = active ? round(source.special_price as number) : null
  const specialIncl = special === null ? null : addTax(special, ratePercent)
  const finalPrice = special ?? price
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
  }
}

/**
 * The product with its price fields (and every configurable child's) computed for `country`.
 * A configurable parent takes the fields of its cheapest enabled child (by final price incl. tax).
 */
export function priceProduct(product: Product, rules: readonly TaxRule[], country: string, now: Date): Product {
  const fieldsOf = (p: PriceSource & { tax_class_id: number }) => computePriceFields(p, taxRateFor(rules, p.tax_class_id, country), now)
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

/**
 * A stored product priced again for `country` at `now`: its price fields (and its children's) as
 * computed from the imported prices, so a special price's window and the country's VAT are today's.
 */
export function repriceStoredProduct(stored: Product, rules: readonly TaxRule[], country: string, now: Date): Product {
  const source: Product = {
    ...sourcePrices(stored),
    ...(stored.configurable_children ? { configurable_children: stored.configurable_children.map(sourcePrices) } : {}),
  }
  return priceProduct(source, rules, country, now)
}
