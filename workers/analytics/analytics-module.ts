/**
 * The shop's GA4 e-commerce events (domain/analytics), recorded where the shopper's actions land:
 * the product page's view (the lists module), each cart command (the cart module), the checkout's
 * shipping and payment choices (the checkout module), an order the shop accepted (the orders
 * module), and the pages' own list, cart and checkout views (recordAnalytics). They wait in the
 * session record `analytics` of the store view's database, so an offline visit's events outlive a
 * reload; the page hands them to the tag manager when it is online (src/consent/consent-root.tsx),
 * taking them out of the record as it does, so each goes out once, whichever tab takes it.
 *
 * Nothing is recorded unless the page said the shopper consents to analytics, which it says only
 * when the shop has a tag manager container: without one, or without consent, nothing is queued,
 * and a withdrawn consent empties the queue.
 */
import { map, type Subscription } from 'rxjs'
import {
  cartChanges,
  ecommerceEvent,
  enqueue,
  parseQueue,
  type CartLineLike,
  type EcommerceEvent,
  type EcommerceEventName,
  type EventDetails,
  type EventLine,
  type QueuedEvent,
} from '../../domain/analytics'
import type { CartItem } from '../../domain/cart.schema'
import type { AnalyticsRecord } from '../contract/analytics'
import type { DataApi } from '../data-api'
import type { ProductStore } from '../catalog/product-store'
import { CollectionCartStore } from '../db/collection-stores'
import { listItemFromProduct } from '../db/product-views'
import { modifySessionRecord, sessionRecordValues } from '../db/session-records'
import type { OrderView } from '../contract/checkout'
import type { Unsubscribe } from '../contract/views'
import { distinct, PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'

const ANALYTICS_ID = 'analytics'

interface AnalyticsState {
  consent: boolean
  events: QueuedEvent[]
}

function stateOf(value: Record<string, unknown> | undefined): AnalyticsState {
  return { consent: value?.consent === true, events: parseQueue(value?.events) }
}

export interface AnalyticsModuleDeps {
  session: WorkerSession
  products: () => ProductStore
}

const toLine = (item: CartLineLike): EventLine => ({ sku: item.sku, name: item.name, priceCents: item.price_incl_tax, qty: item.qty })

export class AnalyticsModule implements WorkerModule {
  private readonly opened = new PerStore<{ store: OpenedStore; cart: CollectionCartStore; subscription: Subscription }>()
  /**
   * The stored answer as this worker last saw it (any tab's write): an action is recorded only when
   * the shopper had consented as it happened, not when a lookup it waits on ends after a consent
   */
  private consented = false

  constructor(private readonly deps: AnalyticsModuleDeps) {}

  // not awaited by the store's opening: the stored answer arrives with the record's first emission
  open(store: OpenedStore): void {
    const subscription = sessionRecordValues(store.db, ANALYTICS_ID).subscribe({
      next: (value) => (this.consented = stateOf(value).consent),
      error: (error: unknown) => console.debug('[analytics] the answer could not be read', error),
    })
    this.opened.set({ store, cart: new CollectionCartStore(store.db), subscription })
  }

  close(): void {
    this.opened.peek()?.subscription.unsubscribe()
    this.opened.set(null)
    this.consented = false
  }

  readonly api = {
    /** The shopper's analytics answer, as the page has it (false too when the shop has no container). */
    setAnalyticsConsent: async (granted: boolean): Promise<void> => {
      const { db } = this.opened.get().store
      this.consented = granted
      await modifySessionRecord(db, ANALYTICS_ID, (value) => {
        const state = stateOf(value)
        return { consent: granted, events: granted ? state.events : [] }
      })
    },

    /** What a page showed: a list of products, the product chosen from it, the cart, the checkout. */
    recordAnalytics: async (record: AnalyticsRecord): Promise<void> => {
      if (!this.consented) return
      if (record.type === 'view_item_list' || record.type === 'select_item') {
        const lines: EventLine[] =
          record.type === 'select_item'
            ? [{ ...record.item, qty: 1, index: record.index }]
            : record.items.map((item, i) => ({ ...item, qty: 1, index: record.first + i }))
        if (lines.length > 0) await this.record(record.type, lines, { listName: record.listName })
        return
      }
      await this.recordCart(record.type)
    },

    /** How many events wait, now and at each change (any tab). */
    subscribeAnalyticsQueue: async (cb: (waiting: number) => void): Promise<Unsubscribe> => {
      const emit = distinct(safe(cb))
      const subscription = sessionRecordValues(this.opened.get().store.db, ANALYTICS_ID)
        .pipe(map((value) => stateOf(value).events.length))
        .subscribe({ next: emit, error: (error: unknown) => console.debug('[analytics] the queue could not be read', error) })
      return async () => subscription.unsubscribe()
    },

    /** The waiting events, oldest first, taken out of the queue: whoever takes one pushes it. */
    takeAnalyticsEvents: async (): Promise<EcommerceEvent[]> => {
      let taken: QueuedEvent[] = []
      await modifySessionRecord(this.opened.get().store.db, ANALYTICS_ID, (value) => {
        const state = stateOf(value)
        // the change may run again on a newer copy (another tab's write): what it takes is that run's
        taken = state.events
        return { consent: state.consent, events: [] }
      })
      return taken.map((entry) => entry.event)
    },
  } satisfies Partial<DataApi>

  /** Queues one event, when the shopper consents; never fails the action that caused it. */
  async record(name: EcommerceEventName, lines: readonly EventLine[], details: EventDetails = {}): Promise<void> {
    const opened = this.opened.peek()
    if (!opened) return
    const { db, storeView } = opened.store
    const event = ecommerceEvent(name, lines, storeView.i18n.currencyCode, details)
    const id = this.deps.session.newId()
    try {
      await modifySessionRecord(db, ANALYTICS_ID, (value) => {
        const state = stateOf(value)
        return state.consent ? { consent: true, events: enqueue(state.events, { id, event }) } : { consent: false, events: [] }
      })
    } catch (error) {
      console.debug('[analytics] an event was not recorded', name, error)
    }
  }

  /** An event of the cart's lines as they are now (none for an empty cart); never fails the action that caused it. */
  private async recordCart(name: EcommerceEventName, details: EventDetails = {}): Promise<void> {
    const opened = this.opened.peek()
    if (!opened || !this.consented) return
    try {
      const items = await opened.cart.getItems()
      if (items.length > 0) await this.record(name, items.map(toLine), details)
    } catch (error) {
      console.debug('[analytics] the cart could not be read', name, error)
    }
  }

  /** view_item: the product page of `sku` was shown. */
  async productViewed(sku: string): Promise<void> {
    if (!this.consented) return
    try {
      const products = this.deps.products()
      const light = products.lightItems([sku]).get(sku)
      const full = light ? null : await products.storedFull(sku)
      const item = light ?? (full ? listItemFromProduct(full) : null)
      if (item) await this.record('view_item', [{ sku, name: item.name, priceCents: item.final_price_incl_tax, qty: 1 }])
    } catch (error) {
      console.debug('[analytics] the viewed product could not be read', sku, error)
    }
  }

  /** add_to_cart and remove_from_cart: what one cart command changed. */
  async cartChanged(before: readonly CartItem[], after: readonly CartItem[]): Promise<void> {
    if (!this.consented) return
    const { added, removed } = cartChanges(before, after)
    if (removed.length > 0) await this.record('remove_from_cart', removed)
    if (added.length > 0) await this.record('add_to_cart', added)
  }

  /** add_shipping_info / add_payment_info: the shopper chose a method at the checkout (the cart's lines). */
  async checkoutChoice(name: 'add_shipping_info' | 'add_payment_info', choice: string): Promise<void> {
    await this.recordCart(name, name === 'add_shipping_info' ? { shippingTier: choice } : { paymentType: choice })
  }

  /** purchase: the shop accepted the order (an order placed offline, once it is sent). */
  async orderPlaced(order: OrderView): Promise<void> {
    if (!order.placed || !this.consented) return
    await this.record('purchase', order.lines.map(toLine), {
      transactionId: order.placed.orderNumber,
      valueCents: order.placed.grandTotal ?? order.totals.grandTotal,
      shippingCents: order.totals.shipping,
    })
  }
}
