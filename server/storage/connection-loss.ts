/**
 * Whether an error says the database could not be reached or the connection to it was lost (a
 * restart, a failover, pg_terminate_backend, a proxy or firewall closing the socket), as opposed to
 * a query that failed on its own. Such a request is worth trying again a few seconds later; the
 * answer must say so (503), not that the shop is broken (500).
 *
 * Drizzle wraps the driver's error (the cause holds it), pg-pool wraps a connect time-out's, and
 * Node gives an AggregateError when every address of a host name refused: the whole chain is read.
 */

/** Socket errors of a server that is gone, restarting, or not reachable from here. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // a failover that moves the host name: its address is briefly unknown
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATEs of the server ending or refusing sessions: admin_shutdown (pg_terminate_backend, a fast
 * shutdown), crash_shutdown, cannot_connect_now (starting up, in recovery), too_many_connections
 * (every slot taken for now). Class 08 (connection exception) is matched as a class.
 */
const SERVER_CODES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300'])

/** node-postgres and pg-pool say these in words only (no code). */
const DRIVER_MESSAGES: readonly RegExp[] = [
  // "Connection terminated unexpectedly", "... due to connection timeout"
  /^Connection terminated/,
  // pg-pool: no connection could be had within connectionTimeoutMillis
  /^timeout exceeded when trying to connect$/,
  // a client whose connection already failed ("encountered a connection error", "was closed")
  /is not queryable$/,
]

export function isConnectionLost(err: unknown): boolean {
  return connectionLossOf(err) !== undefined
}

/**
 * The code and message of the error in the chain that says the connection was lost, for the log
 * (not the wrapper's, whose message holds the query's values, nor the driver's error object, which
 * carries the client and its password).
 */
export function connectionLossOf(err: unknown): { code?: string; message: string } | undefined {
  const seen = new Set<unknown>()
  const pending: unknown[] = [err]
  while (pending.length > 0 && seen.size < 16) {
    const e = pending.pop()
    if (e === null || typeof e !== 'object' || seen.has(e)) continue
    seen.add(e)
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
    const text = typeof message === 'string' ? message : ''
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return { code, message: text }
    if (DRIVER_MESSAGES.some((m) => m.test(text))) return { message: text }
    pending.push(cause)
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]))
  }
  return undefined
}
