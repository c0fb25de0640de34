/** Imported prices (regular and special) per store view and sku with the moment each pair took effect (migrations/prices). */
import { sql } from 'drizzle-orm'
import type { PricePoint } from '../../domain/omnibus'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

export interface PriceHistoryRow extends PricePoint {
  sku: string
}

export function createPriceHistoryRepository(db: Db) {
  return {
    /**
     * Points of a history given whole (a fixture's); one already stored at that moment is replaced
     * only where it differs, so giving the same history again writes nothing.
     */
    async addMany(storeCode: string, rows: readonly PriceHistoryRow[]): Promise<void> {
      if (rows.length === 0) return
      const unique = new Map(rows.map((r) => [`${r.sku}\n${r.valid_from}`, { ...r, special_price: r.special_price ?? null }]))
      await db.query(sql`
        INSERT INTO price_history (store_code, sku, price, special_price, valid_from)
        SELECT ${storeCode}, e->>'sku', (e->>'price')::double precision, (e->>'special_price')::double precision, e->>'valid_from'
        FROM jsonb_array_elements(${JSON.stringify([...unique.values()])}::jsonb) AS e
        ON CONFLICT (store_code, sku, valid_from) DO UPDATE SET price = EXCLUDED.price, special_price = EXCLUDED.special_price
        WHERE (price_history.price, price_history.special_price) IS DISTINCT FROM (EXCLUDED.price, EXCLUDED.special_price)`)
    },

    /**
     * Records each sku's prices (regular and special) as taking effect `at` where the pair differs
     * from the one in effect then (or the sku has no history yet): an unchanged pair is never
     * recorded again, so the moment a special price first appeared stays its start. Returns the
     * skus whose prices changed.
     */
    async recordChanges(storeCode: string, prices: readonly { sku: string; price: number; special_price: number | null }[], at: string): Promise<string[]> {
      if (prices.length === 0) return []
      // one entry per sku: a statement may not write one row twice
      const unique = [...new Map(prices.map((p) => [p.sku, p])).values()]
      const rows = await db.query<{ sku: string }>(sql`
        INSERT INTO price_history (store_code, sku, price, special_price, valid_from)
        SELECT ${storeCode}, e.sku, e.price, e.special_price, ${at}
        FROM (SELECT x->>'sku' AS sku, (x->>'price')::double precision AS price, (x->>'special_price')::double precision AS special_price
              FROM jsonb_array_elements(${JSON.stringify(unique)}::jsonb) AS x) AS e
        WHERE NOT EXISTS (
          SELECT 1 FROM (SELECT h.price, h.special_price FROM price_history AS h
                         WHERE h.store_code = ${storeCode} AND h.sku = e.sku AND h.valid_from <= ${at}
                         ORDER BY h.valid_from DESC LIMIT 1) AS current
          WHERE current.price = e.price AND current.special_price IS NOT DISTINCT FROM e.special_price)
        ON CONFLICT (store_code, sku, valid_from) DO UPDATE SET price = EXCLUDED.price, special_price = EXCLUDED.special_price
        RETURNING sku`)
      return rows.map((r) => r.sku)
    },

    /** The histories of these skus in the store view, oldest price first. */
    async historiesOf(storeCode: string, skus: readonly string[]): Promise<Map<string, PricePoint[]>> {
      const histories = new Map<string, PricePoint[]>()
      if (skus.length === 0) return histories
      const rows = await db.query<PriceHistoryRow>(sql`
        SELECT sku, price, special_price, valid_from FROM price_history
        WHERE store_code = ${storeCode} AND sku = ANY(${sqlArray([...new Set(skus)], 'text')})
        ORDER BY sku, valid_from`)
      for (const r of rows) {
        const list = histories.get(r.sku) ?? []
        list.push({
          price: Number(r.price),
          special_price: r.special_price === null || r.special_price === undefined ? null : Number(r.special_price),
          valid_from: r.valid_from,
        })
        histories.set(r.sku, list)
      }
      return histories
    },
  }
}
export type PriceHistoryRepository = ReturnType<typeof createPriceHistoryRepository>
