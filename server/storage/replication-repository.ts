/** Change pages for the replication feed: rows strictly after a (updated_at, id) checkpoint. */
import { sql } from 'drizzle-orm'
import type { ReplicatedCollection } from '../../domain/api/replication.schema'
import type { Db } from './db'
import type { StoredDocRow } from './product-repository'

const TABLE: Record<ReplicatedCollection, string> = { products: 'products', categories: 'categories', attributes: 'attributes' }

export function createReplicationRepository(db: Db) {
  return {
    /**
     * `fields`: only these top-level fields of each document, picked in the database (a light
     * product is a sixth of the full one: reading and parsing full documents to drop most of their
     * bytes in JavaScript was most of a pull's time).
     */
    async pull(
      storeCode: string,
      collection: ReplicatedCollection,
      after: { updatedAt: string; id: number } | null,
      limit: number,
      fields?: readonly string[],
    ): Promise<StoredDocRow[]> {
      const t = sql.raw(TABLE[collection])
      const cursor = after ? sql`AND (updated_at, id) > (${after.updatedAt}::text, ${after.id}::int)` : sql``
      const doc = fields
        ? sql`COALESCE((SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(doc) e WHERE e.key IN (${sql.join(
            fields.map((f) => sql`${f}`),
            sql`, `,
          )})), '{}'::jsonb) AS doc`
        : sql`doc`
      const rows = await db.query<StoredDocRow>(sql`
        SELECT id, ${doc}, updated_at, deleted FROM ${t}
        WHERE store_code = ${storeCode} ${cursor}
        ORDER BY updated_at, id LIMIT ${limit}`)
      return rows.map((r) => ({ ...r, id: Number(r.id) }))
    },
  }
}
export type ReplicationRepository = ReturnType<typeof createReplicationRepository>
