/**
 * The cart follows the shopper across store views, in the worker:
 * - `handOffCart(to)`: the store switcher asks before it leaves; the lines go to the shared
 *   HandoffStore and this store view's cart is emptied (the cart moves, it is not copied; the
 *   leader's next sync deletes the lines from this store view's server cart).
 * - on opening a store view (and on coming back online) the worker claims what waits for it and
 *   adds each line through the cart's own command path, priced from this store view's documents.
 *   A product this store view does not sell or refuses is left out and told as a cart notice; a
 *   line whose product cannot be read now (offline, first visit) waits in the store for later.
 *
 * Taking twice adds nothing: every placed line is recorded as taken (hand-off id and line index)
 * in this store view's session before the hand-off is removed from the shared store, so a worker
 * that dies between the two, or a hand-off put back, is skipped on the next take.
 */
import type { CartNotice } from '../../domain/cart-notice'
import type { Notification } from '../../domain/notifications'
import type { StoreCode } from '../../domain/store-views'
import type { CartCommand } from '../contract/commands'
import type { ProductView } from '../contract/views'
import type { DataApi } from '../data-api'
import { CollectionCartStore } from '../db/collection-stores'
import { modifySessionRecord, recordValue } from '../db/session-records'
import type { ProductStore } from '../catalog/product-store'
import { PerStore, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import { placeHandoffLine, toHandoffLine, type CartHandoff, type HandoffLine, type HandoffProduct, type HandoffStore } from './cart-handoff'

/** the session record of the hand-off lines this store view has placed */
const TAKEN_ID = 'cart-handoffs'
/** enough to outlive any hand-off still in the shared store */
const TAKEN_KEPT = 200

/** The keys of the handoffs this store view has taken, as the record holds them. */
function takenOf(value: unknown): string[] {
  const taken = (value as { taken?: unknown } | undefined)?.taken
  return Array.isArray(taken) ? taken.filter((key): key is string => typeof key === 'string') : []
}

export interface CartHandoffModuleDeps {
  session: WorkerSession
  /** null where no shared store exists (tests that do not need one) */
  handoffs: HandoffStore | null
  /** the product store of the opened store view */
  products: () => ProductStore
  /** the cart module's command entry (one command at a time, views pushed before it answers) */
  applyCartCommand: (command: CartCommand) => Promise<Notification[]>
}

interface Opened {
  store: OpenedStore
  cartStore: CollectionCartStore
}

export class CartHandoffModule implements WorkerModule {
  private readonly opened = new PerStore<Opened>()
  private taking: Promise<void> = Promise.resolve()

  constructor(private readonly deps: CartHandoffModuleDeps) {}

  open(store: OpenedStore): void {
    this.opened.set({ store, cartStore: new CollectionCartStore(store.db) })
    void this.take()
  }

  connectivity(online: boolean): void {
    // lines that waited for their product's documents may be placed now
    if (online) void this.take()
  }

  close(): void {
    this.opened.set(null)
  }

  readonly api = {
    handOffCart: async (to: StoreCode): Promise<void> => {
      const { handoffs, session } = this.deps
      const opened = this.opened.peek()
      const from = opened?.store.config.storeCode
      if (!handoffs || !opened || !from || to === from) return
      // a take still placing lines finishes first, so they move too
      await this.taking
      await handoffs.readdress(from, to)
      const items = await opened.cartStore.getItems()
      if (items.length === 0) return
      await handoffs.put({ id: session.newId(), from, to, lines: items.map(toHandoffLine), at: session.now() })
      for (const item of items) await this.deps.applyCartCommand({ type: 'remove', key: item.key })
    },
  } satisfies Partial<DataApi>

  /** Claims and places what waits for this store view; one take at a time. Never rejects. */
  take(): Promise<void> {
    this.taking = this.taking.then(() =>
      this.takeOnce().catch((error: unknown) => {
        console.warn('[cart] the cart from another store view could not be taken', error)
      }),
    )
    return this.taking
  }

  private async takeOnce(): Promise<void> {
    const { handoffs, session } = this.deps
    const opened = this.opened.peek()
    if (!handoffs || !opened) return
    for (const handoff of await handoffs.claim(opened.store.config.storeCode, session.now())) {
      if (this.opened.peek() !== opened) return handoffs.release(handoff.id)
      try {
        await this.place(opened, handoff)
      } catch (error) {
        await handoffs.release(handoff.id)
        throw error
      }
    }
  }

  private async place(opened: Opened, handoff: CartHandoff): Promise<void> {
    const { handoffs, session, applyCartCommand } = this.deps
    if (!handoffs) return
    const { cartStore, store } = opened
    const waiting: HandoffLine[] = []
    const notices: CartNotice[] = []
    for (const [index, line] of handoff.lines.entries()) {
      const key = `${handoff.id}/${index}`
      if ((await this.taken(opened)).includes(key)) continue
      const placed = await placeHandoffLine({ product: (sku) => this.product(sku), apply: applyCartCommand }, line)
      if (placed === 'wait') {
        waiting.push(line)
        continue
      }
      if (placed !== 'added') notices.push({ id: session.newId(), kind: placed === 'notSold' ? 'notSoldHere' : 'notMovedHere', sku: line.sku, name: line.name })
      await this.recordTaken(opened, key)
    }
    if (notices.length > 0) {
      const state = await cartStore.getState()
      await cartStore.setState({ notices: [...(state.notices ?? []), ...notices] })
    }
    if (waiting.length > 0) {
      await handoffs.put({ ...handoff, id: session.newId(), to: store.config.storeCode, lines: waiting, at: session.now() })
    }
    await handoffs.remove(handoff.id)
  }

  private async taken({ store }: Opened): Promise<string[]> {
    const doc = await store.db.session.findOne(TAKEN_ID).exec()
    return takenOf(recordValue(doc))
  }

  private async recordTaken(opened: Opened, key: string): Promise<void> {
    await modifySessionRecord(opened.store.db, TAKEN_ID, (value) => ({ taken: [...takenOf(value), key].slice(-TAKEN_KEPT) }))
  }

  /** What this store view knows of a product now: local first, the server when online. */
  private async product(sku: string): Promise<HandoffProduct> {
    let last: ProductView | null = null
    await this.deps.products().loadView(sku, (view) => {
      last = view
    })
    const view = last as ProductView | null
    if (view?.state === 'ready' && view.product) return { state: 'full', product: view.product }
    if (view?.state === 'missing') return { state: 'missing' }
    if (view?.state === 'light') return { state: 'light' }
    return { state: 'unavailable' }
  }

  /** tests: wait for the take in progress (and any queued after it) */
  async flush(): Promise<void> {
    await this.taking
  }
}
