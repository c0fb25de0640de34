/**
 * Runs the cart sync (replication/cart-sync) in the leader tab only: whenever a line changes in
 * any tab (RxDB's multi-instance change stream), when the device comes back online, and at start.
 * Runs never overlap; a change during a run schedules one more run after it. A run the server
 * answered "not now" (429, 503, a dropped connection) is tried again by itself, backing off.
 *
 * The client state is forced (the local cart wins) whenever there are local changes the server
 * has not seen (hash differs from the last synced hash): otherwise a line removed offline would
 * come back from the server. Without local changes the server's lines are taken in.
 */
import type { CartItem, ServerCartItem } from '../../domain/cart.schema'
import type { StockItem } from '../../domain/api/stock.schema'
import type { ApiClient } from '../../replication/api-client'
import { isTransientError, retryDelayMs } from '../../replication/api-errors'
import { authoriseCart } from '../../replication/cart-authorise'
import { CartSyncDisabledError, syncCart } from '../../replication/cart-sync'
import { hasLocalChanges, type CartStore } from '../../replication/cart-store'
import type { CartSyncResult } from '../../replication/cart-sync'
import { CoalescedRun } from '../coalesced-run'

export interface CartSyncSchedulerDeps {
  api: ApiClient
  store: CartStore
  isOnline: () => boolean
  isLeader: () => boolean
  token: () => string | null
  now: () => number
  checkStock: (sku: string) => Promise<StockItem | null>
  localItemFromServer: (server: ServerCartItem) => Promise<CartItem | null>
  onError?: (error: unknown) => void
  debounceMs?: number
}

export class CartSyncScheduler {
  private readonly runner = new CoalescedRun(() => this.once())
  /** a run that must happen even without local changes (start, back online) was asked for */
  private fullRequested = false
  private timer: ReturnType<typeof setTimeout> | null = null
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  /** transient failures in a row (the back-off's exponent) */
  private failures = 0
  disabled = false
  lastResult: CartSyncResult | null = null

  constructor(private readonly deps: CartSyncSchedulerDeps) {}

  /**
   * Debounced, after line changes: a burst gives one sync, and a change that leaves the cart as
   * last synced (the sync's own id stamps) gives none.
   */
  schedule(): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.run()
    }, this.deps.debounceMs ?? 50)
  }

  /** A full sync now (or right after the current one), even without local changes. */
  async runNow(): Promise<void> {
    this.fullRequested = true
    return this.run()
  }

  /**
   * spec §4 "Login": the cart authorised (the customer's server cart connected and merged, the
   * coupon moved onto it) by the next run of the leader, never at the same time as a sync. The
   * request is stored in the cart's state (`authorisePending`), not held by this tab: a login in a
   * tab that is not the leader is authorised by the leader (its scheduler runs when the state
   * changes, workers/cart/cart-module), once, and the flag is cleared by the run that did it.
   * Offline it waits, and a run the server answered "not now" tries it again.
   */
  async authorise(): Promise<void> {
    await this.deps.store.setState({ authorisePending: true })
    return this.runNow()
  }

  private run(): Promise<void> {
    return this.runner.run()
  }

  private async once(): Promise<void> {
    const { deps } = this
    if (!deps.isOnline() || !deps.isLeader() || this.disabled) return
    let full = false
    try {
      const items = await deps.store.getItems()
      const state = await deps.store.getState()
      const localChanges = hasLocalChanges(items, state, deps.token())
      full = this.fullRequested
      this.fullRequested = false
      if (state.authorisePending && deps.token()) {
        this.lastResult = await authoriseCart({
          api: deps.api,
          store: deps.store,
          now: deps.now,
          token: deps.token,
          localItemFromServer: deps.localItemFromServer,
        })
        await deps.store.setState({ authorisePending: false })
        await this.recheckStock()
        this.failures = 0
        return
      }
      // logged out before it was done: nothing to authorise
      if (state.authorisePending) await deps.store.setState({ authorisePending: false })
      if (!full && (!localChanges || (items.length === 0 && !state.serverCartId))) return
      this.lastResult = await syncCart(
        { api: deps.api, store: deps.store, now: deps.now, token: deps.token, localItemFromServer: deps.localItemFromServer },
        { forceClientState: localChanges },
      )
      await this.recheckStock()
      this.failures = 0
    } catch (error) {
      if (error instanceof CartSyncDisabledError) this.disabled = true
      if (!isTransientError(error)) {
        // refused for good: not asked again at every run (the next login asks anew)
        await deps.store.setState({ authorisePending: false }).catch(() => undefined)
        return deps.onError?.(error)
      }
      // the unsent lines stay as they are (local changes still differ from the synced hash)
      if (full) this.fullRequested = true
      this.retryAfter(retryDelayMs(error, this.failures))
      this.failures += 1
    }
  }

  /** Lines added offline carry info.stock = 'unchecked' (spec "Stock sync result"). */
  private async recheckStock(): Promise<void> {
    for (const item of await this.deps.store.getItems()) {
      if (item.info?.stock !== 'unchecked') continue
      const stock = await this.deps.checkStock(item.sku)
      if (!stock) return
      const { info: _info, errors: _errors, ...rest } = item
      const inStock = stock.stock_status !== 'out_of_stock'
      await this.deps.store.putItem({
        ...rest,
        is_in_stock: inStock,
        ...(inStock ? { info: { stock: 'inStock' } } : { errors: { stock: 'outOfTheStock' } }),
      })
    }
  }

  private retryAfter(ms: number): void {
    if (this.retryTimer) return
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      void this.run()
    }, ms)
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.timer = null
    this.retryTimer = null
  }
}
