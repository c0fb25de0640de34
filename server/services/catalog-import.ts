/**
 * Imports a shop (the demo generator's, or a developer's fixture file of the same shape) into
 * storage: validates every record, prices products per store view, recomputes category product
 * counts, upserts and turns vanished products/categories/attributes/rewrites into tombstones so
 * replication carries deletions.
 *
 * Memory: one store view at a time, read as a stream of products (the demo generator renders each
 * as it is read) and written in batches of BATCH rows; what stays in memory for a store view is its
 * product ids and request paths (for the tombstone step), the legacy-path claims and the category
 * counts. An all-at-once import would need the whole shop in the heap, too much at a big shop's size.
 *
 * Transaction: the whole import is ONE transaction, so a failed import (a bad record in the third
 * store view, a crash) leaves the catalogue exactly as it was: clients never see half a catalogue or
 * store views of different imports. PostgreSQL and PGlite both keep a big transaction on disk, not in
 * our heap, so this costs no memory here.
 *
 * Change feed: after the commit. A store view with a few changes (at most MAX_EVENT_ROWS rows) gets
 * them as row events, which streams push to connected clients as they are; a bigger one gets one
 * resync event (the replication stream sends RESYNC, the client pulls from its checkpoint, which is
 * what a stream does anyway with a change of more than its push limit).
 */
import { isListable } from '../../domain/listing'
import type { z } from 'zod'
import { AttributeSchema, type Attribute } from '../../domain/attribute.schema'
import { BannerSchema, InfoBannerSchema } from '../../domain/banner.schema'
import { CategorySchema, type Category } from '../../domain/category.schema'
import { BlogCategorySchema, BlogPostSchema } from '../../domain/blog.schema'
import { CmsBlockSchema, CmsHierarchyNodeSchema, CmsPageSchema } from '../../domain/cms.schema'
import { CouponSchema, type Coupon } from '../../domain/coupon.schema'
import { REPLICATED_COLLECTIONS, type ReplicatedCollection } from '../../domain/api/replication.schema'
import { priceProduct } from '../../domain/price'
import { PriceHistoryEntrySchema } from '../../domain/price-history.schema'
import { ReviewFixtureSchema } from '../../domain/review.schema'
import { ProductSchema, type Product } from '../../domain/product.schema'
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { TaxRuleSchema, type TaxRule } from '../../domain/tax-rule.schema'
import { UrlRewriteSchema, type UrlRewriteDoc } from '../../domain/url-rewrite.schema'
import { shopSource, type DemoShop, type ShopSource, type StoreCatalogSource } from '../seed/demo-shop'
import type { Repositories, Storage } from '../storage'
import type { ChangeRow } from '../storage/change-feed'
import type { ProductRow, StoredDocRow } from '../storage/product-repository'
import type { StockRow } from '../storage/stock-repository'
import { UrlRewriteDeriver } from './catalog-url-rewrites'
import { duplicateIds, importBanners } from './banner-import'
import { importCms } from './cms-import'
import { recordPriceHistories } from './price-history'
import { textSearchConfig } from './text-search'

export class FixtureValidationError extends Error {
  override name = 'FixtureValidationError'
}

export interface StoreViewImportSummary {
  products: number
  categories: number
  attributes: number
  /** rows inserted or changed (unchanged ones keep their timestamp) */
  written: number
  /** rows turned into tombstones */
  deleted: number
  /** live url rewrites of the store view after the import */
  urlRewrites: number
}

export interface ImportSummary {
  storeViews: Record<StoreCode, StoreViewImportSummary>
  taxRules: number
  stockRows: number
  durationMs: number
}

const BATCH = 500
/** a store view with more written rows than this is announced as one resync, not row by row */
const MAX_EVENT_ROWS = 200

function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: { storeCode: StoreCode | null; entity: string; index: number; list?: string },
): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const record = (value ?? {}) as Record<string, unknown>
  const key =
    typeof record.sku === 'string' ? `sku ${record.sku}` : `id ${String(record.id ?? record.attribute_code ?? record.request_path ?? record.code ?? '?')}`
  const issue = parsed.error.issues[0]
  const path = issue && issue.path.length > 0 ? issue.path.join('.') : '(record)'
  const view = where.storeCode ? `store view "${where.storeCode}"` : 'shop'
  throw new FixtureValidationError(
    `Invalid ${where.entity} in ${view}: ${where.list ?? `${where.entity}s`}[${where.index}] (${key}): ${path}: ${issue?.message ?? 'invalid'}`,
  )
}

/** Counts a product in its categories when their page lists it (isListable): home's counts match the listings. */
export function countListable(counts: Map<number, number>, p: Product): void {
  if (isListable(p)) for (const id of new Set(p.category_ids)) counts.set(id, (counts.get(id) ?? 0) + 1)
}

