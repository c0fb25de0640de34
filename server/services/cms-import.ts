/**
 * A store view's CMS pages and blocks, written by the shop import in its transaction: validated
 * with the domain schemas, their HTML sanitised, the store view's id set, upserted, and whatever
 * the import no longer holds turned into tombstones.
 *
 * The HTML is sanitised here, once, rather than when answered: every way out (the catalogue's
 * answers, which copy the stored document, the CMS extension, a later replication feed) then
 * carries the clean text and none of them can forget it. A change of the allow-list takes effect
 * at the next import.
 */
import type { CmsBlock, CmsPage } from '../../domain/cms.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { Repositories } from '../storage'
import type { DocRow } from '../storage/doc-table'
import { sanitiseHtml } from './html-sanitiser'

export interface CmsImportSummary {
  written: number
  deleted: number
}

/** A CMS record as its stored row: HTML sanitised, the store view's id set. */
export function cmsRowOf(record: CmsPage | CmsBlock, storeId: number, nowIso: string): DocRow {
  return { id: record.id, doc: { ...record, content: sanitiseHtml(record.content), store_id: storeId, updated_at: nowIso }, updated_at: nowIso }
}

export async function importCms(
  repos: Repositories,
  storeCode: StoreCode,
  content: { pages: readonly CmsPage[]; blocks: readonly CmsBlock[] },
  nowIso: string,
): Promise<CmsImportSummary> {
  const storeId = STORE_VIEWS[storeCode].storeId
  let written = 0
  let deleted = 0
  for (const [table, records] of [
    [repos.cms.pages, content.pages],
    [repos.cms.blocks, content.blocks],
  ] as const) {
    written += (
      await table.upsertMany(
        storeCode,
        records.map((r) => cmsRowOf(r, storeId, nowIso)),
      )
    ).length
    deleted += (
      await table.tombstoneAllExcept(
        storeCode,
        records.map((r) => r.id),
        nowIso,
      )
    ).length
  }
  return { written, deleted }
}
