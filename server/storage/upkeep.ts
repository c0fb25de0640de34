/**
 * Table upkeep for PGlite, which has no autovacuum: a long-running shop's cart lines, carts, stock
 * and tokens are updated and deleted all day, and without VACUUM their dead rows stay for good (the
 * tables and their indexes only grow), without ANALYZE the planner keeps the statistics of the
 * day the shop was seeded, and without freezing the database would one day stop at transaction ID
 * wraparound (PostgreSQL refuses writes when the oldest unfrozen transaction is ~2 billion old).
 *
 * The server runs `upkeep` every few minutes (server/app.ts). It does what autovacuum would do,
 * with autovacuum's own default rules (PostgreSQL 17 `autovacuum_*` settings), one table per
 * statement so the shop's queries get their turn between tables. On PostgreSQL it does nothing:
 * autovacuum is there.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './db'

/** What the statistics say of one table since its last vacuum and analyze. */
export interface TableActivity {
  schema: string
  table: string
  /** pg_class.reltuples: the row count the last vacuum or analyze saw (0 when never counted) */
  rows: number
  /** rows updated or deleted and not yet vacuumed away */
  deadRows: number
  /** rows inserted, updated or deleted since the last analyze */
  changedSinceAnalyze: number
  /** rows inserted since the last vacuum (they need one to be marked all-visible and frozen) */
  insertedSinceVacuum: number
  /** age of the table's oldest unfrozen transaction ID (its TOAST table's included) */
  xidAge: number
}

export interface UpkeepStep {
  schema: string
  table: string
  vacuum: boolean
  analyze: boolean
}

/** autovacuum's defaults (PostgreSQL 17): a table is due once its counts pass threshold + scale × rows */
export const UPKEEP_RULES = {
  vacuumThreshold: 50,
  vacuumScale: 0.2,
  insertThreshold: 1000,
  insertScale: 0.2,
  analyzeThreshold: 50,
  analyzeScale: 0.1,
  /** autovacuum_freeze_max_age: past it a table is vacuumed whatever its counts */
  freezeMaxAge: 200_000_000,
}

/**
 * The tables due a vacuum, an analyze or both, as autovacuum decides it (`relation_needs_vacanalyze`).
 *
 * `countsLost`: PGlite starts with empty statistics (it keeps no counts across a restart), so the
 * dead rows of the last run are unknown; the first look after a start vacuums every table. It is
 * cheap where nothing changed: the visibility map lets VACUUM skip every all-visible page.
 */
export function upkeepDue(tables: readonly TableActivity[], options: { countsLost?: boolean } = {}): UpkeepStep[] {
  const steps: UpkeepStep[] = []
  for (const t of tables) {
    const rows = Math.max(t.rows, 0)
    const vacuum =
      options.countsLost === true ||
      t.xidAge > UPKEEP_RULES.freezeMaxAge ||
      t.deadRows > UPKEEP_RULES.vacuumThreshold + UPKEEP_RULES.vacuumScale * rows ||
      t.insertedSinceVacuum > UPKEEP_RULES.insertThreshold + UPKEEP_RULES.insertScale * rows
    const analyze = t.changedSinceAnalyze > UPKEEP_RULES.analyzeThreshold + UPKEEP_RULES.analyzeScale * rows
    if (vacuum || analyze) steps.push({ schema: t.schema, table: t.table, vacuum, analyze })
  }
  return steps
}

interface ActivityRow {
  schema: string
  table: string
  rows: number | string
  dead_rows: number | string
  changed: number | string
  inserted: number | string
  xid_age: number | string
}

/**
 * Every table's activity: the shop's tables and the system catalogues (autovacuum looks after both,
 * and the database's oldest transaction ID only moves on once every table is frozen past it).
 */
export async function tableActivity(db: Db): Promise<TableActivity[]> {
  // a backend sends its counts to the statistics at most once a second; this makes the next
  // statement's end send them now, so the counts below include the last second's writes
  await db.query(sql`SELECT pg_stat_force_next_flush()`)
  const rows = await db.query<ActivityRow>(sql`
    SELECT n.nspname AS schema, c.relname AS table, greatest(c.reltuples, 0)::float8 AS rows,
      coalesce(s.n_dead_tup, 0) AS dead_rows, coalesce(s.n_mod_since_analyze, 0) AS changed,
      coalesce(s.n_ins_since_vacuum, 0) AS inserted,
      greatest(age(c.relfrozenxid), coalesce(age(toast.relfrozenxid), 0)) AS xid_age
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_class toast ON toast.oid = c.reltoastrelid
    LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
    WHERE c.relkind IN ('r', 'm') AND c.relpersistence = 'p' AND n.nspname <> 'information_schema'
    ORDER BY n.nspname, c.relname`)
  return rows.map((r) => ({
    schema: r.schema,
    table: r.table,
    rows: Number(r.rows),
    deadRows: Number(r.dead_rows),
    changedSinceAnalyze: Number(r.changed),
    insertedSinceVacuum: Number(r.inserted),
    xidAge: Number(r.xid_age),
  }))
}

/** Vacuums and analyzes the tables that are due, one statement each (outside any transaction); the steps done. */
export async function runUpkeep(db: Db, options: { countsLost?: boolean } = {}): Promise<UpkeepStep[]> {
  const steps = upkeepDue(await tableActivity(db), options)
  for (const step of steps) {
    const table = sql`${sql.identifier(step.schema)}.${sql.identifier(step.table)}`
    await db.query(step.vacuum ? (step.analyze ? sql`VACUUM (ANALYZE) ${table}` : sql`VACUUM ${table}`) : sql`ANALYZE ${table}`)
  }
  return steps
}
