/**
 * The embedded PostgreSQL (PGlite) runs in a worker thread, not on the server's main thread.
 *
 * PGlite executes SQL synchronously inside WebAssembly and has no timer that can interrupt a
 * statement (statement_timeout is ignored). On the main thread every statement would freeze the
 * whole process while it ran: static files, `GET /api`, every other shopper. On its own thread a
 * statement only holds the database; the event loop keeps answering, and SQL gets the second core.
 *
 * This is the part of PGlite's client that Drizzle's PGlite driver uses (`query`, `transaction`).
 * PGlite is one connection: a transaction holds it from BEGIN to COMMIT, and every other query
 * waits for it (as PGlite's own `transaction()` does).
 */
import { AsyncResource } from 'node:async_hooks'
import { Worker } from 'node:worker_threads'
import { holdMeterOfCaller, isBackgroundRead } from './query-priority'

/** turns other work may take in a row while a background read waits */
const URGENT_TURNS_IN_A_ROW = 16
/** how long the connection waits for more work of a cart or an order before a background read takes it */
const URGENT_GRACE_MS = 10

interface QueryOptions {
  rowMode?: 'array' | 'object'
}

export interface ThreadResults {
  rows: unknown[]
  fields: { name: string; dataTypeID: number }[]
  affectedRows?: number
}

/** A database error as PGlite threw it on the other thread (SQLSTATE in `code`). */
export class PgliteThreadError extends Error {
  code?: string
  detail?: string
  constructor(described: { name?: string; message: string; code?: string; detail?: string }) {
    super(described.message)
    this.name = described.name === 'error' || !described.name ? 'DatabaseError' : described.name
    Object.assign(this, described)
  }
}

type Reply = { id: number; result?: ThreadResults | null; error?: { message: string } }

export interface PgliteClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>
  transaction<T>(fn: (tx: Pick<PgliteClient, 'query'>) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export async function openPgliteThread(dir: string): Promise<PgliteClient> {
  const worker = new Worker(new URL('./pglite-thread.worker.mjs', import.meta.url), { workerData: { dir } })
  const ready = await new Promise<{ ready: boolean; error?: { message: string } }>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  if (!ready.ready) {
    await worker.terminate()
    throw new PgliteThreadError(ready.error ?? { message: 'PGlite did not start' })
  }

  let nextId = 1
  const pending = new Map<number, { resolve: (r: ThreadResults | null) => void; reject: (e: Error) => void }>()
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id)
    if (!waiting) return
    pending.delete(reply.id)
    if (reply.error) waiting.reject(new PgliteThreadError(reply.error))
    else waiting.resolve(reply.result ?? null)
  })
  const failAll = (err: Error) => {
    for (const waiting of pending.values()) waiting.reject(err)
    pending.clear()
  }
  worker.on('error', failAll)
  worker.on('exit', (code) => failAll(new Error(`The PGlite thread stopped (exit code ${code})`)))

  function send(message: Record<string, unknown>): Promise<ThreadResults | null> {
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...message, id })
    })
  }
  async function run(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<ThreadResults> {
    const result = await send({ sql, params, rowMode: options.rowMode ?? 'object' })
    return result ?? { rows: [], fields: [] }
  }

  // one holder of the connection at a time: a query, or a transaction from BEGIN to its end. Work
  // waits in two lanes (query-priority.ts): background reads (catalogue searches) take their turn
  // only when no other work waits, or after URGENT_TURNS_IN_A_ROW turns of it, so a steady stream
  // of carts and orders cannot starve the catalogue either. After other work the connection stays
  // free for URGENT_GRACE_MS: a cart or an order is a run of queries with a little JavaScript
  // between them, and a search statement slipping in between would hold up each of them.
  const lanes = { urgent: [] as (() => void)[], background: [] as (() => void)[] }
  let holding = false
  let urgentInARow = 0
  let grace: NodeJS.Timeout | undefined
  function nextTurn(afterUrgent = false): void {
    clearTimeout(grace)
    grace = undefined
    holding = false
    if (afterUrgent && lanes.urgent.length === 0 && lanes.background.length > 0 && urgentInARow < URGENT_TURNS_IN_A_ROW) {
      grace = setTimeout(() => nextTurn(), URGENT_GRACE_MS).unref()
      return
    }
    const background = lanes.background.length > 0 && (lanes.urgent.length === 0 || urgentInARow >= URGENT_TURNS_IN_A_ROW)
    const start = background ? lanes.background.shift() : lanes.urgent.shift()
    if (!start) return
    holding = true
    urgentInARow = background || lanes.background.length === 0 ? 0 : urgentInARow + 1
    start()
  }
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const urgent = !isBackgroundRead()
    const meter = holdMeterOfCaller()
    return new Promise<T>((resolve, reject) => {
      // run in the caller's async context (its background mark, its request), not in that of the
      // turn before, which is where nextTurn calls it
      const start = AsyncResource.bind(() => {
        const held = performance.now()
        // the meter is told before the caller hears back, so it reads the time with the answer
        const release = () => {
          if (meter) meter.heldMs = (meter.heldMs ?? 0) + performance.now() - held
        }
        void Promise.resolve()
          .then(fn)
          .then(
            (value) => {
              release()
              resolve(value)
            },
            (err: unknown) => {
              release()
              reject(err as Error)
            },
          )
          .finally(() => nextTurn(urgent))
      })
      ;(urgent ? lanes.urgent : lanes.background).push(start)
      // in the grace after other work only other work starts at once
      if (!holding && (grace === undefined || urgent)) nextTurn()
    })
  }

  return {
    query: (sql, params, options) => exclusive(() => run(sql, params, options)),
    transaction: (fn) =>
      exclusive(async () => {
        await run('BEGIN')
        try {
          const result = await fn({ query: run })
          await run('COMMIT')
          return result
        } catch (err) {
          await run('ROLLBACK').catch(() => undefined)
          throw err
        }
      }),
    async close() {
      await exclusive(() => send({ close: true }))
      await worker.terminate()
    },
  }
}
