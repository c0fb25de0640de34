/**
 * Import batches into the running shop (POST /api/ext/import/batch): per store view, upserts and
 * deletions of every record kind (import-kinds), price and stock updates (import-patches), then the
 * product counts of the categories the batch touched, the page tree's nodes of the pages it
 * touched, and the checks that the catalogue and its content still hold together (a product's
 * categories exist, a deleted category is no longer used; import-content-checks).
 *
 * Transaction: the whole batch is ONE transaction; a refused record anywhere leaves the shop as it
 * was. Change feed: after the commit, each store view's written rows are published as the seed
 * import publishes them (StoreViewChanges): open tabs get them through the replication stream, and
 * other processes on the same PostgreSQL through NOTIFY.
 */
import {
  IMPORT_ANSWER_KINDS,
  IMPORT_RECORD_KIND_NAMES,
  type ImportAnswerKind,
  type ImportBatch,
  type ImportCounts,
  type ImportRecordKind,
  type ImportResult,
  type StoreViewBatch,
} from '../../domain/api/catalog-import.schema'
import { BANNER_SLOTS } from '../../domain/banner-slots'
import type { Category } from '../../domain/category.schema'
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import { bannerPictureProblem, productPictureFields, productPictureProblem } from '../seed/picture-paths'
import type { Storage } from '../storage'
import { StoreViewChanges } from './catalog-import'
import { ImportBatchError } from './import-batch-error'
import { checkContentReferences, touched } from './import-content-checks'
import { writeHierarchy } from './import-content-kinds'
import type { BatchContext, DeleteCounts, ImportKindWriter, WriteCounts } from './import-context'
import { IMPORT_KIND_ORDER, IMPORT_KIND_WRITERS, writeCategories } from './import-kinds'
import { applyPatches } from './import-patches'
import { StockDocumentChanges } from './stock-documents'

type Totals = Record<ImportAnswerKind, ImportCounts>

function add(into: ImportCounts, counts: Partial<WriteCounts & DeleteCounts>): void {
  into.upserted += counts.upserted ?? 0
  into.unchanged += counts.unchanged ?? 0
  into.deleted += counts.deleted ?? 0
}

/** What names a record of a kind: its deletion key (a product's sku, the others' id). */
function keyOf(kind: ImportRecordKind, record: { sku?: string; id?: number }): string | number {
  return kind === 'products' ? record.sku! : record.id!
}

function describeKey(key: string | number): string {
  return typeof key === 'string' ? `sku "${key}"` : `id ${key}`
}

/** A record named twice in one list, or a product whose sku another live product has. */
async function checkKeys(ctx: BatchContext, view: StoreViewBatch): Promise<void> {
  const at = `storeViews.${ctx.storeCode}`
  for (const kind of IMPORT_RECORD_KIND_NAMES) {
    const seen = new Set<string | number>()
    for (const [index, record] of (view[kind] ?? []).entries()) {
      const key = keyOf(kind, record as { sku?: string; id?: number })
      if (seen.has(key)) throw new ImportBatchError(`${at}.${kind}[${index}] (${describeKey(key)}): named twice in the batch`)
      seen.add(key)
    }
  }
  const products = view.products ?? []
  const ids = new Set<number>()
  for (const [index, p] of products.entries()) {
    if (ids.has(p.id)) throw new ImportBatchError(`${at}.products[${index}] (sku "${p.sku}"): id: ${p.id} is named twice in the batch`)
    ids.add(p.id)
  }
  const others = await ctx.repos.products.findBySkus(
    ctx.storeCode,
    products.map((p) => p.sku),
  )
  const idsOfSku = new Map<unknown, unknown[]>()
  for (const doc of others) idsOfSku.set(doc.sku, [...(idsOfSku.get(doc.sku) ?? []), doc.id])
  for (const [index, p] of products.entries()) {
    const other = idsOfSku.get(p.sku)?.find((id) => id !== p.id)
    if (other !== undefined) throw new ImportBatchError(`${at}.products[${index}] (sku "${p.sku}"): sku: already the sku of product id ${String(other)}`)
  }
}

/** A picture path the server draws that it could not draw (an unknown kind): stored, it would answer 404. */
function checkPictures(storeCode: StoreCode, view: StoreViewBatch): void {
  const at = `storeViews.${storeCode}`
  for (const [index, p] of (view.products ?? []).entries()) {
    for (const { field, path } of productPictureFields(p)) {
      const problem = productPictureProblem(path)
      if (problem) throw new ImportBatchError(`${at}.products[${index}] (sku "${p.sku}"): ${field}: ${problem}`)
    }
  }
  for (const [index, b] of (view.banners ?? []).entries()) {
    const problem = bannerPictureProblem(b.image, BANNER_SLOTS)
    if (problem) throw new ImportBatchError(`${at}.banners[${index}] (id ${b.id}): image: ${problem}`)
  }
}

/**
 * The counts of the categories whose products changed and that the store view's category upserts
 * did not write (those worked their counts out, after the products).
 */
