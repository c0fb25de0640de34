/**
 * The cart of the opened store view: its lines and state in the local database, the commands that
 * change them (workers/cart/cart-commands), and the server sync (spec §4), the outbox's cart job
 * (workers/outbox/cart-job), run by the leader. Every change is written locally first; the leader
 * pushes it when online.
 *
 * A command answers only after the pages' cart views show its result: RxDB's query streams emit
 * some time after a write, and a microcart opened by the answer of an add would otherwise show
 * "your cart is empty" until they do. The views are pushed to every subscriber and their (Comlink)
 * callbacks awaited, bounded so a closed page cannot hold the answer back.
 */
import { combineLatest, type Subscription } from 'rxjs'
import type { StockItem } from '../../domain/api/stock.schema'
import type { CartItem, ServerCartItem, Totals } from '../../domain/cart.schema'
import { cartItemKey, productOptionChecksum } from '../../domain/cart-item'
import { microcartCount } from '../../domain/cart-config'
import { rowTotalCents } from '../../domain/row-total'
import type { MessageKey, Notification } from '../../domain/notifications'
import { applyCoupon, removeCoupon, type CouponOutcome } from '../../replication/cart-coupon'
import { appliedGiftCards, applyGiftCard, removeGiftCard, type GiftCardOutcome, type GiftCardRefusal } from '../../replication/cart-giftcard'
import { hasLocalChanges, type CartSyncState } from '../../replication/cart-store'
import { tokenOfRecord, USER_RECORD_ID } from '../account/account-record'
import type { ProductStore } from '../catalog/product-store'
import type { CartCommand } from '../contract/commands'
import type { CartView, Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import { CART_STATE_ID, CollectionCartStore, EMPTY_CART_STATE, toCartItem, toCartState } from '../db/collection-stores'
import type { CartItemDoc } from '../db/local-schemas'
import { recordValue } from '../db/session-records'
import { CartJob } from '../outbox/cart-job'
import type { Outbox } from '../outbox/outbox'
import { PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import { applyCartCommand } from './cart-commands'
import { emptyForOrder, restoreFromOrder, type TakenFromCart } from './order-handover'
import { isInCheckout } from '../checkout/in-checkout'
import { quietInCheckout } from './checkout-quiet'
import { serverLinePriceCents } from './server-line'

/** A stock check has to answer within the client's search time-out (spec §9: 5000 ms). */
const STOCK_CHECK_TIMEOUT_MS = 5000
/** A burst of line changes within this long gives one sync. */
const SYNC_DEBOUNCE_MS = 50
/** How long a command's answer waits for the pages to take the new cart view. */
const VIEW_PUSH_TIMEOUT_MS = 1000

/** Commands that wait on the network, outside the line-writing chain. */
const NETWORK_COMMANDS = new Set<CartCommand['type']>(['applyCoupon', 'removeCoupon', 'applyGiftCard', 'removeGiftCard'])

/**
 * Spec §8: a failed gift card check says the server's errorMessage, translated: the extension's
 * reason picks the text (the server's English words are never shown to a Dutch or French shopper).
 */
const GIFT_CARD_REFUSAL_KEYS: Record<GiftCardRefusal, MessageKey> = {
  unknown: 'giftCardUnknown',
  used: 'giftCardUsed',
  expired: 'giftCardExpired',
  disabled: 'giftCardDisabled',
  refused: 'giftCardRefused',
}

function cartView(items: CartItem[], state: CartSyncState, token: string | null): CartView {
  return {
    items,
    itemsQty: items.reduce((sum, item) => sum + item.qty, 0),
    count: microcartCount(items),
    subtotalInclTax: items.reduce((sum, item) => sum + rowTotalCents(item), 0),
    lineTotals: Object.fromEntries(items.map((item) => [item.key, rowTotalCents(item)])),
    totals: state.totals,
    serverCartId: state.serverCartId,
    pendingSync: hasLocalChanges(items, state, token),
    coupon: state.coupon ?? null,
    giftCards: appliedGiftCards(state.giftCards ?? [], state.totals),
    notices: state.notices ?? [],
  }
}

export interface CartModuleDeps {
  session: WorkerSession
  isOnline: () => boolean
  isLeader: () => boolean
  /** the product store of the opened store view */
  products: () => ProductStore
  /** the customer's session (workers/account/customer-session): the token the cart sends */
  customer?: { readonly token: string | null }
  /** the worker's outbox: runs the cart job */
  outbox: Outbox
  /** the lines before and after a command that changed them (the analytics' add_to_cart, remove_from_cart) */
  linesChanged?: (before: CartItem[], after: CartItem[]) => Promise<void>
}

interface Opened {
  store: OpenedStore
  cartStore: CollectionCartStore
  job: CartJob
  unregister: () => void
  subscriptions: Subscription[]
  /** the pages' cart view callbacks, for the push before a command answers */
  viewListeners: Set<(view: CartView) => Promise<void>>
}

export class CartModule implements WorkerModule {
  private readonly opened = new PerStore<Opened>()

  constructor(private readonly deps: CartModuleDeps) {}

  private get current(): Opened {
    return this.opened.get()
  }

  open(store: OpenedStore): void {
    const { session, isLeader, outbox } = this.deps
    const cartStore = new CollectionCartStore(store.db)
    const job = new CartJob({
      api: store.api,
      store: cartStore,
      token: () => this.token(),
      now: session.now,
      checkStock: (sku) => this.checkStock(sku),
      localItemFromServer: (server) => this.localItemFromServer(server),
    })
    const opened: Opened = { store, cartStore, job, unregister: outbox.register(job), subscriptions: [], viewListeners: new Set() }
    this.opened.set(opened)
    // debounced: a burst of changes gives one sync, and a change that leaves the cart as last synced
    // (the sync's own id stamps) gives none
    const changed = () => void outbox.wake('cart', { delayMs: SYNC_DEBOUNCE_MS })
    opened.subscriptions.push(
      store.db.session.findOne(CART_STATE_ID).$.subscribe((doc) => {
        // a login in any tab asked for the cart's authorisation: the leader does it (the others' runs return at once)
        if (toCartState(recordValue(doc)).authorisePending && isLeader()) changed()
      }),
      // a line changed here or in another tab: the leader pushes it (eventBulks$, not $: see ProductMirror.start)
      store.db.cart.eventBulks$.subscribe(changed),
      // logged in, out or renewed: the hash (items + token) changed, the cart syncs with the new token
      store.db.session.findOne(USER_RECORD_ID).$.subscribe(changed),
    )
  }

  lead(): void {
    void this.deps.outbox.wake('cart', { now: true })
  }

  async connectivity(online: boolean, leader: boolean): Promise<void> {
    const opened = this.opened.peek()
    if (!opened || !leader || !online) return
    opened.job.disabled = false
    // spec "Coming back online": the cart reloaded from the server
    await this.deps.outbox.wake('cart', { now: true })
  }

  readonly api = {
    subscribeCart: async (cb: (cart: CartView) => void): Promise<Unsubscribe> => {
      const { store, viewListeners } = this.current
      const { db } = store
      const listener = safe(cb)
      const subscription = combineLatest([db.cart.find().$, db.session.findOne(CART_STATE_ID).$, db.session.findOne(USER_RECORD_ID).$]).subscribe(
        ([docs, stateDoc, userDoc]) => {
          const items = docs.map((d) => toCartItem(d.toJSON() as CartItemDoc)).sort((a, b) => a.added_at - b.added_at)
          listener(cartView(items, toCartState(recordValue(stateDoc)), tokenOfRecord(recordValue(userDoc))))
        },
      )
      const push = async (view: CartView) => {
        await Promise.resolve(cb(view)).catch(() => undefined)
      }
      viewListeners.add(push)
      return async () => {
        viewListeners.delete(push)
        subscription.unsubscribe()
      }
    },
    applyCartCommand: async (command: CartCommand): Promise<Notification[]> => {
      // commands that write lines read-modify-write them: one at a time, so a double click's two
      // adds make one line of quantity 2 (#2639); coupon and gift card calls wait on the network, not in line
      if (NETWORK_COMMANDS.has(command.type)) return this.runCommand(command)
      const next = this.commandChain.then(() => this.runCommand(command))
      this.commandChain = next.catch(() => undefined)
      return next
    },
  } satisfies Partial<DataApi>

  /** the line-writing commands, one after the other */
  private commandChain: Promise<unknown> = Promise.resolve()

  private async runCommand(command: CartCommand): Promise<Notification[]> {
    const tellChanges = this.deps.linesChanged && !NETWORK_COMMANDS.has(command.type) && command.type !== 'dismissNotices'
    const before = tellChanges ? await this.current.cartStore.getItems() : []
    const notifications = await applyCartCommand(
      {
        store: this.current.cartStore,
        checkStock: (sku) => this.checkStock(sku),
        linkedProduct: (sku) => this.deps.products().cartProduct(sku),
        fullProduct: (sku) => this.deps.products().full(sku, true),
        now: this.deps.session.now,
        newId: () => this.deps.session.newId(),
        coupons: { apply: (code) => this.coupon({ apply: code }), remove: () => this.coupon({ remove: true }) },
        giftCards: { apply: (code) => this.giftCard({ apply: code }), remove: (code) => this.giftCard({ remove: code }) },
      },
      command,
    )
    if (tellChanges) void this.deps.linesChanged!(before, await this.current.cartStore.getItems())
    await this.pushViews()
    const { db, storeView } = this.current.store
    const inCheckout = await isInCheckout(db, storeView.i18n.defaultCountry, this.deps.session.now).catch(() => false)
    return quietInCheckout(notifications, inCheckout)
  }

  /** Every page's cart view as the store has it now; answers once they took it, or after a bound. */
  private async pushViews(): Promise<void> {
    const opened = this.opened.peek()
    if (!opened || opened.viewListeners.size === 0) return
    const view = cartView(await opened.cartStore.getItems(), await opened.cartStore.getState(), this.token())
    let timer: ReturnType<typeof setTimeout> | undefined
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, VIEW_PUSH_TIMEOUT_MS)))
    await Promise.race([Promise.all([...opened.viewListeners].map((push) => push(view))), bound])
    clearTimeout(timer)
  }

  /**
   * A coupon or gift card call on the server cart (both need the network: offline, or with no
   * server cart reachable, the shopper is told so with `offlineKey`). The leader syncs first, so
   * lines added a moment ago are on the server cart the code is computed on.
   */
  private async onServerCart<O>(
    offlineKey: MessageKey,
    run: (store: OpenedStore, cartStore: CollectionCartStore) => Promise<O>,
    tell: (outcome: O) => Notification[],
  ): Promise<Notification[]> {
    if (!this.deps.isOnline()) return this.say('warning', offlineKey)
    const { store, cartStore } = this.current
    if (this.deps.isLeader()) await this.deps.outbox.wake('cart', { now: true })
    let outcome: O
    try {
      outcome = await run(store, cartStore)
    } catch (error) {
      console.error('[cart] coupon or gift card call failed', error)
      return this.say('error', 'serverError')
    }
    return tell(outcome)
  }

  private say(type: Notification['type'], key: MessageKey, extra: Partial<Notification> = {}): Notification[] {
    return [{ id: this.deps.session.newId(), type, key, ...extra }]
  }

  private coupon(change: { apply: string } | { remove: true }): Promise<Notification[]> {
    return this.onServerCart(
      'couponOffline',
      (store, cartStore): Promise<CouponOutcome> => {
        const deps = { api: store.api, store: cartStore }
        return 'apply' in change ? applyCoupon(deps, change.apply) : removeCoupon(deps)
      },
      (outcome) => {
        switch (outcome.kind) {
          case 'applied':
            return this.say('success', 'couponApplied', { params: { code: outcome.code } })
          case 'removed':
            return this.say('success', 'couponRemoved')
          case 'invalid':
            return this.say('error', 'couponInvalid', { params: { code: outcome.code }, action1: 'ok' })
          case 'unreachable':
            return this.say('warning', 'couponOffline')
        }
      },
    )
  }

  private giftCard(change: { apply: string } | { remove: string }): Promise<Notification[]> {
    return this.onServerCart(
      'giftCardOffline',
      (store, cartStore): Promise<GiftCardOutcome> => {
        const deps = { api: store.api, store: cartStore }
        return 'apply' in change ? applyGiftCard(deps, change.apply) : removeGiftCard(deps, change.remove)
      },
      (outcome) => {
        switch (outcome.kind) {
          case 'applied':
            return this.say('success', 'giftCardApplied', { params: { code: outcome.code } })
          case 'removed':
            return this.say('success', 'giftCardRemoved', { params: { code: outcome.code } })
          case 'invalid':
            return this.say('error', GIFT_CARD_REFUSAL_KEYS[outcome.reason], { params: { code: outcome.code }, action1: 'ok' })
          case 'unreachable':
            return this.say('warning', 'giftCardOffline')
          case 'empty':
            return []
        }
      },
    )
  }

  private async checkStock(sku: string): Promise<StockItem | null> {
    if (!this.deps.isOnline()) return null
    // no answer, a failure or a time-out: the line is kept as it is
    return this.current.store.api.checkStock(sku, { timeoutMs: STOCK_CHECK_TIMEOUT_MS }).catch(() => null)
  }

  /** A server line nobody has locally (another device's cart): described from the local catalogue. */
  private async localItemFromServer(server: ServerCartItem): Promise<CartItem | null> {
    const products = this.deps.products()
    const light = products.light(server.sku)
    const checksum = productOptionChecksum(server.product_option)
    return {
      key: cartItemKey(server.sku, checksum),
      sku: server.sku,
      parentSku: light?.sku ?? server.sku,
      name: light?.name ?? server.name,
      type_id: server.product_type,
      qty: server.qty,
      price_incl_tax: serverLinePriceCents(server, await products.storedFull(server.sku).catch(() => null), light?.final_price_incl_tax),
      options: [],
      checksum,
      added_at: this.deps.session.now(),
      ...(light?.image ? { image: light.image } : {}),
      ...(server.product_option ? { product_option: server.product_option } : {}),
    }
  }

  private token(): string | null {
    return this.deps.customer?.token ?? null
  }

  /**
   * spec §4 "Login": the cart is authorised (replication/cart-authorise, by the cart job in turn
   * with its syncs): coupon off the guest cart, the customer's server cart connected and merged
   * with the guest lines without doubling, totals, coupon again, synced. The request is stored in
   * the cart's state (`authorisePending`), not held by this tab: a login in a tab that is not the
   * leader is authorised by the leader (woken by the state's change), once, and the flag is cleared
   * by the run that did it. Offline it waits, and a run the server answered "not now" tries it again.
   */
  async authorise(): Promise<void> {
    const opened = this.opened.peek()
    if (!opened) return
    opened.job.disabled = false
    await opened.cartStore.setState({ authorisePending: true })
    await this.deps.outbox.wake('cart', { now: true })
  }

  /** The server's totals for the checkout's shipping choice (the checkout asks them). */
  async setTotals(totals: Totals): Promise<void> {
    await this.opened.peek()?.cartStore.setState({ totals })
  }

  /** An order was placed from the cart: its lines, coupon, gift cards and server cart leave with it (workers/cart/order-handover). */
  async emptyForOrder(ordered: readonly { key: string; qty: number }[]): Promise<void> {
    await emptyForOrder(this.current.cartStore, ordered)
  }

  /** An order that will not be sent gives its lines back (workers/cart/order-handover). */
  async restoreFromOrder(order: TakenFromCart, into: 'empty' | 'any'): Promise<void> {
    await restoreFromOrder(this.current.cartStore, order, into)
  }

  /** spec §4 "Logout": the cart is cleared without sync (the state first, so the emptied lines are no local change). */
  async clearWithoutSync(): Promise<void> {
    const opened = this.opened.peek()
    if (!opened) return
    // between the outbox's runs: a sync under way would write its cart back over the cleared state
    await this.deps.outbox.exclusive(async () => {
      await opened.cartStore.setState({ ...EMPTY_CART_STATE, coupon: null, giftCards: [], notices: [], authorisePending: false })
      for (const item of await opened.cartStore.getItems()) await opened.cartStore.removeItem(item.key)
    })
  }

  /** tests: a full sync now, awaited */
  async flush(): Promise<void> {
    if (this.opened.peek()) await this.deps.outbox.wake('cart', { now: true })
  }

  close(): void {
    const opened = this.opened.peek()
    this.opened.set(null)
    if (!opened) return
    opened.unregister()
    for (const subscription of opened.subscriptions) subscription.unsubscribe()
  }
}
