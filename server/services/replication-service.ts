/**
 * The replication feed (RxDB HTTP protocol shape): pages of documents strictly after a checkpoint
 * (updated_at, id), tombstones included, products optionally in the light projection.
 */
import { lightProjection, type Checkpoint, type Projection, type ReplicatedCollection, type ReplicatedDocument } from '../../domain/api/replication.schema'
import type { StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import type { StoredDocRow } from '../storage/product-repository'
import { InvalidRequestError } from './errors'

/** A stored row as the feed sends it; its document already holds only the fields it should. */
function asReplicated(row: StoredDocRow): ReplicatedDocument {
  return { ...row.doc, id: String(row.id), updated_at: row.updated_at, _deleted: row.deleted }
}

/**
 * A full stored row (the change feed's) as the feed sends it in `projection`. Pulls read the
 * stored projection instead (products.light; storage.replication.pull).
 */
export function toReplicatedDocument(collection: ReplicatedCollection, row: StoredDocRow, projection: Projection): ReplicatedDocument {
  const light = collection === 'products' && projection === 'light'
  return asReplicated(light ? { ...row, doc: lightProjection(row.doc) } : row)
}

/** The checkpoint after a page of documents (the last one's); null for an empty page. */
export function checkpointOf(documents: readonly { id: string | number; updated_at: string }[]): Checkpoint | null {
  const last = documents[documents.length - 1]
  return last ? { id: String(last.id), updatedAt: last.updated_at } : null
}

export function createReplicationService(storage: Storage) {
  return {
    /** A page of the feed as PullResult's JSON text: the documents as the database printed them. */
    async pull(
      storeCode: StoreCode,
      collection: ReplicatedCollection,
      query: { id?: string; updatedAt?: string; limit: number; projection: Projection },
    ): Promise<string> {
      let after: { updatedAt: string; id: number } | null = null
      if (query.updatedAt !== undefined) {
        const id = query.id === undefined || query.id === '' ? 0 : Number(query.id)
        if (!Number.isInteger(id) || Math.abs(id) > 2147483647) throw new InvalidRequestError(`id: must be the numeric id of the checkpoint, got "${query.id}"`)
        after = { updatedAt: query.updatedAt, id }
      }
      const rows = await storage.replication.pull(storeCode, collection, after, query.limit, query.projection === 'light')
      // RxDB expects the same checkpoint back when nothing is new
      const checkpoint = checkpointOf(rows) ?? (query.updatedAt !== undefined ? { id: query.id ?? '', updatedAt: query.updatedAt } : null)
      return `{"documents":[${rows.map((row) => row.json).join(',')}],"checkpoint":${JSON.stringify(checkpoint)}}`
    },
  }
}
export type ReplicationService = ReturnType<typeof createReplicationService>
