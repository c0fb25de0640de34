/**
 * The one way a written product's regular prices reach the price history (the seed and full
 * import, an import batch's product upserts and its price updates all come here): each sku's price
 * is recorded when it differs from the one in effect, then the histories of the products' skus are
 * read back so they are priced with their reference prices (domain/omnibus, domain/price).
 */
import { round2 } from '../../domain/money'
import type { PriceHistories } from '../../domain/omnibus'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import type { Repositories } from '../storage'

/** A product's own regular price and its configurable children's, by sku. */
function regularPricesOf(p: Product): { sku: string; price: number }[] {
  const priceOf = (x: Product | ConfigurableChild) => ({ sku: x.sku, price: round2(x.price) })
  return [priceOf(p), ...(p.configurable_children ?? []).map(priceOf)]
}

/**
 * Records the products' regular prices as of `nowIso` where they changed and answers the histories
 * of their skus in the store view. The products carry their source prices (a stored product's
 * `price` is its imported price too).
 */
export async function recordPriceHistories(repos: Repositories, storeCode: string, products: readonly Product[], nowIso: string): Promise<PriceHistories> {
  const prices = products.flatMap(regularPricesOf)
  await repos.priceHistory.recordChanges(storeCode, prices, nowIso)
  return repos.priceHistory.historiesOf(
    storeCode,
    prices.map((p) => p.sku),
  )
}
