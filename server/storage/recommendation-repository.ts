/**
 * The recommendation signals (views, clicks, sales) and the questions asked of them. Events are
 * append-only rows counted at query time; every answer that names products is joined with the live
 * catalogue, so a product disabled, hidden or removed after it was logged is never recommended.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

export const EVENT_KINDS = ['view', 'click', 'sale'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

export interface RecommendationEventRow {
  store_code: string
  visitor: string
  kind: EventKind
  product_id: number
  /** set for sales only */
  sale_id: string | null
  created_at: string
}

export interface Popularity {
  views: number
  clicks: number
  sales: number
}

/** Shown on its own page (visibility 2, 3 or 4 — 1 is "not visible individually") and enabled (status 1). */
const RECOMMENDABLE = sql`p.deleted = false AND p.status = 1 AND p.visibility IN (2, 3, 4)`

export function createRecommendationRepository(db: Db) {
  async function ranked(query: SQL): Promise<number[]> {
    const rows = await db.query<{ id: number }>(query)
    return rows.map((r) => Number(r.id))
  }

  return {
    async record(rows: RecommendationEventRow[]): Promise<void> {
      if (rows.length === 0) return
      await db.query(sql`
        INSERT INTO recommendation_events (store_code, visitor, kind, product_id, sale_id, created_at)
        SELECT e->>'store_code', e->>'visitor', e->>'kind', (e->>'product_id')::int, e->>'sale_id', e->>'created_at'
        FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e
        ON CONFLICT (store_code, sale_id, product_id) WHERE kind = 'sale' DO NOTHING`)
    },

    /** The live product ids among `ids`, with their category ids. */
    async findLiveProducts(storeCode: string, ids: number[]): Promise<{ id: number; category_ids: number[] }[]> {
      if (ids.length === 0) return []
      const rows = await db.query<{ id: number; category_ids: number[] }>(sql`
        SELECT id, category_ids FROM products
        WHERE store_code = ${storeCode} AND deleted = false AND id = ANY(${sqlArray(ids, 'int')})`)
      return rows.map((r) => ({ id: Number(r.id), category_ids: r.category_ids.map(Number) }))
    },

    /** sku → product id, for products and for the children of configurables (an order line's sku). */
    async findIdsBySkus(storeCode: string, skus: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>()
      if (skus.length === 0) return out
      const rows = await db.query<{ sku: string; id: number }>(sql`
        SELECT s.sku, p.id FROM unnest(${sqlArray(skus, 'text')}) AS s(sku)
        JOIN products p ON p.store_code = ${storeCode} AND p.deleted = false
          AND (p.sku = s.sku OR p.child_skus @> ARRAY[s.sku])
        ORDER BY (p.sku = s.sku) DESC, p.id`)
      for (const r of rows) if (!out.has(r.sku)) out.set(r.sku, Number(r.id))
      return out
    },

    async popularity(storeCode: string, ids: number[]): Promise<Map<number, Popularity>> {
      const out = new Map<number, Popularity>()
      if (ids.length === 0) return out
      const rows = await db.query<{ product_id: number; views: number; clicks: number; sales: number }>(sql`
        SELECT product_id,
          count(*) FILTER (WHERE kind = 'view')::int AS views,
          count(*) FILTER (WHERE kind = 'click')::int AS clicks,
          count(*) FILTER (WHERE kind = 'sale')::int AS sales
        FROM recommendation_events
        WHERE store_code = ${storeCode} AND product_id = ANY(${sqlArray(ids, 'int')})
        GROUP BY product_id`)
      for (const r of rows) out.set(Number(r.product_id), { views: Number(r.views), clicks: Number(r.clicks), sales: Number(r.sales) })
      return out
    },

    /** Products sold in the same sales as `productId`, most shared sales first. */
    coPurchased(storeCode: string, productId: number, limit: number): Promise<number[]> {
      return ranked(sql`
        SELECT o.product_id AS id FROM recommendation_events s
        JOIN recommendation_events o ON o.store_code = s.store_code AND o.kind = 'sale' AND o.sale_id = s.sale_id
          AND o.product_id <> s.product_id
        JOIN products p ON p.store_code = o.store_code AND p.id = o.product_id
        WHERE s.store_code = ${storeCode} AND s.kind = 'sale' AND s.product_id = ${productId} AND ${RECOMMENDABLE}
        GROUP BY o.product_id ORDER BY count(DISTINCT o.sale_id) DESC, o.product_id LIMIT ${limit}`)
    },

    /** Products viewed or clicked by the visitors who viewed or clicked `productId`, most such visitors first. */
    coViewed(storeCode: string, productId: number, limit: number): Promise<number[]> {
      return ranked(sql`
        SELECT o.product_id AS id FROM recommendation_events s
        JOIN recommendation_events o ON o.store_code = s.store_code AND o.visitor = s.visitor
          AND o.kind IN ('view', 'click') AND o.product_id <> s.product_id
        JOIN products p ON p.store_code = o.store_code AND p.id = o.product_id
        WHERE s.store_code = ${storeCode} AND s.kind IN ('view', 'click') AND s.product_id = ${productId} AND ${RECOMMENDABLE}
        GROUP BY o.product_id ORDER BY count(DISTINCT o.visitor) DESC, o.product_id LIMIT ${limit}`)
    },

    /** Products sharing a category with `categoryIds`, most logged sales first (then by id: a stable order). */
    categoryBestsellers(storeCode: string, categoryIds: number[], excludeId: number, limit: number): Promise<number[]> {
      if (categoryIds.length === 0) return Promise.resolve([])
      return ranked(sql`
        SELECT p.id FROM products p
        LEFT JOIN recommendation_events e ON e.store_code = p.store_code AND e.product_id = p.id AND e.kind = 'sale'
        WHERE p.store_code = ${storeCode} AND p.id <> ${excludeId} AND p.category_ids && ${sqlArray(categoryIds, 'int')}
          AND ${RECOMMENDABLE}
        GROUP BY p.id ORDER BY count(e.id) DESC, p.id LIMIT ${limit}`)
    },
  }
}
export type RecommendationRepository = ReturnType<typeof createRecommendationRepository>
