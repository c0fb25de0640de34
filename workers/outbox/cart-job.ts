/**
 * The outbox's cart job: the cart sync (replication/cart-sync), run by the outbox in the leader tab
 * only: whenever a line changes in any tab (RxDB's multi-instance change stream, woken by
 * workers/cart), when the device comes back online, and at start. A run the server answered "not
 * now" (429, 503, a dropped connection) is tried again by the outbox after its back-off.
 *
 * The client state is forced (the local cart wins) whenever there are local changes the server
 * has not seen (hash differs from the last synced hash): otherwise a line removed offline would
 * come back from the server. Without local changes the server's lines are taken in.
 */
import type { CartItem, ServerCartItem } from '../../domain/cart.schema'
import type { StockItem } from '../../domain/api/stock.schema'
import type { ApiClient } from '../../replication/api-client'
import { isTransientError } from '../../replication/api-errors'
import { authoriseCart } from '../../replication/cart-authorise'
import { CartSyncDisabledError, syncCart } from '../../replication/cart-sync'
import { hasLocalChanges, type CartStore } from '../../replication/cart-store'
import type { CartSyncResult } from '../../replication/cart-sync'
import { DONE, type JobOutcome, type OutboxJob } from './outbox'

export interface CartJobDeps {
  api: ApiClient
  store: CartStore
  token: () => string | null
  now: () => number
  checkStock: (sku: string) => Promise<StockItem | null>
  localItemFromServer: (server: ServerCartItem) => Promise<CartItem | null>
  onError?: (error: unknown) => void
}

export class CartJob implements OutboxJob {
  readonly kind = 'cart'
  /** a run that must happen even without local changes (start, back online, the shopper's call) was asked for */
  private fullRequested = false
  disabled = false
  lastResult: CartSyncResult | null = null

  constructor(private readonly deps: CartJobDeps) {}

  /**
   * One sync. `forced` (a wake `now`: start, back online, a login's authorisation, a coupon call)
   * syncs even without local changes; a change of lines alone syncs only what differs.
   */
  async run(forced = false): Promise<JobOutcome> {
    const { deps } = this
    if (forced) this.fullRequested = true
    if (this.disabled) return DONE
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
        return DONE
      }
      // logged out before it was done: nothing to authorise
      if (state.authorisePending) await deps.store.setState({ authorisePending: false })
      if (!full && (!localChanges || (items.length === 0 && !state.serverCartId))) return DONE
      this.lastResult = await syncCart(
        { api: deps.api, store: deps.store, now: deps.now, token: deps.token, localItemFromServer: deps.localItemFromServer },
        { forceClientState: localChanges },
      )
      await this.recheckStock()
      return DONE
    } catch (error) {
      if (error instanceof CartSyncDisabledError) this.disabled = true
      if (!isTransientError(error)) {
        // refused for good: not asked again at every run (the next login asks anew)
        await deps.store.setState({ authorisePending: false }).catch(() => undefined)
        deps.onError?.(error)
        return DONE
      }
      // the unsent lines stay as they are (local changes still differ from the synced hash)
      if (full) this.fullRequested = true
      return { kind: 'retry', error }
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
}
