/**
 * Which database work may wait: catalogue reads run as background reads, everything else (carts,
 * orders, accounts, payments, the replication feed) as it comes.
 *
 * - PGlite has one connection, so its queue (pglite-thread.ts) lets waiting work that is not a
 *   background read go first: a shopper's cart or order then waits for at most the statement that
 *   is running, never for a queue of catalogue searches. The mark travels with the async context,
 *   so the repositories' SQL and Drizzle in between need not know of it.
 * - PostgreSQL's pool has a few connections: background reads may hold only some of them at once
 *   (`concurrent`), so the others stay free for carts and orders whatever the catalogue is asked.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from './db'

const backgroundRead = new AsyncLocalStorage<true>()

/** Runs `fn` with every query it sends (awaited or not) marked as a background read. */
export function asBackgroundRead<T>(fn: () => Promise<T>): Promise<T> {
  return backgroundRead.run(true, fn)
}

export function isBackgroundRead(): boolean {
  return backgroundRead.getStore() === true
}

const holdMeter = new AsyncLocalStorage<{ heldMs: number | undefined }>()

/**
 * Runs `fn` and says how long its statements held the database: what the database reported
 * (PGlite's queue knows when a statement got the connection and when it gave it back), else the
 * time `fn` took. A piece of a search (catalog-pieces.ts) is sized by it: under load the time a
 * statement waits for the connection grows, the time it holds it does not.
 */
export async function timedHold<T>(fn: () => Promise<T>): Promise<{ value: T; heldMs: number }> {
  const meter = { heldMs: undefined as number | undefined }
  const started = performance.now()
  const value = await holdMeter.run(meter, fn)
  return { value, heldMs: meter.heldMs ?? performance.now() - started }
}

/** For the database: the caller's meter, to add how long its statement held the connection. */
export function holdMeterOfCaller(): { heldMs: number | undefined } | undefined {
  return holdMeter.getStore()
}

/** At most `size` holders at once; the others wait in turn. */
function createGate(size: number) {
  let held = 0
  const waiting: (() => void)[] = []
  return async function through<T>(fn: () => Promise<T>): Promise<T> {
    if (held >= size) await new Promise<void>((resolve) => waiting.push(resolve))
    else held += 1
    try {
      return await fn()
    } finally {
      // the turn passes straight to the next in line (held stays counted for it)
      const next = waiting.shift()
      if (next) next()
      else held -= 1
    }
  }
}

/**
 * `db` with every query and transaction sent through it marked as a background read, and at most
 * `concurrent` of them (a query, or a transaction from start to end) running at once.
 */
export function backgroundReadsOf(db: Db, options: { concurrent?: number } = {}): Db {
  const through = createGate(options.concurrent ?? Number.POSITIVE_INFINITY)
  return {
    interruptible: db.interruptible,
    query: (query) => asBackgroundRead(() => through(() => db.query(query))),
    transaction: (fn) => asBackgroundRead(() => through(() => db.transaction(fn))),
  }
}
