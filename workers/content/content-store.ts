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

/** Pulled or streamed documents, in feed order (a later one of the same id wins). */
export async function writeContent(collection: RxCollection<ContentDoc>, records: readonly (Incoming | null)[]): Promise<void> {
  const last = new Map<string, Incoming>()
  for (const record of records) if (record) last.set(record.id, record)
  if (last.size === 0) return
  const stored = await collection.findByIds([...last.keys()]).exec()
  const live: ContentDoc[] = []
  const gone: string[] = []
  for (const record of last.values()) {
    if (record._deleted) gone.push(record.id)
    else live.push(merged(record, stored.get(record.id)?.toJSON() as ContentDoc | undefined))
  }
  if (live.length > 0) await collection.bulkUpsert(live)
  if (gone.length > 0) await collection.find({ selector: { id: { $in: gone } } }).remove()
}

/** A page fetched whole when opened: kept unless this device holds a newer version with its HTML. */
export async function storeFetchedPage(collection: RxCollection<ContentDoc>, record: Incoming): Promise<void> {
  const stored = (await collection.findOne(record.id).exec())?.toJSON() as ContentDoc | undefined
  if (stored?.has_content && stored.updated_at > record.updated_at) return
  await collection.upsert(withoutFlag(record))
}