async function refreshCounts(ctx: BatchContext, view: StoreViewBatch): Promise<void> {
  const counted = new Set((view.categories ?? []).map((c) => c.id))
  const due = [...ctx.countsDue].filter((id) => !counted.has(id))
  const stored = await ctx.repos.categories.liveByIds(ctx.storeCode, due)
  await writeCategories(
    ctx,
    stored.map((row) => row.doc as unknown as Category),
  )
}

/** The store view as the batch leaves it still holds together, as FIXTURES.md asks of a fixture file. */
async function checkReferences(ctx: BatchContext, view: StoreViewBatch): Promise<void> {
  const at = `storeViews.${ctx.storeCode}`
  const live = new Map((await ctx.repos.categories.all(ctx.storeCode)).map((row) => [row.id, row.doc]))
  for (const [index, p] of (view.products ?? []).entries()) {
    const named = [
      ...p.category_ids.map((id, i) => [`category_ids[${i}]`, id] as const),
      ...p.category.map((c, i) => [`category[${i}].category_id`, c.category_id] as const),
    ]
    for (const [field, id] of named) {
      if (!live.has(id)) throw new ImportBatchError(`${at}.products[${index}] (sku "${p.sku}"): ${field}: no category with id ${id}`)
    }
  }
  for (const [index, c] of (view.categories ?? []).entries()) {
    if (c.parent_id > 1 && !live.has(c.parent_id))
      throw new ImportBatchError(`${at}.categories[${index}] (id ${c.id}): parent_id: no category with id ${c.parent_id}`)
  }
  const deleted = view.delete?.categories ?? []
  if (deleted.length === 0) return
  const users = await ctx.repos.products.listingFacts(ctx.storeCode, deleted)
  for (const [index, id] of deleted.entries()) {
    const user = users.find((p) => p.category_ids.includes(id))
    if (user) throw new ImportBatchError(`${at}.delete.categories[${index}] (id ${id}): product sku "${user.sku}" is still in this category`)
    const child = [...live.values()].find((doc) => doc.parent_id === id)
    if (child) throw new ImportBatchError(`${at}.delete.categories[${index}] (id ${id}): category id ${String(child.id)} is still below it`)
  }
}

export interface ImportBatchOptions {
  now?: () => Date
  /** runs after a batch that wrote stock rows committed, before its answer (back-in-stock mails) */
  stockWritten?: () => Promise<unknown>
}

export function createImportBatchService(storage: Storage, options: ImportBatchOptions = {}) {
  return {
    /** Writes the batch in one transaction and answers what it did per kind; refuses it whole (ImportBatchError). */
    async apply(batch: ImportBatch): Promise<ImportResult> {
      const now = options.now?.() ?? new Date()
      const nowIso = now.toISOString()
      const totals = Object.fromEntries(IMPORT_ANSWER_KINDS.map((kind) => [kind, { upserted: 0, unchanged: 0, deleted: 0 }])) as Totals
      const changes = new Map<StoreCode, StoreViewChanges>()
      const stockSkus = new Set<string>()
      const stockDocs = new StockDocumentChanges()
      await storage.transaction(async (repos) => {
        const taxRules = await repos.taxRules.list()
        for (const storeCode of STORE_CODES) {
          const view = batch.storeViews[storeCode]
          if (!view) continue
          const ctx: BatchContext = {
            repos,
            storeCode,
            taxRules,
            now,
            nowIso,
            changes: new StoreViewChanges(),
            stockSkus,
            countsDue: new Set(),
            stockDocs,
          }
          changes.set(storeCode, ctx.changes)
          checkPictures(storeCode, view)
          await checkKeys(ctx, view)
          for (const kind of IMPORT_KIND_ORDER) {
            // the registry's type pairs each writer with its schema's records and keys
            const writer = IMPORT_KIND_WRITERS[kind] as ImportKindWriter<unknown, unknown>
            const records: readonly unknown[] = view[kind] ?? []
            if (records.length > 0) add(totals[kind], await writer.upsert(ctx, records))
            if (kind === 'products') {
              // price and stock updates apply to the products as this batch's upserts left them
              const patched = await applyPatches(ctx, view.prices ?? [], view.stock ?? [])
              add(totals.prices, patched.prices)
              add(totals.stock, patched.stock)
            }
            const keys: readonly unknown[] = view.delete?.[kind] ?? []
            if (keys.length > 0) add(totals[kind], await writer.remove(ctx, keys))
          }
          await refreshCounts(ctx, view)
          // a node is shown while its page is: pages the batch changed change their nodes
          if (touched(view, 'cms_pages')) await writeHierarchy(ctx, [])
          await checkReferences(ctx, view)
          await checkContentReferences(ctx, view)
        }
      })
      for (const [storeCode, viewChanges] of changes) viewChanges.publish(storage, storeCode)
      stockDocs.publish(storage)
      if (stockSkus.size > 0) await options.stockWritten?.()
      return { counts: totals }
    },
  }
}
export type ImportBatchService = ReturnType<typeof createImportBatchService>
