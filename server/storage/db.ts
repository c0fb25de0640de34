/**
 * The one seam between our repositories and the two drivers (PGlite, node-postgres): both are
 * driven through Drizzle's `execute(sql)` and `transaction()`, and both answer `{ rows }`, so the
 * repositories never know which database they talk to.
 */
import type { SQL } from 'drizzle-orm'

export interface Db {
  query<T>(query: SQL): Promise<T[]>
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
}

/** The part of a Drizzle database (or transaction) we use; both drivers' objects have it. */
export interface DrizzleExecutor {
  execute(query: SQL): PromiseLike<unknown>
  transaction<T>(fn: (tx: DrizzleExecutor) => Promise<T>): Promise<T>
}

export function wrapDrizzle(db: DrizzleExecutor): Db {
  return {
    async query<T>(query: SQL): Promise<T[]> {
      const result = (await db.execute(query)) as { rows?: T[] }
      return result.rows ?? []
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(wrapDrizzle(tx)))
    },
  }
}
