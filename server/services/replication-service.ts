/**
 * The replication feed (RxDB HTTP protocol shape): pages of documents strictly after a checkpoint
 * (updated_at, id), tombstones included, products optionally in the light projection.
 */
import {
  LIGHT_PRODUCT_FIELDS,
  type Checkpoint,
  type Projection,
  type PullResult,
  type ReplicatedCollection,
  type ReplicatedDocument,
} from '../../domain/api/replication.schema'
import type { StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import type { StoredDocRow } from '../storage/product-repository'
import { InvalidRequestError } from './errors'

export function toReplicatedDocument(collection: ReplicatedCollection, row: StoredDocRow, projection: Projection): ReplicatedDocument {
  let doc: Record<string, unknown> = row.doc
  if (collection === 'products' && projection === 'light') {
    doc = {}
    for (const f of LIGHT_PRODUCT_FIELDS) if (f in row.doc) doc[f] = row.doc[f]
  }
  return { ...doc, id: String(row.id), updated_at: row.updated_at, _deleted: row.deleted }
}

export function checkpointOf(documents: ReplicatedDocument[]): Checkpoint | null {
  const last = documents[documents.length - 1]
  return last ? { id: last.id, updatedAt: last.updated_at } : null
}

export function createReplicationService(storage: Storage) {
  return {
    async pull(
      storeCode: StoreCode,
      collection: ReplicatedCollection,
      query: { id?: string; updatedAt?: string; limit: number; projection: Projection },
    ): Promise<PullResult> {
      let after: { updatedAt: string; id: number } | null = null
      if (query.updatedAt !== undefined) {
        const id = query.id === undefined || query.id === '' ? 0 : Number(query.id)
        if (!Number.isInteger(id) || Math.abs(id) > 2147483647) throw new InvalidRequestError(`id: must be the numeric id of the checkpoint, got "${query.id}"`)
        after = { updatedAt: query.updatedAt, id }
      }
      const light = collection === 'products' && query.projection === 'light'
      const rows = await storage.replication.pull(storeCode, collection, after, query.limit, light ? LIGHT_PRODUCT_FIELDS : undefined)
      const documents = rows.map((r) => toReplicatedDocument(collection, r, query.projection))
      // RxDB expects the same checkpoint back when nothing is new
      const checkpoint = checkpointOf(documents) ?? (query.updatedAt !== undefined ? { id: query.id ?? '', updatedAt: query.updatedAt } : null)
      return { documents, checkpoint }
    },
  }
}
export type ReplicationService = ReturnType<typeof createReplicationService>
