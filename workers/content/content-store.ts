/**
 * Writes to the `cms` collection, by its owner only (the content module): pulled and streamed
 * documents, and pages and posts fetched whole when opened. A pulled stub of the version already held with
 * its HTML keeps that HTML. A tombstone removes the document and stays in the collection as a
 * deleted document stamped with the tombstone's updated_at: a page fetched before the removal and
 * answered after it must not bring the page back.
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
  // anything but a conflict fails the write, so a pull does not checkpoint past the document
  const failures = error.filter((e) => e.status !== 409)
  if (failures.length > 0) throw new ContentWriteError(failures.map((e) => `${e.documentId}: ${e.status}`).join(', '))
  for (const failed of error) {
    const doc = await collection.findOne(failed.documentId).exec()
    // removed since the conflict: that removal came later and stands
    if (doc) await doc.incrementalModify((current) => merge(byId.get(failed.documentId)!, current as ContentDoc))
  }
}

/**
 * Tombstones, stamped with their updated_at. A document this device does not hold is inserted
 * deleted, so a page being fetched meanwhile meets the removal too.
 */
async function writeTombstones(collection: RxCollection<ContentDoc>, records: readonly Incoming[]): Promise<void> {
  const held = await collection.findByIds(records.map((r) => r.id)).exec()
  const absent: Incoming[] = []
  for (const record of records) {
    const doc = held.get(record.id)
    if (doc) await doc.incrementalModify((current) => ({ ...current, updated_at: record.updated_at, _deleted: true }))
    else absent.push(record)
  }
  if (absent.length === 0) return
  const { error } = await collection.bulkInsert(absent.map((record) => ({ ...withoutFlag(record), _deleted: true }) as ContentDoc))
  for (const failed of error) {
    // already removed: that removal stands
    if (failed.status === 409 && failed.documentInDb?._deleted) continue
    const doc = failed.status === 409 ? await collection.findOne(failed.documentId).exec() : null
    if (!doc) throw new ContentWriteError(`${failed.documentId}: ${failed.status}`)
    const record = absent.find((r) => r.id === failed.documentId)!
    await doc.incrementalModify((current) => ({ ...current, updated_at: record.updated_at, _deleted: true }))
  }
}

/** Pulled or streamed documents, in feed order (a later one of the same id wins). */
export async function writeContent(collection: RxCollection<ContentDoc>, records: readonly (Incoming | null)[]): Promise<void> {
  const last = new Map<string, Incoming>()
  for (const record of records) if (record) last.set(record.id, record)
  if (last.size === 0) return
  const live: Incoming[] = []
  const gone: Incoming[] = []
  for (const record of last.values()) (record._deleted ? gone : live).push(record)
  if (live.length > 0) await writeMerged(collection, live, merged)
  if (gone.length > 0) await writeTombstones(collection, gone)
}

/**
 * A page or post fetched whole when opened. The stored document wins when it is newer, with its
 * HTML or without (a newer stub from the stream while the fetch was on its way: the reader then
 * fetches that version, content-module subscribeOpened); so does a removal at or after its version.
 */
export async function storeFetched(collection: RxCollection<ContentDoc>, record: Incoming): Promise<void> {
  const [removed] = await collection.storageInstance.findDocumentsById([record.id], true)
  if (removed?._deleted && removed.updated_at >= record.updated_at) return
  await writeMerged(collection, [record], (incoming, stored) => (stored && stored.updated_at > incoming.updated_at ? stored : withoutFlag(incoming)))
}

export class ContentWriteError extends Error {
  override name = 'ContentWriteError'
}
