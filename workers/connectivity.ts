/**
 * Whether the shop's server can be reached, beside the browser's `navigator.onLine`.
 *
 * The browser's flag only says a network interface is up: on a captive portal, a dead mobile cell or
 * an in-store Wi-Fi without uplink it stays true while every request fails ("lie-fi"). So the
 * worker watches its own requests: a fetch that rejects with a network failure (a TypeError; an
 * abort or a time-out says nothing about the network) marks the server unreachable, and from then on
 * a cheap probe is sent with a growing delay (5 s, 10 s, … at most 30 s) until the server answers.
 * Only the probe marks it reachable again: an answer served from the service worker's cache would
 * otherwise pass for the network.
 */
import type { FetchLike } from '../replication/api-client'

export const PROBE_MIN_DELAY_MS = 5_000
export const PROBE_MAX_DELAY_MS = 30_000
/**
 * A shop's tablet probes at the first delay, never backing off: the network often comes back
 * without the browser saying so (it said "online" all along), and the day's orders should go the
 * moment the server answers. One of a shop's few devices, on its own network: no load to spare.
 */
export const KIOSK_PROBE_MAX_DELAY_MS = PROBE_MIN_DELAY_MS

export interface ReachabilityOptions {
  /** true when the server answered (any HTTP answer from the network) */
  probe: () => Promise<boolean>
  onChange: (reachable: boolean) => void
  /** the probe's timer (the worker's one: the outbox runner's); returns the cancel */
  setTimer: (run: () => void, ms: number) => () => void
  /** the longest delay between probes (default PROBE_MAX_DELAY_MS), read at each */
  maxDelayMs?: () => number
}

export class Reachability {
  private reachable = true
  private delayMs = PROBE_MIN_DELAY_MS
  private cancelTimer: (() => void) | null = null
  private probing = false
  private readonly setTimer: ReachabilityOptions['setTimer']

  constructor(private readonly options: ReachabilityOptions) {
    this.setTimer = options.setTimer
  }

  get isReachable(): boolean {
    return this.reachable
  }

  /** The same fetch, with its network failures reported here. */
  observe(fetch: FetchLike): FetchLike {
    return async (input, init) => {
      try {
        return await fetch(input, init)
      } catch (error) {
        if (isNetworkFailure(error)) this.markUnreachable()
        throw error
      }
    }
  }

  markUnreachable(): void {
    if (!this.reachable) return
    this.reachable = false
    this.delayMs = PROBE_MIN_DELAY_MS
    this.options.onChange(false)
    this.scheduleProbe()
  }

  /** Probe at once (the browser says it is back online); no-op while reachable. */
  async checkNow(): Promise<void> {
    if (this.reachable) return
    this.cancelTimer?.()
    this.cancelTimer = null
    await this.runProbe()
  }

  /** Back to the first state (the service closes): no timer left, reachable until a request fails. */
  reset(): void {
    this.reachable = true
    this.cancelTimer?.()
    this.cancelTimer = null
  }

  private scheduleProbe(): void {
    this.cancelTimer?.()
    this.cancelTimer = this.setTimer(() => {
      this.cancelTimer = null
      void this.runProbe()
    }, this.delayMs)
  }

  private async runProbe(): Promise<void> {
    if (this.probing) return
    this.probing = true
    let answered: boolean
    try {
      answered = await this.options.probe()
    } catch {
      answered = false
    } finally {
      this.probing = false
    }
    if (this.reachable) return
    if (answered) {
      this.reachable = true
      this.options.onChange(true)
      return
    }
    this.delayMs = Math.min(this.delayMs * 2, this.options.maxDelayMs?.() ?? PROBE_MAX_DELAY_MS)
    this.scheduleProbe()
  }
}

/** fetch rejects with a TypeError when the network fails; AbortError / TimeoutError are the caller's own doing. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError
}
