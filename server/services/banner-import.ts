/**
 * A store view's banners and info banners, written by the shop import in its transaction (like the
 * CMS pages: cms-import.ts): already parsed with the domain schemas (so their plain-text fields
 * hold no markup), the info banners' HTML sanitised here, once, the store view's id set, upserted,
 * and whatever the import no longer holds turned into tombstones.
 */
import type { Banner, InfoBanner } from '../../domain/banner.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { Repositories } from '../storage'
import type { DocRow } from '../storage/doc-table'
import { writeContentTables, type CmsImportSummary } from './cms-import'
import { sanitiseHtml } from './html-sanitiser'

/** Ids listed twice in one store view (one upsert statement cannot write a row twice). */
export function duplicateIds(records: readonly { id: number }[]): number[] {
  const seen = new Set<number>()
  const twice = new Set<number>()
  for (const { id } of records) (seen.has(id) ? twice : seen).add(id)
  return [...twice]
}

function docRow(doc: Record<string, unknown> & { id: number }, storeId: number, nowIso: string): DocRow {
  return { id: doc.id, doc: { ...doc, store_id: storeId, updated_at: nowIso }, updated_at: nowIso }
}

/** A banner as its stored row (the shop import's and the import batch's one way there). */
export function bannerRowOf(banner: Banner, storeId: number, nowIso: string): DocRow {
  return docRow(banner, storeId, nowIso)
}

/** An info banner as its stored row: its HTML sanitised, the store view's id set. */
export function infoBannerRowOf(banner: InfoBanner, storeId: number, nowIso: string): DocRow {
  return docRow({ ...banner, content: sanitiseHtml(banner.content) }, storeId, nowIso)
}

export async function importBanners(
  repos: Repositories,
  storeCode: StoreCode,
  content: { banners: readonly Banner[]; infoBanners: readonly InfoBanner[] },
  nowIso: string,
): Promise<CmsImportSummary> {
  const storeId = STORE_VIEWS[storeCode].storeId
  const tables = [
    ['banner', repos.banners, content.banners.map((b) => bannerRowOf(b, storeId, nowIso))],
    ['info_banner', repos.infoBanners, content.infoBanners.map((b) => infoBannerRowOf(b, storeId, nowIso))],
  ] as const
  return writeContentTables(storeCode, tables, nowIso)
}
