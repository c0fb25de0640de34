/**
 * The one seam between our repositories and the two drivers (PGlite, node-postgres): both are
 * driven through Drizzle's `execute(sql)` and `transaction()`, and both answer `{ rows }`, so the
 * repositories never know which database they talk to.
 */
import { sql, type SQL } from 'drizzle-orm'

export interface Db {
  query<T>(query: SQL): Promise<T[]>
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  /**
   * Whether the database can stop a running statement (statement_timeout): PostgreSQL can, PGlite
   * cannot. Absent means it can.
   */
  readonly interruptible?: boolean
}

/** The part of a Drizzle database (or transaction) we use; both drivers' objects have it. */
export interface DrizzleExecutor {
  execute(query: SQL): PromiseLike<unknown>
  transaction<T>(fn: (tx: DrizzleExecutor) => Promise<T>): Promise<T>
}

export function wrapDrizzle(db: DrizzleExecutor, options: { interruptible?: boolean } = {}): Db {
  const interruptible = options.interruptible ?? true
  return {
    interruptible,
    async query<T>(query: SQL): Promise<T[]> {
      const result = (await db.execute(query)) as { rows?: T[] }
      return result.rows ?? []
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(wrapDrizzle(tx, { interruptible })))
    },
  }
}

/** A query (or a run of them) outlived its time budget and was stopped. */
export class QueryTimeoutError extends Error {
  override name = 'QueryTimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`The query took longer than ${timeoutMs} ms and was stopped`)
  }
}

/** PostgreSQL's query_canceled (a statement time-out), as the driver or Drizzle's wrapper carries it. */
export function isQueryCanceled(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null
  return e?.code === '57014' || e?.cause?.code === '57014'
}

/**
 * Runs `fn`, whose queries together must finish within `timeoutMs`.
 *
 * PostgreSQL: in a transaction, and PostgreSQL cancels a statement that runs past what is left
 * (statement_timeout, LOCAL to the transaction so a pooled connection goes back unchanged).
 *
 * PGlite has no timer that could interrupt a running statement (it ignores statement_timeout), so
 * there the budget is checked before each query, and the callers bound the size of each query
 * instead. Setting the ignored time-out, and BEGIN and COMMIT around a read, would be three of the
 * four round trips to its thread per search, so `fn`'s queries run as they
 * are unless `options.transaction` asks for one (a search that sets LOCAL settings). At READ
 * COMMITTED every statement takes its own snapshot either way: the transaction made a run of reads
 * no more consistent.
 *
 * `options.bounded`: the caller's queries cannot run away (a read of a bounded list of primary
 * keys), so PostgreSQL is not asked to time them either: they run as on PGlite, one round trip
 * each instead of four (BEGIN, the time-out, the query, COMMIT), the budget checked before each.
 */
export async function withTimeBudget<T>(
  db: Db,
  timeoutMs: number,
  fn: (tx: Db) => Promise<T>,
  options: { transaction?: boolean; bounded?: boolean } = {},
): Promise<T> {
  // the budget starts when the run holds its connection: on PGlite (one connection) a search queued
  // behind others under load must not spend its whole budget waiting and answer 503 without running
  let deadline = Date.now() + timeoutMs
  const interruptible = (db.interruptible ?? true) && !options.bounded
  const budgeted = (tx: Db): Db => ({
    interruptible,
    async query<R>(query: SQL): Promise<R[]> {
      const left = deadline - Date.now()
      if (left <= 0) throw new QueryTimeoutError(timeoutMs)
      if (interruptible) await tx.query(sql`SELECT set_config('statement_timeout', ${String(Math.ceil(left))}, true)`)
      return tx.query<R>(query)
    },
    transaction: (inner) => tx.transaction((t) => inner(budgeted(t))),
  })
  try {
    if (!interruptible && !options.transaction) return await fn(budgeted(db))
    return await db.transaction((tx) => {
      deadline = Date.now() + timeoutMs
      return fn(budgeted(tx))
    })
  } catch (err) {
    if (isQueryCanceled(err)) throw new QueryTimeoutError(timeoutMs)
    throw err
  }
}
