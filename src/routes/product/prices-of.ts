import { toCents, type Cents } from '../../../domain/money'
import { isReductionBacked } from '../../../domain/omnibus'
import type { ConfigurableChild, Product } from '../../../domain/product.schema'

/**
 * What the shopper pays now and the reduction's reference price, incl. tax, in cents (from a wire
 * document): the reference only when the price history backs the reduction (domain/omnibus). Only
 * product pages read wire prices (lists get the worker's list items, already checked), so this and
 * the rule stay out of the catalogue's code.
 */
export function pricesOf(item: Pick<Product, 'price' | 'price_incl_tax' | 'final_price_incl_tax' | 'omnibus_price_incl_tax'> | ConfigurableChild): {
  final: Cents
  reference: Cents | null
} {
  const final = toCents(item.final_price_incl_tax ?? item.price_incl_tax ?? item.price)
  return { final, reference: isReductionBacked(item) ? toCents(item.omnibus_price_incl_tax as number) : null }
}