/** The categories as stored: each with the count of listable products in it. */
export function withProductCounts(categories: readonly Category[], counts: ReadonlyMap<number, number>, updatedAt: string): Category[] {
  return categories.map((c) => ({ ...c, product_count: counts.get(c.id) ?? 0, updated_at: updatedAt }))
}

function isInStock(p: Product): boolean {
  const children = p.configurable_children ?? []
  // a configurable with no child in stock cannot be bought (contract §3.6)
  return p.stock.is_in_stock && (children.length === 0 || children.some((c) => c.stock.is_in_stock))
}

/** A priced product as its stored row: the seed import's and the import batch's one way there. */
export function toProductRow(p: Product, updatedAt: string): ProductRow {
  const doc = { ...p, updated_at: updatedAt }
  return {
    id: p.id,
    sku: p.sku,
    type_id: p.type_id,
    status: p.status,
    visibility: p.visibility,
    category_ids: p.category_ids,
    child_skus: (p.configurable_children ?? []).map((c) => c.sku),
    final_price_incl_tax: p.final_price_incl_tax ?? null,
    is_in_stock: isInStock(p),
    doc,
    updated_at: updatedAt,
  }
}

/** A product's stock rows: its own and its configurable children's. */
export function stockRowsOf(p: Product, updatedAt: string): StockRow[] {
  const row = (sku: string, productId: number, st: Product['stock']): StockRow => ({
    sku,
    product_id: productId,
    qty: st.qty,
    is_in_stock: st.is_in_stock,
    manage_stock: st.manage_stock,
    updated_at: updatedAt,
  })
  return [row(p.sku, p.id, p.stock), ...(p.configurable_children ?? []).map((c) => row(c.sku, c.id, c.stock))]
}

type ChangeRows = Record<ReplicatedCollection, ChangeRow[]>

/** What a store view's import announces after the commit: its rows while few, else one resync. */
export class StoreViewChanges {
  rows: ChangeRows | null = { products: [], categories: [], attributes: [], cms: [] }
  private count = 0
  private answersChanged = false

  /**
   * The store view's catalogue answers changed by a write no replicated collection carries (a
   * review moderated): one event after the commit, so every process drops its cached answers.
   */
  touchAnswers(): void {
    this.answersChanged = true
  }

  add(collection: ReplicatedCollection, rows: readonly ChangeRow[]): void {
    if (!this.rows || rows.length === 0) return
    this.count += rows.length
    if (this.count > MAX_EVENT_ROWS) this.rows = null
    else this.rows[collection].push(...rows)
  }

  publish(storage: Storage, storeCode: StoreCode): void {
    if (!this.rows) {
      if (this.count > 0) storage.changes.publish({ storeCode, collection: 'products', rows: [], resync: true })
      return
    }
    for (const collection of REPLICATED_COLLECTIONS) {
      // a row written twice (an import batch's upsert, then its price update) is announced as its last write
      const last = new Map(this.rows[collection].map((row) => [row.kind === undefined ? row.id : `${row.kind}-${row.id}`, row]))
      storage.changes.publish({ storeCode, collection, rows: [...last.values()] })
    }
    if (this.answersChanged && this.count === 0) storage.changes.publish({ storeCode, collection: 'cms', rows: [], resync: true })
  }
}

interface ImportContext {
  repos: Repositories
  taxRules: TaxRule[]
  now: Date
  nowIso: string
  /** skus whose stock an earlier store view wrote: the first store view's stock wins */
  stockSkus: Set<string>
}

