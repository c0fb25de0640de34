/**
 * Shares the change feed between processes on one PostgreSQL database (LISTEN/NOTIFY): this
 * process's changes are NOTIFYed, other processes' notices reach this process's listeners as a
 * RESYNC of their store view. Another process (the seed command, a second server) may import into
 * the same database.
 *
 * A LISTEN lives as long as its connection, and notices sent while nobody listens are gone. The
 * connection is lost on a restart, a failover, pg_terminate_backend, or a proxy or firewall closing
 * it; so the relay connects again, with back-off, for as long as the storage is open, and once it
 * listens again it tells every stream of every store view to pull: a client pulls from its own
 * checkpoint, so nothing changed during the gap is missed, and this process's caches (which follow
 * the feed) drop what they kept meanwhile. LISTEN comes before that RESYNC, so a change made after
 * it is both notified and pulled, never neither.
 *
 * A connection that dies without a word (a firewall forgetting it) would look alive for good: a
 * periodic ping finds it, and keeps it from looking idle to such a firewall.
 *
 * What this does not cover: the notice goes out after the commit, so a process killed between the
 * two leaves its change unannounced. Other processes' tabs then get it at their next RESYNC, unless
 * a change pushed to them meanwhile moved their checkpoint past it; only a NOTIFY inside the writing
 * transaction (PostgreSQL delivers those at commit) would close that gap.
 */
import type { Client } from 'pg'
import { STORE_CODES } from '../../domain/store-views'
import type { ChangeFeed } from './change-feed'
import { describeError, type StorageLog } from './opened-database'

const NOTIFY_CHANNEL = 'polder_changes'

export interface RelayTimings {
  /** the first wait before connecting again; it doubles with each failure up to retryMaxMs */
  retryFirstMs: number
  retryMaxMs: number
  /** how often the LISTEN connection is asked `SELECT 1` */
  pingEveryMs: number
  /** a live server answers the ping at once: no answer within this, and the connection is given up */
  pingTimeoutMs: number
}

export const DEFAULT_RELAY_TIMINGS: RelayTimings = {
  retryFirstMs: 250,
  // back within this of PostgreSQL being back (plus the connect itself)
  retryMaxMs: 1_000,
  pingEveryMs: 15_000,
  pingTimeoutMs: 5_000,
}

export interface RelayDeps {
  /**
   * A client for the LISTEN, not connected yet, of its own (never a pooled one: the pool would hand
   * it to others and close it when idle), whose queries time out after `queryTimeoutMs`.
   */
  newClient(queryTimeoutMs: number): Client
  /** sends one notice (on a pooled connection) */
  notify(channel: string, payload: string): Promise<unknown>
  feed: ChangeFeed
  log(): StorageLog
  timings?: Partial<RelayTimings>
}

export interface ChangeRelay {
  close(): Promise<void>
}

/** Connects the LISTEN (failing if it cannot, as the storage's open does), then keeps it. */
export async function startChangeRelay(deps: RelayDeps): Promise<ChangeRelay> {
  const timings = { ...DEFAULT_RELAY_TIMINGS, ...deps.timings }
  const feed = deps.feed
  // other processes' notices go to this process's listeners only (never NOTIFYed again)
  const publishHere = feed.publish.bind(feed)
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`
  const backOff = (failures: number) => Math.min(timings.retryMaxMs, timings.retryFirstMs * 2 ** failures)
  let closed = false

  // one import sends a notice per store view and collection: one RESYNC per store view is enough
  const pending = new Set<string>()
  let flush: NodeJS.Timeout | undefined
  const onNotification = (message: { payload?: string }) => {
    let note: { origin?: string; storeCode?: string }
    try {
      note = JSON.parse(message.payload ?? '{}') as typeof note
    } catch {
      return
    }
    if (note.origin === origin || typeof note.storeCode !== 'string') return
    pending.add(note.storeCode)
    flush ??= setTimeout(() => {
      flush = undefined
      for (const storeCode of pending) publishHere({ storeCode, collection: 'products', rows: [], resync: true })
      pending.clear()
    }, 100)
  }

  // --- the LISTEN connection
  let current: Client | undefined
  let ping: NodeJS.Timeout | undefined
  let retry: NodeJS.Timeout | undefined
  let failures = 0
  let lostAt = 0

  async function listen(): Promise<Client> {
    const client = deps.newClient(timings.pingTimeoutMs)
    // every error and end of a client is handled (an 'error' nobody listens to ends the process);
    // only the current client's loss matters, a client given up on is left to close
    client.on('error', (err) => lost(client, err))
    client.on('end', () => lost(client, new Error('Connection terminated')))
    client.on('notification', onNotification)
    try {
      await client.connect()
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`)
    } catch (err) {
      client.end().catch(() => undefined)
      throw err
    }
    return client
  }

  function adopt(client: Client): void {
    current = client
    ping = setInterval(() => {
      client.query('SELECT 1').catch((err: unknown) => lost(client, err))
    }, timings.pingEveryMs)
    ping.unref()
  }

  function lost(client: Client, err: unknown): void {
    if (closed || client !== current) return
    current = undefined
    clearInterval(ping)
    lostAt = Date.now()
    deps.log().warn(describeError(err), 'the change feed lost its PostgreSQL connection (LISTEN): connecting again')
    client.end().catch(() => undefined)
    scheduleListen()
  }

  function scheduleListen(): void {
    retry = setTimeout(() => void listenAgain(), backOff(failures))
    retry.unref()
  }

  async function listenAgain(): Promise<void> {
    retry = undefined
    if (closed) return
    let client: Client
    try {
      client = await listen()
    } catch {
      failures += 1
      if (!closed) scheduleListen()
      return
    }
    if (closed) {
      client.end().catch(() => undefined)
      return
    }
    adopt(client)
    deps.log().info({ attempts: failures + 1, ms: Date.now() - lostAt }, 'the change feed listens again: every stream is told to pull')
    failures = 0
    for (const storeCode of STORE_CODES) publishHere({ storeCode, collection: 'products', rows: [], resync: true })
  }

  adopt(await listen())

  // --- this process's notices
  // a notice lost with its connection (the change itself committed) is sent again, as a RESYNC of
  // its store view, until one gets through: a process whose own LISTEN survived would miss it
  const unsent = new Set<string>()
  let resend: NodeJS.Timeout | undefined
  let resendFailures = 0
  const note = (storeCode: string, collection: string) => deps.notify(NOTIFY_CHANNEL, JSON.stringify({ origin, storeCode, collection }))
  const send = (storeCode: string, collection: string) =>
    note(storeCode, collection).catch(() => {
      unsent.add(storeCode)
      scheduleResend()
    })
  function scheduleResend(): void {
    if (resend || closed) return
    resend = setTimeout(() => {
      const storeCodes = [...unsent]
      unsent.clear()
      void Promise.all(storeCodes.map((storeCode) => note(storeCode, 'products').catch(() => unsent.add(storeCode)))).then(() => {
        resend = undefined
        resendFailures = unsent.size > 0 ? resendFailures + 1 : 0
        if (unsent.size > 0) scheduleResend()
      })
    }, backOff(resendFailures))
    resend.unref()
  }

  // every change of ours reaches the other processes, a bulk import's single resync included
  feed.publish = (event) => {
    publishHere(event)
    if (!event.resync && event.rows.length === 0) return
    void send(event.storeCode, event.collection)
  }

  return {
    async close() {
      closed = true
      clearInterval(ping)
      clearTimeout(retry)
      clearTimeout(resend)
      clearTimeout(flush)
      feed.publish = publishHere
      await current?.end().catch(() => undefined)
    },
  }
}
