/**
 * The orders of the opened store view (DESIGN.md `orders`): placing one from the checkout
 * (workers/checkout), the `orders` collection, the orders held for the shopper's word, their
 * payments, and the outbox's order job that brings each order to the server exactly once, in the
 * leader (workers/outbox/order-job). An order is stored before anything is sent: placing works the
 * same online and offline; only when it reaches the shop differs. Another tab's order reaches the
 * leader through the change stream.
 */ import { combineLatest, type Subscription } from 'rxjs'
import { isVirtualCart } from '../../domain/virtual-cart'
import { tokenSubject } from '../../replication/token-subject'
import type { OrderView, PaymentStatusView, PlaceOrderResult, ShippingMethodView, StartPaymentResult } from '../contract/checkout'
import type { CheckoutModule } from '../checkout/checkout-module'
import type { TakenFromCart } from '../cart/order-handover'
import type { Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import { CollectionCartStore } from '../db/collection-stores'
import { modifySessionRecord, recordValue } from '../db/session-records'
import { PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import { toOrderView } from './order-body'
import { historyToStore } from './order-history'
import type { OrderHistoryItem } from '../../domain/api/user.schema'
import { draftOrder } from './order-draft'
import { orderCartItems } from './order-cart'
import type { OrderDoc } from './order-schema'
import { AUTOMATIC_ORDER_TRANSMISSION_DEFAULT, backOnlineOrders, HELD_ORDERS_ID, heldIdsOf, holdsNewOrder, stillHeld } from './offline-orders'
import { OrderJob, sameLines } from '../outbox/order-job'
import type { Outbox } from '../outbox/outbox'
import { OrderPayments } from './order-payments'

export interface OrdersModuleDeps {
  session: WorkerSession
  isOnline: () => boolean
  isLeader: () => boolean
  /** the placed order's lines, coupon and gift cards leave the cart (the cart module's emptyForOrder) */
  emptyCart: (ordered: readonly { key: string; qty: number }[]) => Promise<void>
  /** the checkout an order is placed from (the checkout module) */
  checkout: CheckoutModule
  /** an order that will not be sent gives its lines back (the cart module's restoreFromOrder) */
  restoreCart: (order: TakenFromCart, into: 'empty' | 'any') => Promise<void>
  /** the customer's token when logged in (workers/account) */
  token?: () => string | null
  /** the worker's outbox: runs the order job */
  outbox: Outbox
  /** the shop accepted an order of this device (the analytics' purchase) */
  orderPlaced?: (order: OrderView) => Promise<void>
}

interface Opened {
  store: OpenedStore
  cartStore: CollectionCartStore
  payments: OrderPayments
  job: OrderJob
  unregister: () => void
  subscriptions: Subscription[]
  /** order placing and the answers to held orders, one at a time */
  chain: Promise<unknown>
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
      ...(this.deps.orderPlaced ? { onPlaced: (order: OrderDoc) => this.deps.orderPlaced!(toOrderView(order)) } : {}),
    })
    const opened: Opened = {
      store,
      cartStore,
      payments: new OrderPayments({ api: store.api, isOnline }),
      job,
      unregister: this.deps.outbox.register(job),
      subscriptions: [],
      chain: Promise.resolve(),
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
    subscribeOrders: async (cb: (orders: OrderView[]) => void): Promise<Unsubscribe> => {
      const listener = safe(cb)
      const subscription = this.current.store.db.orders
        .find({ sort: [{ created_at: 'desc' }] })
        .$.subscribe((docs) => listener(docs.map((d) => toOrderView(d.toJSON() as OrderDoc))))
      return async () => subscription.unsubscribe()
    },
    // after the checkout writes asked before it, and before those asked after
    placeOrder: (): Promise<PlaceOrderResult> => this.serial(() => this.deps.checkout.serial(() => this.place())),
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
    startPayment: async (orderId: string): Promise<StartPaymentResult> => {
      const order = await this.current.store.db.orders.findOne(orderId).exec()
      const placed = order ? placedOf(order.toJSON() as OrderDoc) : undefined
      if (!placed) return { ok: false, message: 'the order is not placed yet' }
      return this.current.payments.startPayment(placed.orderNumber, placed.orderToken)
    },
    paymentStatus: async (orderNumber: string): Promise<PaymentStatusView> => {
      const view = await this.current.payments.paymentStatus(orderNumber, await this.orderTokenOf(orderNumber))
      if (view.kind === 'known') await this.storePayment(orderNumber, view)
      return view
    },
  } satisfies Partial<DataApi>

  /**
   * A guest order placed on this device: its key, for the calls that reach it by number (its payment,
   * a return); undefined for others (an order of the history is the customer's, asked with their token).
   */
  async orderTokenOf(orderNumber: string): Promise<string | undefined> {
    const orders = await this.current.store.db.orders.find().exec()
    return orders.map((o) => placedOf(o.toJSON() as OrderDoc)).find((p) => p?.orderNumber === orderNumber)?.orderToken
  }

  /** Stores the order (queued) and wakes the order job; the same pending order is answered to a second click. */
  private async place(): Promise<PlaceOrderResult> {
    const opened = this.current
    const { db, storeView } = opened.store
    const placing = await this.deps.checkout.placing()
    const checkout = placing.stored
    const items = await opened.cartStore.getItems()
    if (checkout.lastOrderId) {
      // a second click, or placing again after a reload, answers the order that waits; a cart
      // changed since, or another shopper's (the next order, placed while the first still waits
      // offline: on a shop's tablet two shoppers in a row may buy the same thing) is a new order
      const last = await db.orders.findOne(checkout.lastOrderId).exec()
      const waiting = last && (last.status === 'queued' || last.status === 'sending') ? toOrderView(last.toJSON() as OrderDoc) : null
      const sameShopper = waiting?.email.toLowerCase() === checkout.details.personalDetails.emailAddress.trim().toLowerCase()
      if (waiting && (items.length === 0 || (sameShopper && sameLines(waiting.lines, items)))) return { ok: true, order: waiting }
    }
    if (items.length === 0) return { ok: false, problem: 'emptyCart' }
    const { details } = checkout
    const ship = details.shippingDetails
    // a virtual cart (spec §4: e-books, gift cards sent by e-mail) ships nothing: no method, no delivery address
    const virtual = isVirtualCart(items)
    let method: ShippingMethodView | null = null
    if (!virtual) {
      if (!ship.shippingMethod) return { ok: false, problem: 'incomplete' }
      method = await placing.method(ship.country)
      if (!method) return { ok: false, problem: 'incomplete' }
    }
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
      shopCountry: placing.shopCountry ?? storeView.tax.defaultCountry,
      vatCheck: placing.vatCheck,
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
    await this.deps.checkout.setLastOrder(doc.order_id)
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

  /**
   * The orders the shop has accepted, forgotten on this device, and with them their shopper's name,
   * e-mail, addresses and order key (a kiosk, whose next shopper must find none of it); `except`:
   * the order the shopper at the tablet still looks at. Orders still to be sent stay.
   */
  async forgetSent(except: string | null = null): Promise<void> {
    const opened = this.opened.peek()
    if (!opened) return
    const sent = await opened.store.db.orders.find({ selector: { status: 'placed' } }).exec()
    const gone = sent.filter((doc) => doc.order_id !== except).map((doc) => doc.order_id)
    if (gone.length > 0) await opened.store.db.orders.bulkRemove(gone)
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
  }
}

/** What the shop answered for a placed order, as the device keeps it (the guest order's key included). */
function placedOf(doc: OrderDoc): { orderNumber: string; orderToken?: string } | undefined {
  const placed = doc.placed as { orderNumber?: unknown; orderToken?: unknown } | undefined
  if (typeof placed?.orderNumber !== 'string') return undefined
  return { orderNumber: placed.orderNumber, ...(typeof placed.orderToken === 'string' ? { orderToken: placed.orderToken } : {}) }
}
