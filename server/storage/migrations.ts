/**
 * Versioned schema migrations, the same statements for PGlite (PostgreSQL 18) and PostgreSQL 15:
 * only SQL both accept. A migration is never edited once released; add a new version instead (at
 * the end of migrations/sales.ts, or a new file for a new area).
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { CATALOGUE_MIGRATIONS } from './migrations/catalogue'
import { CATALOGUE_LISTING_MIGRATIONS } from './migrations/catalogue-listing'
import { CONTENT_MIGRATIONS } from './migrations/content'
import { CUSTOMER_MIGRATIONS } from './migrations/customers'
import type { Migration } from './migrations/migration'
import { PRICE_MIGRATIONS } from './migrations/prices'
import { RETURN_MIGRATIONS } from './migrations/returns'
import { REVIEW_MIGRATIONS } from './migrations/reviews'
import { SALES_MIGRATIONS } from './migrations/sales'
import { STOCK_ALERT_MIGRATIONS } from './migrations/stock-alerts'

/** Every migration in version order; two areas picking the same version is caught here, at load. */
export const MIGRATIONS: Migration[] = inVersionOrder([
  ...CATALOGUE_MIGRATIONS,
  ...SALES_MIGRATIONS,
  ...CUSTOMER_MIGRATIONS,
  ...CATALOGUE_LISTING_MIGRATIONS,
  ...CONTENT_MIGRATIONS,
  ...PRICE_MIGRATIONS,
  ...REVIEW_MIGRATIONS,
  ...STOCK_ALERT_MIGRATIONS,
  ...RETURN_MIGRATIONS,
])

function inVersionOrder(migrations: Migration[]): Migration[] {
  const sorted = [...migrations].sort((a, b) => a.version - b.version)
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.version === sorted[i - 1]!.version) {
      throw new Error(`Two migrations have version ${sorted[i]!.version}: "${sorted[i - 1]!.name}" and "${sorted[i]!.name}"`)
    }
  }
  return sorted
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/** Applies the migrations not yet recorded, each in its own transaction. */
export async function migrate(db: Db): Promise<number[]> {
  await db.query(
    sql.raw(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`),
  )
  const done = new Set((await db.query<{ version: number }>(sql`SELECT version FROM schema_migrations`)).map((r) => Number(r.version)))
  const applied: number[] = []
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue
    try {
      await db.transaction(async (tx) => {
        // two servers starting on one PostgreSQL must not both migrate
        await tx.query(sql`SELECT pg_advisory_xact_lock(4242)`)
        const again = await tx.query(sql`SELECT 1 FROM schema_migrations WHERE version = ${m.version}`)
        if (again.length > 0) return
        for (const step of m.statements) {
          if (typeof step === 'string') await tx.query(sql.raw(step))
          else await step(tx)
        }
        await tx.query(sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${m.version}, ${m.name}, ${new Date().toISOString()})`)
      })
    } catch (err) {
      throw new MigrationError(`Migration ${m.version} (${m.name}) failed: ${(err as Error).message}`)
    }
    for (const step of m.after ?? []) await db.query(sql.raw(step))
    applied.push(m.version)
  }
  return applied
}
