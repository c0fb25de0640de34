/**
 * What every writer of an import batch shares (server/services/import-kinds and
 * import-content-kinds): the store view's context inside the batch's transaction, the counts a
 * writer answers, and how an entity's derived url rewrites move when it changes.
 */
import type { ImportRecordKind, IMPORT_RECORD_KINDS } from '../../domain/api/catalog-import.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { TaxRule } from '../../domain/tax-rule.schema'
import type { UrlRewrite, UrlRewriteEntityType } from '../../domain/url-rewrite.schema'
import type { z } from 'zod'
import type { Repositories } from '../storage'
import type { StoreViewChanges } from './catalog-import'
import type { StockDocumentChanges } from './stock-documents'

/** One store view of a batch, as every writer sees it. */
export interface BatchContext {
  repos: Repositories
  storeCode: StoreCode
  taxRules: readonly TaxRule[]
  now: Date
  nowIso: string
  changes: StoreViewChanges
  /** skus whose stock row this batch wrote: the first store view naming a sku wins, as in the seed import */
  stockSkus: Set<string>
  /** categories whose product count may have changed (their products were written or deleted) */
  countsDue: Set<number>
  /** the documents that stock given back (a received return) made orderable again, in every store view: announced after the commit */
  stockDocs: StockDocumentChanges
}

export interface WriteCounts {
  upserted: number
  unchanged: number
}

export interface DeleteCounts {
  deleted: number
  unchanged: number
}

export type RecordOf<K extends ImportRecordKind> = z.infer<(typeof IMPORT_RECORD_KINDS)[K]['record']>
export type KeyOf<K extends ImportRecordKind> = z.infer<(typeof IMPORT_RECORD_KINDS)[K]['key']>

export interface ImportKindWriter<R, K> {
  upsert(ctx: BatchContext, records: readonly R[]): Promise<WriteCounts>
  remove(ctx: BatchContext, keys: readonly K[]): Promise<DeleteCounts>
}

export const counts = (total: number, written: number): WriteCounts => ({ upserted: written, unchanged: total - written })

/** One entity of a batch: the rewrites its stored version derived, and those the batch's version does. */
export interface RewriteMove {
  id: number
  before: readonly UrlRewrite[]
  after: readonly UrlRewrite[]
}

/**
 * The derived rewrites of a batch's entities of one type, moved from what their stored versions
 * derived to what the new ones do, in three statements whatever the batch's size. First every
 * path an entity no longer derives becomes a tombstone (where that entity still holds it), so an
 * entity of the batch may take a path another one of the batch leaves (two posts swapping url
 * keys both keep their page); then the new paths are claimed: never one another entity holds (the
 * seed import's first claim wins too), and of the batch's records naming a free path the first
 * has it. The shop's own rewrites of the entities (a fixture's urlRewrites) are left as they are. An
 * unchanged rewrite keeps its row, so a repeated batch writes nothing.
 */
export async function moveRewrites(ctx: BatchContext, type: UrlRewriteEntityType, moves: readonly RewriteMove[]): Promise<void> {
  const { repos, storeCode, nowIso } = ctx
  const stale = moves.flatMap((move) => {
    const kept = new Set(move.after.map((r) => r.request_path))
    return move.before.filter((r) => !kept.has(r.request_path)).map((r) => ({ entity_id: move.id, path: r.request_path }))
  })
  await repos.urls.tombstoneEntityPaths(storeCode, type, stale, nowIso)

  const wanted = new Map<string, UrlRewrite[]>()
  for (const move of moves) for (const r of move.after) wanted.set(r.request_path, [...(wanted.get(r.request_path) ?? []), r])
  const owners = await repos.urls.ownersOf(storeCode, [...wanted.keys()])
  const claimed = [...wanted.entries()].flatMap(([path, candidates]) => {
    const owner = owners.get(path)
    const chosen = owner ? candidates.find((r) => owner.entity_type === r.entity_type && owner.entity_id === r.entity_id) : candidates[0]
    return chosen ? [chosen] : []
  })
  const storeId = STORE_VIEWS[storeCode].storeId
  await repos.urls.upsertMany(
    storeCode,
    claimed.map((r) => ({ ...r, id: r.request_path, store_id: storeId, updated_at: nowIso })),
  )
}
