/**
 * Writes to the `cms` collection, by its owner only (the content module): pulled and streamed
 * documents, and pages fetched whole when opened. A pulled stub of the version already held with
 * its HTML keeps that HTML; tombstones remove the document.
 */
import type { RxCollection } from 'rxdb'
import type { WithDeletedFlag } from '../db/catalog-docs'
import type { ContentDoc, ContentRecord } from './content-record'

type Incoming = WithDeletedFlag<ContentRecord>

function withoutFlag({ _deleted: _, ...record }: Incoming): ContentDoc {
  return record
}

/** `incoming` as stored, given what is stored: its HTML kept from `stored` when it is the same version without it. */
function merged(incoming: Incoming, stored: ContentDoc | undefined): ContentDoc {
  const doc = withoutFlag(incoming)
  if (doc.has_content || !stored?.has_content || stored.updated_at !== doc.updated_at) return doc
  return { ...doc, has_content: true, body: { ...doc.body, content: stored.body.content } }
}

/**
 * Each document is merged with what is stored at the moment it is written (RxDB's incremental
 * writes run one after another per document): a page fetched whole while a pull of its stub is on
 * its way must keep its HTML whichever lands first. An insert that meets a document written
 * meanwhile (another tab's worker, a fetch) is merged with it instead.
 */
async function writeMerged(
  collection: RxCollection<ContentDoc>,
  records: readonly Incoming[],
  merge: (incoming: Incoming, stored: ContentDoc | undefined) => ContentDoc,
): Promise<void> {
  const stored = await collection.findByIds(records.map((r) => r.id)).exec()
  const inserts: ContentDoc[] = []
  const byId = new Map(records.map((r) => [r.id, r]))
  for (const record of records) {
    const doc = stored.get(record.id)
    if (doc) await doc.incrementalModify((current) => merge(record, current as ContentDoc))
    else inserts.push(merge(record, undefined))
  }
  if (inserts.length === 0) return
  const { error } = await collection.bulkInsert(inserts)
  for (const failed of error) {
    const record = byId.get(failed.documentId)
    const doc = record ? await collection.findOne(failed.documentId).exec() : null
    if (record && doc) await doc.incrementalModify((current) => merge(record, current as ContentDoc))
  }
}

/** Pulled or streamed documents, in feed order (a later one of the same id wins). */
export async function writeContent(collection: RxCollection<ContentDoc>, records: readonly (Incoming | null)[]): Promise<void> {
  const last = new Map<string, Incoming>()
  for (const record of records) if (record) last.set(record.id, record)
  if (last.size === 0) return
  const live: Incoming[] = []
  const gone: string[] = []
  for (const record of last.values()) {
    if (record._deleted) gone.push(record.id)
    else live.push(record)
  }
  if (live.length > 0) await writeMerged(collection, live, merged)
  if (gone.length > 0) await collection.find({ selector: { id: { $in: gone } } }).remove()
}

/** A page fetched whole when opened: kept unless this device holds a newer version with its HTML. */
export async function storeFetchedPage(collection: RxCollection<ContentDoc>, record: Incoming): Promise<void> {
  await writeMerged(collection, [record], (incoming, stored) =>
    stored?.has_content && stored.updated_at > incoming.updated_at ? stored : withoutFlag(incoming),
  )
}
