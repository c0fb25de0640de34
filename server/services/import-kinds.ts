/**
 * How an import batch writes each kind of record (domain/api/catalog-import.schema
 * IMPORT_RECORD_KINDS): one writer per kind, upserts and deletions, all inside the batch's
 * transaction. A new kind is one entry in IMPORT_KIND_WRITERS (the content kinds' writers are in
 * import-content-kinds).
 *
 * What must stay true: a record written here is stored exactly as the seed import stores it (the
 * same row builders: toProductRow, stockRowsOf, the content's (import-content-kinds), the url rewrite deriver, the listing rule
 * for category counts), so a shop fed by batches answers as one imported whole. An unchanged record
 * keeps its row and timestamp (the repositories compare documents without updated_at), so a
 * repeated batch writes nothing and replication does not churn.
 */
import { isListable } from '../../domain/listing'
import type { ImportRecordKind } from '../../domain/api/catalog-import.schema'
import type { Category } from '../../domain/category.schema'
import { priceProduct } from '../../domain/price'
import type { Product } from '../../domain/product.schema'
import { STORE_VIEWS } from '../../domain/store-views'
import type { StoredDocRow } from '../storage/product-repository'
import { stockRowsOf, toProductRow } from './catalog-import'
import { rewritesOf } from './catalog-url-rewrites'
import { CONTENT_KIND_WRITERS } from './import-content-kinds'
import { counts, moveRewrites, type BatchContext, type ImportKindWriter, type KeyOf, type RecordOf } from './import-context'
import { recordPriceHistories } from './price-history'
import { deliveries, returnDecisions } from './return-import'
import { reviewModeration } from './review-moderation'
import { textSearchConfig } from './text-search'

/** Product counts of these categories, by the listing's own rule (domain/listing isListable). */
async function productCounts(ctx: BatchContext, categoryIds: readonly number[]): Promise<Map<number, number>> {
  const counted = new Map(categoryIds.map((id) => [id, 0]))
  for (const p of await ctx.repos.products.listingFacts(ctx.storeCode, categoryIds)) {
    if (!isListable(p)) continue
    for (const id of new Set(p.category_ids)) if (counted.has(id)) counted.set(id, counted.get(id)! + 1)
  }
  return counted
}

/** Categories written with their product counts (as the seed import stores them); answers the rows written. */
export async function writeCategories(ctx: BatchContext, categories: readonly Category[]): Promise<StoredDocRow[]> {
  const productCount = await productCounts(
    ctx,
    categories.map((c) => c.id),
  )
  const rows = await ctx.repos.categories.upsertMany(
    ctx.storeCode,
    categories.map((c) => ({ id: c.id, doc: { ...c, product_count: productCount.get(c.id) ?? 0, updated_at: ctx.nowIso }, updated_at: ctx.nowIso })),
  )
  ctx.changes.add('categories', rows)
  return rows
}

/**
 * Priced products' rows (as the seed import writes them); the categories they leave or join are due
 * a count. Nothing else: the stock table is the live count (orders take from it, never from the
 * product record), so a caller that did not import a product's stock must not write its stock rows.
 */
export async function writeProductRows(ctx: BatchContext, products: readonly Product[], before: ReadonlyMap<number, Product>): Promise<StoredDocRow[]> {
  const rows = await ctx.repos.products.upsertMany(
    ctx.storeCode,
    textSearchConfig(ctx.storeCode),
    products.map((p) => toProductRow(p, ctx.nowIso)),
  )
  ctx.changes.add('products', rows)
  for (const p of products) for (const id of [...(before.get(p.id)?.category_ids ?? []), ...p.category_ids]) ctx.countsDue.add(id)
  return rows
}

