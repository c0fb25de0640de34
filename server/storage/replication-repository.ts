/** Change pages for the replication feed: rows strictly after a (updated_at, id) checkpoint. */
import { sql, type SQL } from 'drizzle-orm'
import type { ReplicatedCollection } from '../../domain/api/replication.schema'
import { CONTENT_FEED_SOURCES, type ContentFeedSource } from './content-feed-sources'
import type { Db } from './db'

type TableCollection = Exclude<ReplicatedCollection, 'cms'>
const TABLE: Record<TableCollection, string> = { products: 'products', categories: 'categories', attributes: 'attributes' }

/** A pulled row: the document as the feed sends it, printed by the database, and its checkpoint. */
export interface PulledRow {
  /** the table's numeric id, or a content document's `${kind}-${id}` */
  id: number | string
  updated_at: string
  /** JSON text of the replicated document: the stored one (or its light projection) with id, updated_at and _deleted */
  json: string
}

/** A checkpoint of the feed: a numeric id, or the text id of a content document. */
export interface PullAfter {
  updatedAt: string
  id: number | string
}

/**
 * One content table's rows in the feed's shape: its text id, its kind and numeric id beside the
 * document, inactive rows as tombstones. Ids compare byte-wise (COLLATE "C") in the cursor and the
 * order alike, so every database orders them the same way and a checkpoint never skips a row.
 */
function contentRows(source: ContentFeedSource, storeCode: string, after: PullAfter | null, light: boolean): SQL {
  const t = sql.raw(source.table)
  const docId = sql`(${source.kind}::text || '-' || id::text) COLLATE "C"`
  const omits = light ? source.lightOmits : []
  const doc = omits.length > 0 ? sql`(doc - ${`{${omits.join(',')}}`}::text[])` : sql`doc`
  // the same field the pushed rows name (replication-service toReplicatedDocument)
  const identifier = source.identifierField ? sql`'identifier', doc->>${source.identifierField}::text, ` : sql``
  const cursor = after ? sql`AND (updated_at, ${docId}) > (${after.updatedAt}::text, ${String(after.id)}::text COLLATE "C")` : sql``
  return sql`
    SELECT ${docId} AS id, updated_at,
      (${doc} || jsonb_build_object('id', ${docId}, 'kind', ${source.kind}::text, 'entity_id', id, ${identifier}'updated_at', updated_at, '_deleted', deleted OR NOT active))::text AS json
    FROM ${t}
    WHERE store_code = ${storeCode} ${cursor}`
}

export function createReplicationRepository(db: Db) {
  return {
    /**
     * `light`: products in their light projection (products.light, written at import), content
     * without what its kind leaves out. The database prints each document with the feed's own fields
     * merged in, so a page of them goes out as text: parsing a page of documents into objects and
     * printing them again would be most of a pull's time.
     */
    async pull(storeCode: string, collection: ReplicatedCollection, after: PullAfter | null, limit: number, light: boolean): Promise<PulledRow[]> {
      if (collection === 'cms') {
        const union = sql.join(
          CONTENT_FEED_SOURCES.map((s) => contentRows(s, storeCode, after, light)),
          sql` UNION ALL `,
        )
        return db.query<PulledRow>(sql`SELECT id, updated_at, json FROM (${union}) AS content ORDER BY updated_at, id COLLATE "C" LIMIT ${limit}`)
      }
      const t = sql.raw(TABLE[collection])
      const cursor = after ? sql`AND (updated_at, id) > (${after.updatedAt}::text, ${Number(after.id)}::int)` : sql``
      const doc = light && collection === 'products' ? sql`light` : sql`doc`
      const rows = await db.query<PulledRow>(sql`
        SELECT id, updated_at, (${doc} || jsonb_build_object('id', id::text, 'updated_at', updated_at, '_deleted', deleted))::text AS json
        FROM ${t}
        WHERE store_code = ${storeCode} ${cursor}
        ORDER BY updated_at, id LIMIT ${limit}`)
      return rows.map((r) => ({ ...r, id: Number(r.id) }))
    },

    /** The products the store view's feed holds and a device keeps (deleted ones are not kept). */
    async liveProducts(storeCode: string): Promise<number> {
      const rows = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE store_code = ${storeCode} AND NOT deleted`)
      return rows[0]?.n ?? 0
    },
  }
}
export type ReplicationRepository = ReturnType<typeof createReplicationRepository>
