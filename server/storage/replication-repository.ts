/** Change pages for the replication feed: rows strictly after a (updated_at, id) checkpoint. */
import { sql } from 'drizzle-orm'
import type { ReplicatedCollection } from '../../domain/api/replication.schema'
import type { Db } from './db'

const TABLE: Record<ReplicatedCollection, string> = { products: 'products', categories: 'categories', attributes: 'attributes' }

/** A pulled row: the document as the feed sends it, printed by the database, and its checkpoint. */
export interface PulledRow {
  id: number
  updated_at: string
  /** JSON text of the replicated document: the stored one (or its light projection) with id, updated_at and _deleted */
  json: string
}

export function createReplicationRepository(db: Db) {
  return {
    /**
     * `light`: products in their light projection (products.light, written at import). The
     * database prints each document with the feed's own fields merged in, so a page of them goes
     * out as text: parsing a page of documents into objects and printing them again would be most of
     * a pull's time.
     */
    async pull(
      storeCode: string,
      collection: ReplicatedCollection,
      after: { updatedAt: string; id: number } | null,
      limit: number,
      light: boolean,
    ): Promise<PulledRow[]> {
      const t = sql.raw(TABLE[collection])
      const cursor = after ? sql`AND (updated_at, id) > (${after.updatedAt}::text, ${after.id}::int)` : sql``
      const doc = light && collection === 'products' ? sql`light` : sql`doc`
      const rows = await db.query<PulledRow>(sql`
        SELECT id, updated_at, (${doc} || jsonb_build_object('id', id::text, 'updated_at', updated_at, '_deleted', deleted))::text AS json
        FROM ${t}
        WHERE store_code = ${storeCode} ${cursor}
        ORDER BY updated_at, id LIMIT ${limit}`)
      return rows.map((r) => ({ ...r, id: Number(r.id) }))
    },
  }
}
export type ReplicationRepository = ReturnType<typeof createReplicationRepository>
