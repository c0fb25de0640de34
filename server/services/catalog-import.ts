/**
 * Imports a DemoShop (or a developer's fixture file of the same shape) into storage: validates every
 * record, prices products per store view, recomputes category product counts, upserts in one
 * transaction and turns vanished products/categories/attributes into tombstones so replication
 * carries deletions. Publishes the written rows on the change feed after the commit.
 */
import { isListable } from '../../domain/listing'
import type { z } from 'zod'
import { AttributeSchema, type Attribute } from '../../domain/attribute.schema'
import { CategorySchema, type Category } from '../../domain/category.schema'
import { CouponSchema, type Coupon } from '../../domain/coupon.schema'
import type { ReplicatedCollection } from '../../domain/api/replication.schema'
import { priceProduct } from '../../domain/price'
import { ProductSchema, type Product } from '../../domain/product.schema'
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { TaxRuleSchema, type TaxRule } from '../../domain/tax-rule.schema'
import { hasCategoryPage, LEGACY_PATHS, toRequestPath, UrlRewriteSchema, type UrlRewrite, type UrlRewriteDoc } from '../../domain/url-rewrite.schema'
import type { DemoShop } from '../seed/demo-shop'
import type { Storage } from '../storage'
import type { ProductRow, StoredDocRow } from '../storage/product-repository'
import type { StockRow } from '../storage/stock-repository'
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

function validate<S extends z.ZodType>(schema: S, value: unknown, where: { storeCode: StoreCode | null; entity: string; index: number }): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const record = (value ?? {}) as Record<string, unknown>
  const key =
    typeof record.sku === 'string' ? `sku ${record.sku}` : `id ${String(record.id ?? record.attribute_code ?? record.request_path ?? record.code ?? '?')}`
  const issue = parsed.error.issues[0]
  const path = issue && issue.path.length > 0 ? issue.path.join('.') : '(record)'
  const view = where.storeCode ? `store view "${where.storeCode}"` : 'shop'
  throw new FixtureValidationError(`Invalid ${where.entity} in ${view}: ${where.entity}s[${where.index}] (${key}): ${path}: ${issue?.message ?? 'invalid'}`)
}

function isInStock(p: Product): boolean {
  const children = p.configurable_children ?? []
  // a configurable with no child in stock cannot be bought (contract §3.6)
  return p.stock.is_in_stock && (children.length === 0 || children.some((c) => c.stock.is_in_stock))
}

