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

/**
 * The entity's derived rewrites moved from what its stored version derived to what the new one
 * does: new paths claimed (never one another entity holds: the seed import's first claim wins
 * too), paths it no longer derives turned into tombstones. The shop's own rewrites of the entity
 * (a fixture's urlRewrites) are left as they are.
 */
export async function moveRewrites(
  ctx: BatchContext,
  type: UrlRewriteEntityType,
  id: number,
  before: readonly UrlRewrite[],
  after: readonly UrlRewrite[],
): Promise<void> {
  const { repos, storeCode, nowIso } = ctx
  const owners = await repos.urls.ownersOf(
    storeCode,
    after.map((r) => r.request_path),
  )
  const claimed = after.filter((r) => {
    const owner = owners.get(r.request_path)
    return !owner || (owner.entity_type === r.entity_type && owner.entity_id === r.entity_id)
  })
  const storeId = STORE_VIEWS[storeCode].storeId
  await repos.urls.upsertMany(
    storeCode,
    claimed.map((r) => ({ ...r, id: r.request_path, store_id: storeId, updated_at: nowIso })),
  )
  const kept = new Set(after.map((r) => r.request_path))
  const stale = before.map((r) => r.request_path).filter((path) => !kept.has(path))
  await repos.urls.tombstonePathsOf(storeCode, type, id, stale, nowIso)
}