async function importStoreView(
  ctx: ImportContext,
  storeCode: StoreCode,
  catalog: StoreCatalogSource,
  changes: StoreViewChanges,
): Promise<StoreViewImportSummary> {
  const { repos, nowIso } = ctx
  const country = STORE_VIEWS[storeCode].tax.defaultCountry
  const storeId = STORE_VIEWS[storeCode].storeId
  const config = textSearchConfig(storeCode)
  // validated before the first product is written: a store view's small parts fail fast
  const categories: Category[] = catalog.categories.map((c, index) => validate(CategorySchema, c, { storeCode, entity: 'category', index }))
  const attributes: Attribute[] = catalog.attributes.map((a, index) => validate(AttributeSchema, a, { storeCode, entity: 'attribute', index }))
  const own = (catalog.urlRewrites ?? []).map((r, index) => validate(UrlRewriteSchema, r, { storeCode, entity: 'urlRewrite', index }))
  const cmsPages = (catalog.cms_pages ?? []).map((p, index) => validate(CmsPageSchema, p, { storeCode, entity: 'cms_page', index }))
  const cmsBlocks = (catalog.cms_blocks ?? []).map((b, index) => validate(CmsBlockSchema, b, { storeCode, entity: 'cms_block', index }))
  const hierarchy = (catalog.cms_hierarchy ?? []).map((n, index) =>
    validate(CmsHierarchyNodeSchema, n, { storeCode, entity: 'cms_hierarchy node', index, list: 'cms_hierarchy' }),
  )
  const blogCategories = (catalog.blog_categories ?? []).map((c, index) =>
    validate(BlogCategorySchema, c, { storeCode, entity: 'blog_category', index, list: 'blog_categories' }),
  )
  const blogPosts = (catalog.blog_posts ?? []).map((p, index) => validate(BlogPostSchema, p, { storeCode, entity: 'blog_post', index }))
  const banners = (catalog.banners ?? []).map((b, index) => validate(BannerSchema, b, { storeCode, entity: 'banner', index }))
  const infoBanners = (catalog.info_banners ?? []).map((b, index) => validate(InfoBannerSchema, b, { storeCode, entity: 'info_banner', index }))
  const priceHistory = (catalog.price_history ?? []).map((h, index) =>
    validate(PriceHistoryEntrySchema, h, { storeCode, entity: 'price_history entry', index, list: 'price_history' }),
  )
  const reviews = (catalog.reviews ?? []).map((r, index) => validate(ReviewFixtureSchema, r, { storeCode, entity: 'review', index, list: 'reviews' }))
  for (const [entity, records] of [
    ['banner', banners],
    ['info_banner', infoBanners],
  ] as const) {
    const twice = duplicateIds(records)
    if (twice.length > 0) throw new FixtureValidationError(`Invalid ${entity} in store view "${storeCode}": id ${twice.join(', ')} is used more than once`)
  }

  // before any product: their reference prices are read from it
  for (let start = 0; start < priceHistory.length; start += BATCH) {
    await repos.priceHistory.addMany(
      storeCode,
      priceHistory.slice(start, start + BATCH).map((h) => ({ ...h, valid_from: new Date(h.valid_from).toISOString() })),
    )
  }

  let written = 0
  let urlRewrites: UrlRewriteDoc[] = []
  const flushUrls = async (min: number) => {
    if (urlRewrites.length === 0 || urlRewrites.length < min) return
    const batch = urlRewrites
    urlRewrites = []
    await repos.urls.upsertMany(storeCode, batch)
  }
  const rewrites = new UrlRewriteDeriver(own, (r) => urlRewrites.push({ ...r, id: r.request_path, store_id: storeId, updated_at: nowIso }))

  let stock: StockRow[] = []
  const flushStock = async (min: number) => {
    if (stock.length === 0 || stock.length < min) return
    const batch = stock
    stock = []
    await repos.stock.upsertMany(batch)
  }

  const productIds: number[] = []
  const counts = new Map<number, number>()
  let batch: Product[] = []
  // A batch is written while the next one is rendered, checked and priced here (the database works
  // on its own thread or server): one statement in flight at a time, as a transaction runs them one
  // after another anyway.
  let inFlight: Promise<StoredDocRow[]> | null = null
  const settle = async () => {
    if (!inFlight) return
    const rows = await inFlight
    inFlight = null
    written += rows.length
    changes.add('products', rows)
  }
  const flushProducts = async () => {
    await settle()
    await flushUrls(BATCH)
    await flushStock(BATCH)
    if (batch.length === 0) return
    const products = batch
    batch = []
    const histories = await recordPriceHistories(repos, storeCode, products, nowIso)
    inFlight = repos.products.upsertMany(
      storeCode,
      config,
      products.map((p) => toProductRow(priceProduct(p, ctx.taxRules, country, ctx.now, histories), nowIso)),
    )
    // settle() awaits it; until then a failure must not count as unhandled
    inFlight.catch(() => undefined)
  }

  let index = 0
  try {
    for (const raw of catalog.products) {
      // priced when its batch is written, with its price history (nothing before needs its prices)
      const p = validate(ProductSchema, raw, { storeCode, entity: 'product', index })
      index += 1
      productIds.push(p.id)
      countListable(counts, p)
      rewrites.addProduct(p)
      for (const row of stockRowsOf(p, nowIso)) {
        if (ctx.stockSkus.has(row.sku)) continue
        ctx.stockSkus.add(row.sku)
        stock.push(row)
      }
      batch.push(p)
      if (batch.length >= BATCH) await flushProducts()
    }
    await flushProducts()
    await settle()
  } catch (error) {
    // the rollback must come after the statement still in flight
    await (inFlight as Promise<StoredDocRow[]> | null)?.catch(() => undefined)
    throw error
  }
  await flushStock(0)

  const deletedProducts = await repos.products.tombstoneAllExcept(storeCode, productIds, nowIso)
  changes.add('products', deletedProducts)

  const counted = withProductCounts(categories, counts, nowIso)
  const writtenCategories = await repos.categories.upsertMany(
    storeCode,
    counted.map((c) => ({ id: c.id, doc: c, updated_at: nowIso })),
  )
  const deletedCategories = await repos.categories.tombstoneAllExcept(
    storeCode,
    categories.map((c) => c.id),
    nowIso,
  )
  changes.add('categories', [...writtenCategories, ...deletedCategories])

  const writtenAttributes = await repos.attributes.upsertMany(
    storeCode,
    attributes.map((a) => ({ id: a.id, doc: { ...a, updated_at: nowIso }, updated_at: nowIso })),
  )
  const deletedAttributes = await repos.attributes.tombstoneAllExcept(
    storeCode,
    attributes.map((a) => a.id),
    nowIso,
  )
  changes.add('attributes', [...writtenAttributes, ...deletedAttributes])

  const cms = await importCms(repos, storeCode, { pages: cmsPages, blocks: cmsBlocks, hierarchy, blogCategories, blogPosts }, nowIso)
  changes.add('cms', cms.changed)
  const bannerRows = await importBanners(repos, storeCode, { banners, infoBanners }, nowIso)
  changes.add('cms', bannerRows.changed)
  await repos.reviews.addFixtureReviews(storeCode, STORE_VIEWS[storeCode].storeId, reviews)

  rewrites.finish(categories, cmsPages, { categories: blogCategories, posts: blogPosts })
  for (let start = 0; start < urlRewrites.length; start += BATCH) await repos.urls.upsertMany(storeCode, urlRewrites.slice(start, start + BATCH))
  urlRewrites = []
  await repos.urls.tombstoneAllExcept(storeCode, [...rewrites.paths], nowIso)

  return {
    products: productIds.length,
    categories: categories.length,
    attributes: attributes.length,
    written: written + writtenCategories.length + writtenAttributes.length + cms.written + bannerRows.written,
    deleted: deletedProducts.length + deletedCategories.length + deletedAttributes.length + cms.deleted + bannerRows.deleted,
    urlRewrites: rewrites.paths.size,
  }
}

