/**
 * The one way a written product's prices reach the price history (the seed and full import, an
 * import batch's product upserts and its price updates all come here): each sku's regular and
 * special price are recorded when they differ from the pair in effect, then the histories of the
 * products' skus are read back so they are priced with their reference prices (domain/omnibus,
 * domain/price). Writing the same prices again records nothing, so the references stay as they were.
 */
import { round2 } from '../../domain/money'
import type { PriceHistories } from '../../domain/omnibus'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import type { Repositories } from '../storage'

/**
 * The imported prices of the skus a product is priced from, by sku: its own, or, for a configurable
 * with children, its children's (it shows its cheapest child's prices; a stored parent's own price
 * is that child's, so recording it would record a price nobody imported). The product carries
 * its source prices (a stored one goes through domain/price sourceOfStored first).
 */
function sourcePricesOf(p: Product): { sku: string; price: number; special_price: number | null }[] {
  const priceOf = (x: Product | ConfigurableChild) => {
    const special = x.special_price
    return { sku: x.sku, price: round2(x.price), special_price: typeof special === 'number' && Number.isFinite(special) ? round2(special) : null }
  }
  const children = p.configurable_children ?? []
  return p.type_id === 'configurable' && children.length > 0 ? children.map(priceOf) : [priceOf(p)]
}

/**
 * Records the products' prices as of `nowIso` where they changed and answers the histories
 * of their skus in the store view. The products carry their source prices, as imported.
 */
export async function recordPriceHistories(repos: Repositories, storeCode: string, products: readonly Product[], nowIso: string): Promise<PriceHistories> {
  const prices = products.flatMap(sourcePricesOf)
  await repos.priceHistory.recordChanges(storeCode, prices, nowIso)
  return repos.priceHistory.historiesOf(
    storeCode,
    prices.map((p) => p.sku),
  )
}
