/**
 * The worker's network role: whether it is online (the browser says so and the server answers,
 * workers/connectivity), whether the server is in trouble (online, but its last answer was a 5xx:
 * the shopper is told "the shop is not answering", not "you are offline") and whether
 * this tab is the leader. Only the leader does network work (replication, cart sync, the task
 * queue); every tab reads and writes locally.
 */
import type { FetchLike } from '../replication/api-client'
import { Reachability } from './connectivity'
import type { DataApi } from './data-api'

export interface NetworkRoleDeps {
  fetch: FetchLike
  initialOnline?: boolean
  /** asks the server whether it answers */
  probe: () => Promise<boolean>
  /** online or leader changed: the composition root tells the modules */
  onChange: () => Promise<void>
  /** the server went into trouble or out of it: only the status changes */
  onServerTroubleChange?: () => void
  /** the probe's timer (the worker's one: the outbox's); returns the cancel */
  setTimer: (run: () => void, ms: number) => () => void
  /** the longest delay between probes while the server does not answer */
  probeMaxDelayMs?: () => number
}

export class NetworkRole {
  /** the browser's navigator.onLine, as the page reports it */
  private browserOnline: boolean
  /** the server answers (lie-fi, captive portals, dead cells) */
  private readonly reachability: Reachability
  /** every request of the worker, its network failures watched by `reachability` */
  readonly fetch: FetchLike
  isLeader = false
  /** the server's last answer was a 5xx (any later answer below 500 clears it) */
  private lastAnswerFailed = false

  constructor(private readonly deps: NetworkRoleDeps) {
    this.browserOnline = deps.initialOnline ?? true
    this.reachability = new Reachability({
      probe: deps.probe,
      onChange: () => void deps.onChange(),
      setTimer: deps.setTimer,
      ...(deps.probeMaxDelayMs ? { maxDelayMs: deps.probeMaxDelayMs } : {}),
    })
    this.fetch = this.watchAnswers(this.reachability.observe(deps.fetch))
  }

  /** Online for the worker: the browser says so and the server answers. */
  get online(): boolean {
    return this.browserOnline && this.reachability.isReachable
  }

  /** Online, but the server's last answer was an error of its own (5xx). */
  get serverTrouble(): boolean {
    return this.online && this.lastAnswerFailed
  }

  private watchAnswers(fetch: FetchLike): FetchLike {
    return async (input, init) => {
      const response = await fetch(input, init)
      const failed = response.status >= 500
      if (failed !== this.lastAnswerFailed) {
        this.lastAnswerFailed = failed
        this.deps.onServerTroubleChange?.()
      }
      return response
    }
  }

  readonly api = {
    setOnline: async (online: boolean): Promise<void> => {
      this.browserOnline = online
      // back online by the browser's word: ask the server now instead of at the next probe
      if (online) await this.reachability.checkNow()
      await this.deps.onChange()
    },
  } satisfies Partial<DataApi>

  /**
   * The server was heard outside the watched requests (the live stream opened: its answers never
   * come from a cache): asked now, not at the next probe, which may be seconds away when the network
   * came back without the browser saying so.
   */
  serverHeard(): Promise<void> {
    return this.reachability.checkNow()
  }

  close(): void {
    this.lastAnswerFailed = false
    this.reachability.reset()
    this.isLeader = false
  }
}
