/**
 * An import leaves the catalogue's tables vacuumed (storage's vacuumCatalog): PGlite has no
 * autovacuum, so without it the replaced catalogue's rows would stay dead weight and the visibility
 * map empty, and the listing walk's index-only scans read every product_categories row anyway.
 * PGlite only: on PostgreSQL autovacuum may do the same on its own, so the check could not fail.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { afterEach, describe, expect, it } from 'vitest'
import { importShop } from '../../server/services/catalog-import'
import { openStorage } from '../../server/storage'
import { buildFixtureShop } from './fixtures'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(process.env.DATABASE_URL)('an import on PGlite', () => {
  it('leaves the listing tables all-visible, the second import too', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polder-vacuum-'))
    dirs.push(dataDir)
    const storage = await openStorage({ dataDir, databaseUrl: undefined })
    try {
      await importShop(storage, buildFixtureShop(), new Date('2026-06-16T08:00:00Z'))
      // a second import replaces the rows: the first one's are dead until vacuumed
      await importShop(storage, buildFixtureShop(), new Date('2026-06-17T08:00:00Z'))
    } finally {
      await storage.close()
    }
    const db = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm, unaccent } })
    try {
      const { rows } = await db.query<{ relname: string; relpages: number; relallvisible: number }>(
        `SELECT relname, relpages, relallvisible FROM pg_class WHERE relname IN ('products', 'product_categories') ORDER BY relname`,
      )
      expect(rows.map((r) => r.relname)).toEqual(['product_categories', 'products'])
      for (const row of rows) {
        expect(row.relpages, row.relname).toBeGreaterThan(0)
        expect(row.relallvisible, row.relname).toBe(row.relpages)
      }
    } finally {
      await db.close()
    }
  })
})
