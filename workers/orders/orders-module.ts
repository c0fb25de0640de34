/**
 * Checkout and orders of the opened store view (DESIGN.md `orders`): the checkout details in
 * `session` (workers/orders/checkout-state, its view with what stops and what charges the order in
 * workers/orders/checkout-view), the `orders` collection, and the outbox's order job that brings
 * each order to the server exactly once, in the leader (workers/outbox/order-job). An order
 * is stored before anything is sent: placing works the same online and offline; only when it
 * reaches the shop differs. Another tab's order reaches the leader through the change stream.
 */
import { BehaviorSubject, combineLatest, type Subscription } from 'rxjs'
import { chosenShipping } from '../../domain/checkout'
import { isVirtualCart } from '../../domain/virtual-cart'
import type { Totals } from '../../domain/cart.schema'
import { tokenSubject } from '../../replication/token-subject'
import { ShopDetailsSchema, type ShopDetails } from '../../domain/shop-details'
import type {
  CheckoutPatch,
  CheckoutView,
  OrderView,
  PaymentMethodView,
  PaymentStatusView,
  PlaceOrderResult,
  ShippingMethodView,
  StartPaymentResult,
  VatCheckView,
} from '../contract/checkout'
import type { TakenFromCart } from '../cart/order-handover'
import type { Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import { CollectionCartStore } from '../db/collection-stores'
import { modifySessionRecord, recordValue } from '../db/session-records'
import { PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import { CheckoutStore, toCheckoutView } from './checkout-state'
import { CheckoutMethods } from './checkout-methods'
import { checkoutView, checkoutView$ } from './checkout-view'
import { toOrderView } from './order-body'
import { historyToStore } from './order-history'
import type { OrderHistoryItem } from '../../domain/api/user.schema'
import { draftOrder } from './order-draft'
import { orderCartItems } from './order-cart'
import type { OrderDoc } from './order-schema'
import { AUTOMATIC_ORDER_TRANSMISSION_DEFAULT, backOnlineOrders, HELD_ORDERS_ID, heldIdsOf, holdsNewOrder, stillHeld } from './offline-orders'
import { OrderJob, sameLines } from '../outbox/order-job'
import type { Outbox } from '../outbox/outbox'

/** the session record of the shop's details, as it last said them (the thank-you page shows them offline) */
const SHOP_DETAILS_ID = 'shop-details'

export interface OrdersModuleDeps {
  session: WorkerSession
  isOnline: () => boolean
  isLeader: () => boolean
  /** the placed order's lines, coupon and gift cards leave the cart (the cart module's emptyForOrder) */
  emptyCart: (ordered: readonly { key: string; qty: number }[]) => Promise<void>
  /** the server's totals for the chosen shipping, kept with the cart (the cart module's) */
  setCartTotals: (totals: Totals) => Promise<void>
  /** an order that will not be sent gives its lines back (the cart module's restoreFromOrder) */
  restoreCart: (order: TakenFromCart, into: 'empty' | 'any') => Promise<void>
  /** the customer's token when logged in (workers/account) */
  token?: () => string | null
  /** the worker's outbox: runs the order job */
  outbox: Outbox
}

interface Opened {
  store: OpenedStore
  cartStore: CollectionCartStore
  checkout: CheckoutStore
  methods: CheckoutMethods
  job: OrderJob
  unregister: () => void
  subscriptions: Subscription[]
  /** checkout writes and order placing, one at a time (a patch is read-modify-write) */
  chain: Promise<unknown>
  /** the last VAT check, for the B2B rule at placing */
  vat: { country: string; number: string; valid: boolean | null } | null
  /** the shipping methods as last offered: the checkout view charges the chosen one's price */
  offered: BehaviorSubject<ShippingMethodView[]>
}

export class OrdersModule implements WorkerModule {
  private readonly opened = new PerStore<Opened>()

  constructor(private readonly deps: OrdersModuleDeps) {}

  private get current(): Opened {
    return this.opened.get()
  }

  open(store: OpenedStore): void {
    const { session, isOnline, isLeader } = this.deps
    const cartStore = new CollectionCartStore(store.db)
    const job = new OrderJob({
      db: store.db,
      api: store.api,
      emptyCart: this.deps.emptyCart,
      restoreToCart: (order) => this.deps.restoreCart(this.takenFromCart(order), 'empty'),
      canSend: () => isOnline() && isLeader(),
      now: session.now,
      held: async () => new Set(await this.heldIds()),
      ...(this.deps.token ? { token: this.deps.token } : {}),
    })
    const opened: Opened = {
      store,
      cartStore,
      checkout: new CheckoutStore(store.db, store.storeView.i18n.defaultCountry, session.now),
      methods: new CheckoutMethods({ api: store.api, cartStore, isOnline, setCartTotals: this.deps.setCartTotals }),
      job,
      unregister: this.deps.outbox.register(job),
      subscriptions: [],
      chain: Promise.resolve(),
      vat: null,
      offered: new BehaviorSubject<ShippingMethodView[]>([]),
    }
    this.opened.set(opened)
  }

  lead(): void {
    const opened = this.current
    // an order placed in any tab (or left `sending` by a closed one) is sent by the leader
    opened.subscriptions.push(opened.store.db.orders.find({ selector: { status: { $in: ['queued', 'sending'] } } }).$.subscribe(() => void this.send()))
  }

  async connectivity(online: boolean, leader: boolean): Promise<void> {
    // spec "Coming back online": automatic transmission sends the waiting orders at once (held ones
    // too: the flag may have been turned on since); otherwise the held ones wait for the shopper
    // (subscribeHeldOrders) and only orders already on their way go on
    const opened = this.opened.peek()
    if (!opened || !online || !leader) return
    if (backOnlineOrders(this.automatic(opened), (await this.heldIds()).length) === 'send') await this.changeHeld(() => [])
    await this.send({ now: true })
  }

  /** The order job runs (after its back-off, unless `now`: back online, the shopper's own send). */
  private send(options: { now?: boolean } = {}): Promise<void> {
    return this.deps.outbox.wake('orders', options)
  }

  private automatic(opened: Opened): boolean {
    return opened.store.config.automaticOrderTransmission ?? AUTOMATIC_ORDER_TRANSMISSION_DEFAULT
  }

  private async heldIds(): Promise<string[]> {
    const opened = this.opened.peek()
    if (!opened) return []
    const doc = await opened.store.db.session.findOne(HELD_ORDERS_ID).exec()
    return heldIdsOf(recordValue(doc))
  }

  /** Changes the held list as it is stored at the moment of the write: another tab may place or answer an order meanwhile. */
  private async changeHeld(change: (ids: string[]) => string[]): Promise<void> {
    const { db } = this.current.store
    if (change([]).length === 0 && !(await db.session.findOne(HELD_ORDERS_ID).exec())) return
    await modifySessionRecord(db, HELD_ORDERS_ID, (value) => ({ ids: change(heldIdsOf(value)) }))
  }

  /** The shopper's answer to the offline-order confirmation: `send` the held orders, or `cancel` them. */
  private async answerHeld(ids: readonly string[], answer: 'send' | 'cancel'): Promise<void> {
    const opened = this.current
    const held = await this.heldIds()
    const answered = held.filter((id) => ids.includes(id))
    if (answer === 'cancel') {
      // only orders not sent yet; their lines go back to the cart, so nothing the shopper chose is lost
      const docs = await opened.store.db.orders.findByIds(answered).exec()
      for (const doc of docs.values()) {
        if (doc.status !== 'queued') continue
        const order = doc.toJSON() as OrderDoc
        await doc.getLatest().remove()
        await this.deps.restoreCart(this.takenFromCart(order), 'any')
      }
    }
    await this.changeHeld((stored) => stored.filter((id) => !answered.includes(id)))
    if (answer === 'send') void this.send({ now: true })
  }

  /** What the order took from the cart, to give back. */
  private takenFromCart(order: OrderDoc): TakenFromCart {
    return {
      items: orderCartItems({ lines: toOrderView(order).lines, cartItems: order.cart_items, createdAt: order.created_at }),
      ...(order.coupon ? { coupon: order.coupon } : {}),
      ...(order.gift_cards ? { giftCards: order.gift_cards } : {}),
    }
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const opened = this.current
    const next = opened.chain.then(work, work)
    opened.chain = next.catch(() => undefined)
    return next
  }

  readonly api = {
    subscribeCheckout: async (cb: (view: CheckoutView) => void): Promise<Unsubscribe> => {
      const { store, offered } = this.current
      const listener = safe(cb)
      const subscription = checkoutView$(store.db, store.storeView.i18n.defaultCountry, this.deps.session.now, offered).subscribe(listener)
      return async () => subscription.unsubscribe()
    },
    updateCheckout: (patch: CheckoutPatch): Promise<CheckoutView> =>
      this.serial(async () => {
        const { checkout, cartStore, offered } = this.current
        const stored = await checkout.update(patch)
        return checkoutView(stored, this.deps.session.now(), await cartStore.getItems(), await cartStore.getState(), offered.value)
      }),
    subscribeOrders: async (cb: (orders: OrderView[]) => void): Promise<Unsubscribe> => {
      const listener = safe(cb)
      const subscription = this.current.store.db.orders
        .find({ sort: [{ created_at: 'desc' }] })
        .$.subscribe((docs) => listener(docs.map((d) => toOrderView(d.toJSON() as OrderDoc))))
      return async () => subscription.unsubscribe()
    },
    placeOrder: (): Promise<PlaceOrderResult> => this.serial(() => this.place()),
    subscribeHeldOrders: async (cb: (orders: OrderView[]) => void): Promise<Unsubscribe> => {
      const { db } = this.current.store
      const listener = safe(cb)
      const subscription = combineLatest([
        db.orders.find({ selector: { status: 'queued' }, sort: [{ created_at: 'asc' }] }).$,
        db.session.findOne(HELD_ORDERS_ID).$,
      ]).subscribe(([docs, heldDoc]) => {
        const held = new Set(heldIdsOf(recordValue(heldDoc)))
        listener(docs.filter((d) => held.has(d.order_id)).map((d) => toOrderView(d.toJSON() as OrderDoc)))
      })
      return async () => subscription.unsubscribe()
    },
    confirmHeldOrders: (orderIds: string[]): Promise<void> => this.serial(() => this.answerHeld(orderIds, 'send')),
    cancelHeldOrders: (orderIds: string[]): Promise<void> => this.serial(() => this.answerHeld(orderIds, 'cancel')),
    restoreRefusedOrder: (orderId: string): Promise<void> =>
      this.serial(async () => {
        const doc = await this.current.store.db.orders.findOne(orderId).exec()
        if (doc?.status === 'refused') await this.deps.restoreCart(this.takenFromCart(doc.toJSON() as OrderDoc), 'any')
      }),
    shippingMethods: (country: string): Promise<ShippingMethodView[]> => this.offerShipping(country),
    // after the checkout writes asked before it (the shipping method just chosen)
    paymentMethods: (): Promise<PaymentMethodView[]> =>
      this.serial(async () => this.current.methods.paymentMethods((await this.current.checkout.get()).details)),
    startPayment: async (orderId: string): Promise<StartPaymentResult> => {
      const order = await this.current.store.db.orders.findOne(orderId).exec()
      const placed = order ? placedOf(order.toJSON() as OrderDoc) : undefined
      if (!placed) return { ok: false, message: 'the order is not placed yet' }
      return this.current.methods.startPayment(placed.orderNumber, placed.orderToken)
    },
    paymentStatus: async (orderNumber: string): Promise<PaymentStatusView> => {
      // a guest order placed on this device: its key (an order of the history is the customer's, asked with their token)
      const orders = await this.current.store.db.orders.find().exec()
      const placed = orders.map((o) => placedOf(o.toJSON() as OrderDoc)).find((p) => p?.orderNumber === orderNumber)
      const view = await this.current.methods.paymentStatus(orderNumber, placed?.orderToken)
      if (view.kind === 'known') await this.storePayment(orderNumber, view)
      return view
    },
    shopDetails: async (): Promise<ShopDetails | null> => {
      const { db, api } = this.current.store
      if (this.deps.isOnline()) {
        const fresh = await api.shopDetails().catch(() => null)
        if (fresh) {
          await modifySessionRecord(db, SHOP_DETAILS_ID, () => fresh)
          return fresh
        }
      }
      return this.storedShopDetails()
    },
    checkVatNumber: async (countryCode: string, vatNumber: string): Promise<VatCheckView> => {
      const result = await this.current.methods.checkVatNumber(countryCode, vatNumber)
      this.current.vat = { country: countryCode, number: vatNumber, valid: result.valid }
      return result
    },
  } satisfies Partial<DataApi>

  /** The shipping methods offered now; the checkout view follows them (the chosen one's price). */
  private async offerShipping(country: string): Promise<ShippingMethodView[]> {
    const opened = this.current
    const methods = await opened.methods.shippingMethods(country)
    opened.offered.next(methods)
    return methods
  }

  /** The shop's details as it last said them on this device; null before it ever answered. */
  private async storedShopDetails(): Promise<ShopDetails | null> {
    const stored = ShopDetailsSchema.safeParse((await this.current.store.db.session.findOne(SHOP_DETAILS_ID).exec())?.toJSON().value)
    return stored.success ? stored.data : null
  }

  /** Stores the order (queued) and wakes the order job; the same pending order is answered to a second click. */
  private async place(): Promise<PlaceOrderResult> {
    const opened = this.current
    const { db, storeView } = opened.store
    const checkout = await opened.checkout.get()
    const items = await opened.cartStore.getItems()
    if (checkout.lastOrderId) {
      // a second click, or placing again after a reload, answers the order that waits; a cart
      // changed since (the next order, placed while the first still waits offline) is a new order
      const last = await db.orders.findOne(checkout.lastOrderId).exec()
      const waiting = last && (last.status === 'queued' || last.status === 'sending') ? toOrderView(last.toJSON() as OrderDoc) : null
      if (waiting && (items.length === 0 || sameLines(waiting.lines, items))) return { ok: true, order: waiting }
    }
    if (items.length === 0) return { ok: false, problem: 'emptyCart' }
    const { details } = checkout
    const ship = details.shippingDetails
    // a virtual cart (spec §4: e-books, gift cards sent by e-mail) ships nothing: no method, no delivery address
    const virtual = isVirtualCart(items)
    let method: ShippingMethodView | null = null
    if (!virtual) {
      if (!ship.shippingMethod) return { ok: false, problem: 'incomplete' }
      method = chosenShipping(details, await this.offerShipping(ship.country))
      if (!method) return { ok: false, problem: 'incomplete' }
    }
    const vatId = details.paymentDetails.vatId
    const now = this.deps.session.now()
    const draft = draftOrder({
      orderId: `${now}-${Math.random().toString(36).slice(2, 12)}`,
      now,
      storeCode: storeView.storeCode,
      details,
      items,
      cart: await opened.cartStore.getState(),
      method,
      online: this.deps.isOnline(),
      // the shop's own country decides, whatever the store view (as the server decides it)
      shopCountry: (await this.storedShopDetails())?.vat.shopCountry ?? storeView.tax.defaultCountry,
      vatCheck: opened.vat && opened.vat.number === vatId ? opened.vat : null,
      customer: tokenSubject(this.deps.token?.() ?? null),
    })
    if (!draft.ok) return draft
    const doc = draft.doc
    // held before it is stored: no run of the order job (this tab's or the leader's) may take it unconfirmed
    if (holdsNewOrder(this.automatic(opened), this.deps.isOnline())) {
      const waiting = await this.waiting()
      await this.changeHeld((stored) => [...stillHeld(stored, waiting), doc.order_id])
    }
    await db.orders.insert(doc)
    await opened.checkout.setLastOrder(doc.order_id)
    await this.deps.emptyCart(items)
    void this.send()
    return { ok: true, order: toOrderView(doc) }
  }

  /**
   * The shop's word on an order's payment, kept on this device's order document (the order list
   * reads it, also offline). Written only when it changed; an order not placed on this device has
   * no document and nothing is stored.
   */
  private async storePayment(orderNumber: string, view: Extract<PaymentStatusView, { kind: 'known' }>): Promise<void> {
    const { db } = this.current.store
    const docs = await db.orders.find({ selector: { status: 'placed' } }).exec()
    const doc = docs.find((d) => toOrderView(d.toJSON() as OrderDoc).placed?.orderNumber === orderNumber)
    if (!doc) return
    const stored = doc.payment
    if (stored && stored.status === view.status && stored.orderStatus === view.orderStatus) return
    const now = this.deps.session.now()
    await doc.getLatest().incrementalPatch({ payment: { status: view.status, orderStatus: view.orderStatus, checkedAt: now }, updated_at: now })
  }

  private async waiting(): Promise<{ order_id: string; status: string }[]> {
    const docs = await this.current.store.db.orders.find({ selector: { status: 'queued' } }).exec()
    return docs.map((d) => ({ order_id: d.order_id, status: d.status }))
  }

  /** Spec §4 "In checkout" at this moment: the last checkout change is under 30 minutes old. */
  async inCheckout(): Promise<boolean> {
    const opened = this.opened.peek()
    if (!opened) return false
    return toCheckoutView(await opened.checkout.get(), this.deps.session.now()).inCheckout
  }

  /**
   * spec "Login": the customer's orders as the server lists them, kept in the local `orders`
   * collection (my-orders offline); an order placed on this device keeps its own document.
   */
  async importHistory(items: readonly OrderHistoryItem[]): Promise<void> {
    const opened = this.opened.peek()
    if (!opened) return
    const { db, config } = opened.store
    const held = (await db.orders.find().exec()).map((d) => d.toJSON() as OrderDoc)
    const docs = historyToStore(items, held, config.storeCode)
    if (docs.length > 0) await db.orders.bulkUpsert(docs)
  }

  /** spec "Logout": the checkout details forgotten. */
  async forgetCheckout(): Promise<void> {
    await this.opened.peek()?.checkout.forget()
  }

  /** tests: wait for the order job's run */
  flush(): Promise<void> {
    return this.opened.peek() ? this.send() : Promise.resolve()
  }

  close(): void {
    const opened = this.opened.peek()
    this.opened.set(null)
    if (!opened) return
    opened.job.stop()
    opened.unregister()
    for (const subscription of opened.subscriptions) subscription.unsubscribe()
    opened.offered.complete()
  }
}

/** What the shop answered for a placed order, as the device keeps it (the guest order's key included). */
function placedOf(doc: OrderDoc): { orderNumber: string; orderToken?: string } | undefined {
  const placed = doc.placed as { orderNumber?: unknown; orderToken?: unknown } | undefined
  if (typeof placed?.orderNumber !== 'string') return undefined
  return { orderNumber: placed.orderNumber, ...(typeof placed.orderToken === 'string' ? { orderToken: placed.orderToken } : {}) }
}
