/**
 * The replication feed (RxDB HTTP protocol shape): pages of documents strictly after a checkpoint
 * (updated_at, id), tombstones included, products optionally in the light projection, content
 * (the `cms` collection) with its kind's light fields.
 */
import {
  CONTENT_DOCUMENT_ID,
  contentDocumentId,
  lightProjection,
  type Checkpoint,
  type Projection,
  type ReplicatedCollection,
  type ReplicatedDocument,
} from '../../domain/api/replication.schema'
import type { StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import type { ChangeRow } from '../storage/change-feed'
import { contentFeedSource } from '../storage/content-feed-sources'
import type { PullAfter } from '../storage/replication-repository'
import { InvalidRequestError } from './errors'

function omit(doc: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  if (fields.length === 0) return doc
  const kept = { ...doc }
  for (const field of fields) delete kept[field]
  return kept
}

/**
 * A full stored row (the change feed's) as the feed sends it in `projection`; the same document a
 * pull prints in the database (storage.replication.pull), which reads the stored projection.
 */
export function toReplicatedDocument(collection: ReplicatedCollection, row: ChangeRow, projection: Projection): ReplicatedDocument {
  if (collection === 'cms') {
    const kind = row.kind ?? ''
    const source = contentFeedSource(kind)
    const doc = projection === 'light' ? omit(row.doc, source?.lightOmits ?? []) : row.doc
    const identifier = source?.identifierField ? { identifier: row.doc[source.identifierField] } : {}
    return {
      ...doc,
      id: contentDocumentId(kind, row.id),
      kind,
      entity_id: row.id,
      ...identifier,
      updated_at: row.updated_at,
      _deleted: row.deleted,
    }
  }
  const doc = collection === 'products' && projection === 'light' ? lightProjection(row.doc) : row.doc
  return { ...doc, id: String(row.id), updated_at: row.updated_at, _deleted: row.deleted }
}

/** Feed order: updated_at, then the id (numeric ids as numbers, content ids byte-wise as the database's COLLATE "C"). */
export function compareReplicated(a: ReplicatedDocument, b: ReplicatedDocument): number {
  if (a.updated_at !== b.updated_at) return a.updated_at < b.updated_at ? -1 : 1
  const numeric = /^\d+$/.test(a.id) && /^\d+$/.test(b.id)
  if (numeric) return Number(a.id) - Number(b.id)
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The checkpoint after a page of documents (the last one's); null for an empty page. */
export function checkpointOf(documents: readonly { id: string | number; updated_at: string }[]): Checkpoint | null {
  const last = documents[documents.length - 1]
  return last ? { id: String(last.id), updatedAt: last.updated_at } : null
}

/** The checkpoint's id as the collection's cursor: a number, or a content document's text id. */
function cursorId(collection: ReplicatedCollection, id: string | undefined): number | string {
  if (collection === 'cms') {
    if (id === undefined || id === '') return ''
    if (!CONTENT_DOCUMENT_ID.test(id)) throw new InvalidRequestError(`id: must be the id of a content document (kind-number), got "${id}"`)
    return id
  }
  const numeric = id === undefined || id === '' ? 0 : Number(id)
  if (!Number.isInteger(numeric) || Math.abs(numeric) > 2147483647) throw new InvalidRequestError(`id: must be the numeric id of the checkpoint, got "${id}"`)
  return numeric
}

export function createReplicationService(storage: Storage) {
  return {
    /** A page of the feed as PullResult's JSON text: the documents as the database printed them. */
    async pull(
      storeCode: StoreCode,
      collection: ReplicatedCollection,
      query: { id?: string; updatedAt?: string; limit: number; projection: Projection },
    ): Promise<string> {
      const after: PullAfter | null = query.updatedAt !== undefined ? { updatedAt: query.updatedAt, id: cursorId(collection, query.id) } : null
      const rows = await storage.replication.pull(storeCode, collection, after, query.limit, query.projection === 'light')
      // RxDB expects the same checkpoint back when nothing is new
      const checkpoint = checkpointOf(rows) ?? (query.updatedAt !== undefined ? { id: query.id ?? '', updatedAt: query.updatedAt } : null)
      return `{"documents":[${rows.map((row) => row.json).join(',')}],"checkpoint":${JSON.stringify(checkpoint)}}`
    },
  }
}
export type ReplicationService = ReturnType<typeof createReplicationService>
