/** Change pages for the replication feed: rows strictly after a (updated_at, id) checkpoint. */
import { sql } from 'drizzle-orm'
import type { ReplicatedCollection } from '../../domain/api/replication.schema'
import type { Db } from './db'
import type { StoredDocRow } from './product-repository'

const TABLE: Record<ReplicatedCollection, string> = { products: 'products', categories: 'categories', attributes: 'attributes' }

export function createReplicationRepository(db: Db) {
  return {
    async pull(storeCode: string, collection: ReplicatedCollection, after: { updatedAt: string; id: number } | null, limit: number): Promise<StoredDocRow[]> {
      const t = sql.raw(TABLE[collection])
      const cursor = after ? sql`AND (updated_at, id) > (${after.updatedAt}::text, ${after.id}::int)` : sql``
      const rows = await db.query<StoredDocRow>(sql`
        SELECT id, doc, updated_at, deleted FROM ${t}
        WHERE store_code = ${storeCode} ${cursor}
        ORDER BY updated_at, id LIMIT ${limit}`)
      return rows.map((r) => ({ ...r, id: Number(r.id) }))
    },
  }
}
export type ReplicationRepository = ReturnType<typeof createReplicationRepository>
