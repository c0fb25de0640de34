/** Tax rules are shared by every store view; the rate is chosen per country at pricing time. */
import { sql } from 'drizzle-orm'
import type { TaxRule } from '../../domain/tax-rule.schema'
import type { Db } from './db'
import { sqlArray } from './sql-helpers'

export function createTaxRuleRepository(db: Db) {
  return {
    async replaceAll(rules: TaxRule[], now: string): Promise<void> {
      await db.query(
        sql`DELETE FROM tax_rules WHERE NOT (id = ANY(${sqlArray(
          rules.map((r) => r.id),
          'int',
        )}))`,
      )
      if (rules.length === 0) return
      const rows = rules.map((r) => ({ id: r.id, doc: { ...r, updated_at: r.updated_at ?? now }, updated_at: r.updated_at ?? now }))
      await db.query(sql`
        INSERT INTO tax_rules (id, doc, updated_at)
        SELECT (e->>'id')::int, e->'doc', e->>'updated_at' FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e
        ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, updated_at = EXCLUDED.updated_at`)
    },
    async list(): Promise<TaxRule[]> {
      const rows = await db.query<{ doc: TaxRule }>(sql`SELECT doc FROM tax_rules ORDER BY (doc->>'priority')::int, (doc->>'position')::int, id`)
      return rows.map((r) => r.doc)
    },
  }
}
export type TaxRuleRepository = ReturnType<typeof createTaxRuleRepository>