/** Imported products written whole: their rows, stock rows and url rewrites; `before` their stored versions. */
async function writeProducts(ctx: BatchContext, products: readonly Product[], before: ReadonlyMap<number, Product>): Promise<StoredDocRow[]> {
  const rows = await writeProductRows(ctx, products, before)
  const stock = products.flatMap((p) => stockRowsOf(p, ctx.nowIso)).filter((row) => !ctx.stockSkus.has(row.sku))
  for (const row of stock) ctx.stockSkus.add(row.sku)
  await ctx.repos.stock.upsertMany(stock)
  await moveRewrites(
    ctx,
    'product',
    products.map((p) => {
      const old = before.get(p.id)
      return { id: p.id, before: old ? rewritesOf({ product: old }) : [], after: rewritesOf({ product: p }) }
    }),
  )
  return rows
}

async function storedProducts(ctx: BatchContext, ids: readonly number[]): Promise<Map<number, Product>> {
  const stored = await ctx.repos.products.liveByIds(ctx.storeCode, ids)
  return new Map(stored.map((row) => [row.id, row.doc as unknown as Product]))
}

const products: ImportKindWriter<RecordOf<'products'>, KeyOf<'products'>> = {
  async upsert(ctx, records) {
    const country = STORE_VIEWS[ctx.storeCode].tax.defaultCountry
    const histories = await recordPriceHistories(ctx.repos, ctx.storeCode, records, ctx.nowIso)
    const priced = records.map((p) => priceProduct(p, ctx.taxRules, country, ctx.now, histories))
    const before = await storedProducts(
      ctx,
      priced.map((p) => p.id),
    )
    return counts(records.length, (await writeProducts(ctx, priced, before)).length)
  },
  async remove(ctx, skus) {
    const rows = await ctx.repos.products.tombstoneSkus(ctx.storeCode, skus, ctx.nowIso)
    ctx.changes.add('products', rows)
    for (const row of rows) for (const id of (row.doc.category_ids as number[] | undefined) ?? []) ctx.countsDue.add(id)
    await ctx.repos.urls.tombstoneEntities(
      ctx.storeCode,
      'product',
      rows.map((r) => Number(r.id)),
      ctx.nowIso,
    )
    return { deleted: rows.length, unchanged: skus.length - rows.length }
  },
}

const categories: ImportKindWriter<RecordOf<'categories'>, KeyOf<'categories'>> = {
  async upsert(ctx, records) {
    const stored = await ctx.repos.categories.liveByIds(
      ctx.storeCode,
      records.map((c) => c.id),
    )
    const before = new Map(stored.map((row) => [row.id, row.doc as unknown as Category]))
    const rows = await writeCategories(ctx, records)
    await moveRewrites(
      ctx,
      'category',
      records.map((c) => {
        const old = before.get(c.id)
        return { id: c.id, before: old ? rewritesOf({ category: old }) : [], after: rewritesOf({ category: c }) }
      }),
    )
    return counts(records.length, rows.length)
  },
  async remove(ctx, ids) {
    const rows = await ctx.repos.categories.tombstoneIds(ctx.storeCode, ids, ctx.nowIso)
    ctx.changes.add('categories', rows)
    await ctx.repos.urls.tombstoneEntities(
      ctx.storeCode,
      'category',
      rows.map((r) => Number(r.id)),
      ctx.nowIso,
    )
    return { deleted: rows.length, unchanged: ids.length - rows.length }
  },
}

/**
 * The writers, in the order a batch runs them for each store view (upserts, then deletions, kind by
 * kind): products before categories, so a category's count is worked out over the products as the
 * batch leaves them. The type holds every kind, so none is left unwritten.
 */
export const IMPORT_KIND_WRITERS: { [K in ImportRecordKind]: ImportKindWriter<RecordOf<K>, KeyOf<K>> } = {
  products,
  categories,
  ...CONTENT_KIND_WRITERS,
  reviews: reviewModeration,
  deliveries,
  returns: returnDecisions,
}

/** The kinds in IMPORT_KIND_WRITERS' order (the order of its entries above). */
export const IMPORT_KIND_ORDER = Object.keys(IMPORT_KIND_WRITERS) as readonly ImportRecordKind[]