function toProductRow(p: Product, updatedAt: string): ProductRow {
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

function stockRows(products: Product[], updatedAt: string, into: Map<string, StockRow>): void {
  const add = (sku: string, productId: number, s: Product['stock']) => {
    if (into.has(sku)) return
    into.set(sku, { sku, product_id: productId, qty: s.qty, is_in_stock: s.is_in_stock, manage_stock: s.manage_stock, updated_at: updatedAt })
  }
  for (const p of products) {
    add(p.sku, p.id, p.stock)
    for (const c of p.configurable_children ?? []) add(c.sku, c.id, c.stock)
  }
}

function withProductCounts(categories: Category[], products: Product[], updatedAt: string): Category[] {
  const counts = new Map<number, number>()
  // what the category page lists (domain/listing isListable), so home's counts match the listings
  for (const p of products) if (isListable(p)) for (const id of new Set(p.category_ids)) counts.set(id, (counts.get(id) ?? 0) + 1)
  return categories.map((c) => ({ ...c, product_count: counts.get(c.id) ?? 0, updated_at: updatedAt }))
}

/**
 * The store view's url rewrites: every product's and category's url_path served in place, the
 * legacy Magento paths as 301s to them (a configurable child's to its parent, with ?childSku= as
 * the dispatcher's links carry it), then the shop's own rewrites, which win on the same path.
 * A configurable child opened directly is sent to its parent too (spec §2): its own url_path, or
 * its url_key with the parent's `.html` suffix. The tree's root categories are never shown, so
 * they get none.
 */
function deriveUrlRewrites(products: Product[], categories: Category[], own: UrlRewrite[]): UrlRewrite[] {
  const byPath = new Map<string, UrlRewrite>()
  // the first claim on a path wins: two entities sharing a url_path is a data error we do not guess at
  const claim = (r: UrlRewrite) => {
    if (r.request_path !== '' && !byPath.has(r.request_path)) byPath.set(r.request_path, r)
  }
  const internal = (entity_type: UrlRewrite['entity_type'], entity_id: number, urlPath: string) => {
    const path = toRequestPath(urlPath)
    claim({ entity_type, entity_id, redirect_type: 0, request_path: path, target_path: path })
  }
  for (const p of products) internal('product', p.id, p.url_path)
  const pages = categories.filter(hasCategoryPage)
  for (const c of pages) internal('category', c.id, c.url_path)
  for (const p of products) {
    const target = toRequestPath(p.url_path)
    claim({ entity_type: 'product', entity_id: p.id, redirect_type: 301, request_path: LEGACY_PATHS.product(p.id), target_path: target })
    const suffix = target.endsWith('.html') ? '.html' : ''
    for (const child of p.configurable_children ?? []) {
      const toParent = {
        entity_type: 'product',
        entity_id: p.id,
        redirect_type: 301,
        target_path: `${target}?childSku=${encodeURIComponent(child.sku)}`,
      } as const
      claim({ ...toParent, request_path: LEGACY_PATHS.product(child.id) })
      const childPath = typeof child.url_path === 'string' ? child.url_path : child.url_key ? `${child.url_key}${suffix}` : ''
      if (childPath !== '') claim({ ...toParent, request_path: toRequestPath(childPath) })
    }
  }
  for (const c of pages) {
    claim({ entity_type: 'category', entity_id: c.id, redirect_type: 301, request_path: LEGACY_PATHS.category(c.id), target_path: toRequestPath(c.url_path) })
  }
  for (const r of own) byPath.set(r.request_path, r)
  return [...byPath.values()]
}

export async function importShop(storage: Storage, shop: DemoShop, now = new Date()): Promise<ImportSummary> {
  const started = Date.now()
  const nowIso = now.toISOString()
  const taxRules: TaxRule[] = shop.taxRules.map((r, index) => validate(TaxRuleSchema, r, { storeCode: null, entity: 'taxRule', index }))
  const coupons: Coupon[] | undefined = shop.coupons?.map((c, index) => validate(CouponSchema, c, { storeCode: null, entity: 'coupon', index }))

  const prepared = STORE_CODES.map((storeCode) => {
    const catalog = shop.catalog[storeCode]
    if (!catalog) throw new FixtureValidationError(`The shop has no catalogue for store view "${storeCode}"`)
    const country = STORE_VIEWS[storeCode].tax.defaultCountry
    const products = catalog.products.map((p, index) =>
      priceProduct(validate(ProductSchema, p, { storeCode, entity: 'product', index }), taxRules, country, now),
    )
    const categories: Category[] = catalog.categories.map((c, index) => validate(CategorySchema, c, { storeCode, entity: 'category', index }))
    const attributes: Attribute[] = catalog.attributes.map((a, index) => validate(AttributeSchema, a, { storeCode, entity: 'attribute', index }))
    const own = (catalog.urlRewrites ?? []).map((r, index) => validate(UrlRewriteSchema, r, { storeCode, entity: 'urlRewrite', index }))
    const storeId = STORE_VIEWS[storeCode].storeId
    const urlRewrites: UrlRewriteDoc[] = deriveUrlRewrites(products, categories, own).map((r) => ({
      ...r,
      id: r.request_path,
      store_id: storeId,
      updated_at: nowIso,
    }))
    return { storeCode, products, categories: withProductCounts(categories, products, nowIso), attributes, urlRewrites }
  })

  const stock = new Map<string, StockRow>()
  for (const p of prepared) stockRows(p.products, nowIso, stock)

  const changes: { storeCode: StoreCode; collection: ReplicatedCollection; rows: StoredDocRow[] }[] = []
  const storeViews = {} as Record<StoreCode, StoreViewImportSummary>

  await storage.transaction(async (repos) => {
    await repos.taxRules.replaceAll(taxRules, nowIso)
    if (coupons) await repos.coupons.replaceAll(coupons, nowIso)
    for (const { storeCode, products, categories, attributes, urlRewrites } of prepared) {
      const written: Record<ReplicatedCollection, StoredDocRow[]> = { products: [], categories: [], attributes: [] }
      const config = textSearchConfig(storeCode)
      for (let i = 0; i < products.length; i += BATCH) {
        const rows = products.slice(i, i + BATCH).map((p) => toProductRow(p, nowIso))
        written.products.push(...(await repos.products.upsertMany(storeCode, config, rows)))
      }
      const deletedProducts = await repos.products.tombstoneAllExcept(
        storeCode,
        products.map((p) => p.id),
        nowIso,
      )
      written.categories.push(
        ...(await repos.categories.upsertMany(
          storeCode,
          categories.map((c) => ({ id: c.id, doc: c, updated_at: nowIso })),
        )),
      )
      const deletedCategories = await repos.categories.tombstoneAllExcept(
        storeCode,
        categories.map((c) => c.id),
        nowIso,
      )
      written.attributes.push(
        ...(await repos.attributes.upsertMany(
          storeCode,
          attributes.map((a) => ({ id: a.id, doc: { ...a, updated_at: nowIso }, updated_at: nowIso })),
        )),
      )
      const deletedAttributes = await repos.attributes.tombstoneAllExcept(
        storeCode,
        attributes.map((a) => a.id),
        nowIso,
      )
      for (let i = 0; i < urlRewrites.length; i += BATCH) await repos.urls.upsertMany(storeCode, urlRewrites.slice(i, i + BATCH))
      await repos.urls.tombstoneAllExcept(
        storeCode,
        urlRewrites.map((r) => r.id),
        nowIso,
      )
      const deletedCount = deletedProducts.length + deletedCategories.length + deletedAttributes.length
      changes.push(
        { storeCode, collection: 'products', rows: [...written.products, ...deletedProducts] },
        { storeCode, collection: 'categories', rows: [...written.categories, ...deletedCategories] },
        { storeCode, collection: 'attributes', rows: [...written.attributes, ...deletedAttributes] },
      )
      storeViews[storeCode] = {
        products: products.length,
        categories: categories.length,
        attributes: attributes.length,
        written: written.products.length + written.categories.length + written.attributes.length,
        deleted: deletedCount,
        urlRewrites: urlRewrites.length,
      }
    }
    const stockList = [...stock.values()]
    for (let i = 0; i < stockList.length; i += BATCH) await repos.stock.upsertMany(stockList.slice(i, i + BATCH))
  })

  for (const c of changes) storage.changes.publish(c)
  return { storeViews, taxRules: taxRules.length, stockRows: stock.size, durationMs: Date.now() - started }
}
