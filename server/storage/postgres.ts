/**
 * PostgreSQL (DATABASE_URL) through node-postgres' pool, kept alive through connection losses.
 *
 * PostgreSQL may drop any connection at any time: a restart, a failover, pg_terminate_backend, an
 * idle time-out of a proxy or firewall. node-postgres reports it as an 'error' event, on the pool
 * for an idle connection and on the client for one that is checked out (a transaction between two
 * statements), and an 'error' event nobody listens to ends the process. So both are listened to
 * here; the connection is dropped either way, the next request gets a new one, and a request that
 * was using it fails and is answered 503 (connection-loss.ts). Nothing here waits for PostgreSQL to
 * come back: the pool connects again on demand, so the shop serves as soon as it is back.
 */
import type { PoolClient } from 'pg'
import { isConnectionLost } from './connection-loss'
import type { DrizzleExecutor } from './db'
import { describeError, StorageOpenError, type OpenedDatabase, type StorageLog } from './opened-database'
import { startChangeRelay, type ChangeRelay, type RelayTimings } from './postgres-change-relay'

/** connections of the pool (index.ts keeps some of them from the catalogue's reads) */
export const POSTGRES_POOL_SIZE = 5

export interface PostgresOptions {
  /**
   * How long a request waits for a connection, a new one or a free one of the pool, before it fails
   * (503): without it a request would wait for an unreachable server for as long as the operating
   * system tries to connect.
   */
  connectTimeoutMs: number
  log(): StorageLog
  /** the LISTEN connection's back-off and ping (tests shorten them) */
  relay?: Partial<RelayTimings>
}

export async function openPostgres(url: string, options: PostgresOptions): Promise<OpenedDatabase> {
  const pg = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // a connection a firewall forgets is found by the kernel's keep-alive probes, and they keep it
    // from looking idle to the firewall in the first place
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  }
  const pool = new pg.default.Pool({
    ...connection,
    max: POSTGRES_POOL_SIZE,
    // idle connections are closed well before proxies' and firewalls' idle time-outs would
    idleTimeoutMillis: 10_000,
  })
  let closing = false
  const lost = (err: unknown) => {
    if (!closing) options.log().warn(describeError(err), 'a pooled PostgreSQL connection was lost')
  }
  // an idle connection's error: pg-pool has dropped the client already, and the client's own
  // listener below has logged it
  pool.on('error', () => undefined)
  // a checked-out client's error (pg-pool listens only while the client is idle in the pool)
  pool.on('connect', (client) => client.on('error', lost))

  try {
    await pool.query('SELECT 1')
  } catch (err) {
    closing = true
    await pool.end()
    throw new StorageOpenError(`Could not connect to PostgreSQL (DATABASE_URL): ${(err as Error).message}`)
  }

  const db = drizzle(pool) as unknown as DrizzleExecutor
  const executor: DrizzleExecutor = {
    execute: (query) => db.execute(query),
    // Drizzle's own transaction on a pool never gives the client back when BEGIN fails (a connection
    // lost just before it): every such loss would keep one of the pool's few connections for good.
    // Here the client is always released, and destroyed when its connection was lost.
    async transaction(fn) {
      const client: PoolClient = await pool.connect()
      let broken: Error | undefined
      try {
        return await (drizzle(client) as unknown as DrizzleExecutor).transaction(fn)
      } catch (err) {
        if (isConnectionLost(err)) broken = err as Error
        throw err
      } finally {
        client.release(broken)
      }
    },
  }

  let relay: ChangeRelay | undefined
  return {
    kind: 'postgres',
    description: 'PostgreSQL (DATABASE_URL)',
    executor,
    async connectChanges(feed) {
      relay = await startChangeRelay({
        newClient: (queryTimeoutMs) => new pg.default.Client({ ...connection, query_timeout: queryTimeoutMs }),
        notify: (channel, payload) => pool.query('SELECT pg_notify($1, $2)', [channel, payload]),
        feed,
        log: options.log,
        timings: options.relay,
      })
    },
    async close() {
      closing = true
      await relay?.close()
      await pool.end()
    },
  }
}
