/**
 * An import batch's price and stock updates: a few fields of a product (or of one configurable
 * child) by sku. The stored product is taken back to its imported prices (repriceStoredProduct),
 * the fields are set, and the product is priced and written again exactly as a seed import of the
 * changed record would write its product row (import-kinds writeProductRows): listings, search,
 * facets and the category price filters see the new price, and the stream carries the new document.
 * Stock rows are written for the stock updates' skus alone: the stock table is the live count that
 * orders take from, and a price update must leave it as sales left it.
 */
import type { PriceUpdate, StockUpdate } from '../../domain/api/catalog-import.schema'
import { repriceStoredProduct, sourceOfStored } from '../../domain/price'
import { ProductSchema, type ConfigurableChild, type Product } from '../../domain/product.schema'
import { STORE_VIEWS } from '../../domain/store-views'
import { ImportBatchError } from './import-batch-error'
import { stockRowsOf } from './catalog-import'
import type { BatchContext, WriteCounts } from './import-context'
import { writeProductRows } from './import-kinds'
import { recordPriceHistories } from './price-history'

/** Where a sku lives in a stored product: the product itself, or one of its children. */
function targetOf(product: Product, sku: string): Product | ConfigurableChild | undefined {
  return product.sku === sku ? product : product.configurable_children?.find((c) => c.sku === sku)
}

function setPrices(target: Product | ConfigurableChild, update: PriceUpdate): void {
  if (update.price !== undefined) target.price = update.price
  // the imported special price: repriceStoredProduct reads it back from original_special_price
  if (update.special_price !== undefined) {
    target.special_price = update.special_price
    target.original_special_price = update.special_price
  }
  if (update.special_from_date !== undefined) target.special_from_date = update.special_from_date
  if (update.special_to_date !== undefined) target.special_to_date = update.special_to_date
}

function setStock(target: Product | ConfigurableChild, update: StockUpdate): void {
  target.stock = {
    ...target.stock,
    ...(update.qty !== undefined ? { qty: update.qty } : {}),
    ...(update.is_in_stock !== undefined ? { is_in_stock: update.is_in_stock } : {}),
  }
}

/** Applies the store view's price and stock updates; a sku no live product has is refused (the batch is rolled back). */
export async function applyPatches(
  ctx: BatchContext,
  prices: readonly PriceUpdate[],
  stock: readonly StockUpdate[],
): Promise<{ prices: WriteCounts; stock: WriteCounts }> {
  const none = { prices: { upserted: 0, unchanged: 0 }, stock: { upserted: 0, unchanged: 0 } }
  if (prices.length === 0 && stock.length === 0) return none
  const skus = [...new Set([...prices, ...stock].map((u) => u.sku))]
  const stored = (await ctx.repos.products.findBySkus(ctx.storeCode, skus)) as unknown as Product[]
  // as findBySku picks: a product's own sku before a child's, then the lowest id
  const byOwnSku = new Map<string, Product>()
  const byChildSku = new Map<string, Product>()
  for (const product of [...stored].sort((a, b) => a.id - b.id)) {
    if (!byOwnSku.has(product.sku)) byOwnSku.set(product.sku, product)
    for (const child of product.configurable_children ?? []) if (!byChildSku.has(child.sku)) byChildSku.set(child.sku, product)
  }

  const changed = new Map<number, Product>()
  const before = new Map<number, Product>()
  const edit = (list: 'prices' | 'stock', index: number, sku: string, apply: (target: Product | ConfigurableChild) => void): number => {
    const product = byOwnSku.get(sku) ?? byChildSku.get(sku)
    if (!product)
      throw new ImportBatchError(`storeViews.${ctx.storeCode}.${list}[${index}] (sku "${sku}"): sku: no product or configurable child with this sku`)
    before.set(product.id, product)
    const copy = changed.get(product.id) ?? structuredClone(product)
    changed.set(product.id, copy)
    apply(targetOf(copy, sku)!)
    return product.id
  }
  const priceOwners = prices.map((u, i) => edit('prices', i, u.sku, (t) => setPrices(t, u)))
  const stockOwners = stock.map((u, i) => edit('stock', i, u.sku, (t) => setStock(t, u)))

  const country = STORE_VIEWS[ctx.storeCode].tax.defaultCountry
  const updated = [...changed.values()].map((p) => {
    const parsed = ProductSchema.safeParse(p)
    if (!parsed.success)
      throw new ImportBatchError(`storeViews.${ctx.storeCode}: sku "${p.sku}": the updated product is not valid: ${parsed.error.issues[0]?.message}`)
    return parsed.data
  })
  const histories = await recordPriceHistories(ctx.repos, ctx.storeCode, updated.map(sourceOfStored), ctx.nowIso)
  const priced = updated.map((p) => repriceStoredProduct(p, ctx.taxRules, country, ctx.now, histories))
  const written = new Set((await writeProductRows(ctx, priced, before)).map((row) => Number(row.id)))
  // an updated sku's stock row is written even where an upsert of this batch wrote it before
  const stockSkus = new Set(stock.map((u) => u.sku))
  const stockRows = priced.flatMap((p) => stockRowsOf(p, ctx.nowIso)).filter((row) => stockSkus.has(row.sku))
  for (const row of stockRows) ctx.stockSkus.add(row.sku)
  await ctx.repos.stock.upsertMany(stockRows)
  const tally = (owners: number[]): WriteCounts => {
    const upserted = owners.filter((id) => written.has(id)).length
    return { upserted, unchanged: owners.length - upserted }
  }
  return { prices: tally(priceOwners), stock: tally(stockOwners) }
}