/**
 * Imports the shop: a DemoShop held whole, or a ShopSource read one store view at a time (the seed
 * command's, so a 100,000-product shop fits in Node's default heap).
 */
export async function importShop(
  storage: Storage,
  shop: DemoShop | ShopSource,
  now = new Date(),
  /** told after each store view is written (inside the one transaction: nothing is visible yet) */
  onStoreView?: (storeCode: StoreCode, summary: StoreViewImportSummary) => void,
): Promise<ImportSummary> {
  const started = Date.now()
  const nowIso = now.toISOString()
  const source = shopSource(shop)
  const taxRules: TaxRule[] = source.taxRules.map((r, index) => validate(TaxRuleSchema, r, { storeCode: null, entity: 'taxRule', index }))
  const coupons: Coupon[] | undefined = source.coupons?.map((c, index) => validate(CouponSchema, c, { storeCode: null, entity: 'coupon', index }))
  if ('catalog' in shop) {
    const missing = STORE_CODES.find((code) => !shop.catalog[code])
    if (missing) throw new FixtureValidationError(`The shop has no catalogue for store view "${missing}"`)
  }

  const changes = new Map(STORE_CODES.map((code) => [code, new StoreViewChanges()]))
  const storeViews = {} as Record<StoreCode, StoreViewImportSummary>
  const stockSkus = new Set<string>()

  await storage.transaction(async (repos) => {
    await repos.taxRules.replaceAll(taxRules, nowIso)
    if (coupons) await repos.coupons.replaceAll(coupons, nowIso)
    const ctx: ImportContext = { repos, taxRules, now, nowIso, stockSkus }
    for (const storeCode of STORE_CODES) {
      const catalog = source.storeCatalog(storeCode)
      if (!catalog) throw new FixtureValidationError(`The shop has no catalogue for store view "${storeCode}"`)
      storeViews[storeCode] = await importStoreView(ctx, storeCode, catalog, changes.get(storeCode)!)
      onStoreView?.(storeCode, storeViews[storeCode])
    }
  })

  for (const [storeCode, viewChanges] of changes) viewChanges.publish(storage, storeCode)
  // an import rewrites most of the catalogue's rows: without fresh statistics the planner keeps
  // the estimates of the shop before it, and on PGlite (no autovacuum) the old rows stay dead
  // weight and index-only scans read the table anyway (storage's vacuumCatalog)
  await storage.vacuumCatalog()
  return { storeViews, taxRules: taxRules.length, stockRows: stockSkus.size, durationMs: Date.now() - started }
}
