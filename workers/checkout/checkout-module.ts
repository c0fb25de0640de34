/**
 * The checkout of the opened store view: the shopper's details in the `checkout` record
 * (workers/checkout/checkout-state), the shipping and payment methods the shop offers for them,
 * the VAT number check, the shop's details, and the view with what stops and what charges the
 * order (workers/checkout/checkout-view). Placing the order is the orders module's: it takes what
 * `placing()` answers, one step at a time with the checkout's writes (`serial`).
 */
import { BehaviorSubject } from 'rxjs'
import { chosenShipping, type CheckoutDetails } from '../../domain/checkout'
import type { Totals } from '../../domain/cart.schema'
import { ShopDetailsAnswerSchema, type ShopDetailsAnswer } from '../../domain/shop-details'
import type { Country } from '../../domain/store-views'
import type { CheckoutPatch, CheckoutView, PaymentMethodView, ShippingMethodView, VatCheckView } from '../contract/checkout'
import type { Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import { CollectionCartStore } from '../db/collection-stores'
import { modifySessionRecord, recordValue } from '../db/session-records'
import { PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import { CheckoutMethods } from './checkout-methods'
import { CheckoutStore, type StoredCheckout } from './checkout-state'
import { checkoutView, checkoutView$ } from './checkout-view'

/** the session record of the shop's details, as it last said them (the thank-you page shows them offline) */
const SHOP_DETAILS_ID = 'shop-details'

export interface CheckoutModuleDeps {
  session: WorkerSession
  isOnline: () => boolean
  /** the server's totals for the chosen shipping, kept with the cart (the cart module's) */
  setCartTotals: (totals: Totals) => Promise<void>
  /** the shopper chose a shipping method (`carrier_method`) or a payment method (its code): the analytics' add_shipping_info, add_payment_info */
  methodChosen?: (name: 'add_shipping_info' | 'add_payment_info', choice: string) => Promise<void>
}

/** What placing an order takes from the checkout. */
export interface PlacingCheckout {
  stored: StoredCheckout
  /** the chosen shipping method as the shop offers it now; null when it offers it no more */
  method: (country: string) => Promise<ShippingMethodView | null>
  /** the last VAT check of the number in the details, for the B2B rule */
  vatCheck: { country: string; number: string; valid: boolean | null } | null
  /** the shop's own country (its VAT decision), as it last said it */
  shopCountry: Country | null
}

interface Opened {
  store: OpenedStore
  cartStore: CollectionCartStore
  checkout: CheckoutStore
  methods: CheckoutMethods
  /** checkout writes and order placing, one at a time (a patch is read-modify-write) */
  chain: Promise<unknown>
  /** the last VAT check, for the B2B rule at placing */
  vat: { country: string; number: string; valid: boolean | null } | null
  /** the shipping methods as last offered: the checkout view charges the chosen one's price */
  offered: BehaviorSubject<ShippingMethodView[]>
}

export class CheckoutModule implements WorkerModule {
  private readonly opened = new PerStore<Opened>()

  constructor(private readonly deps: CheckoutModuleDeps) {}

  private get current(): Opened {
    return this.opened.get()
  }

  open(store: OpenedStore): void {
    const { session, isOnline, setCartTotals } = this.deps
    const cartStore = new CollectionCartStore(store.db)
    this.opened.set({
      store,
      cartStore,
      checkout: new CheckoutStore(store.db, store.storeView.i18n.defaultCountry, session.now),
      methods: new CheckoutMethods({ api: store.api, cartStore, isOnline, setCartTotals }),
      chain: Promise.resolve(),
      vat: null,
      offered: new BehaviorSubject<ShippingMethodView[]>([]),
    })
  }

  /** Runs `work` after the checkout writes asked before it, and before those asked after. */
  serial<T>(work: () => Promise<T>): Promise<T> {
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
        // only a change that names a method can choose one (most changes are keystrokes in a field)
        const choosing = patch.shippingDetails?.shippingMethod !== undefined || patch.paymentDetails?.paymentMethod !== undefined
        const before = this.deps.methodChosen && choosing ? (await checkout.get()).details : null
        const stored = await checkout.update(patch)
        if (before) this.tellChoices(before, stored.details)
        return checkoutView(stored, this.deps.session.now(), await cartStore.getItems(), await cartStore.getState(), offered.value)
      }),
    shippingMethods: (country: string): Promise<ShippingMethodView[]> => this.offerShipping(country),
    // after the checkout writes asked before it (the shipping method just chosen)
    paymentMethods: (): Promise<PaymentMethodView[]> =>
      this.serial(async () => this.current.methods.paymentMethods((await this.current.checkout.get()).details)),
    shopDetails: async (): Promise<ShopDetailsAnswer | null> => {
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

  /** A shipping or payment method the change chose (another than before, not none). */
  private tellChoices(before: CheckoutDetails, after: CheckoutDetails): void {
    const shipping = after.shippingDetails.shippingMethod
    const shippingWas = before.shippingDetails.shippingMethod
    if (shipping && (shipping.carrierCode !== shippingWas?.carrierCode || shipping.methodCode !== shippingWas.methodCode))
      void this.deps.methodChosen!('add_shipping_info', `${shipping.carrierCode}_${shipping.methodCode}`)
    const payment = after.paymentDetails.paymentMethod
    if (payment && payment !== before.paymentDetails.paymentMethod) void this.deps.methodChosen!('add_payment_info', payment)
  }

  /** What placing an order takes from the checkout now (call within `serial`). */
  async placing(): Promise<PlacingCheckout> {
    const opened = this.current
    const stored = await opened.checkout.get()
    const vatId = stored.details.paymentDetails.vatId
    return {
      stored,
      method: async (country) => chosenShipping(stored.details, await this.offerShipping(country)),
      vatCheck: opened.vat && opened.vat.number === vatId ? opened.vat : null,
      shopCountry: (await this.storedShopDetails())?.vat.shopCountry ?? null,
    }
  }

  /**
   * The order placed from these details: a second click answers it while it waits. On a kiosk the
   * details leave with the order, so the next shopper at the tablet never sees them.
   */
  async setLastOrder(orderId: string): Promise<void> {
    await this.current.checkout.setLastOrder(orderId, this.current.store.config.replicationMode === 'kiosk')
  }

  /** The order last placed from these details (the one its shopper's thank-you page shows), if any. */
  async lastOrderId(): Promise<string | null> {
    const opened = this.opened.peek()
    return opened ? (await opened.checkout.get()).lastOrderId : null
  }

  /** spec "Logout": the checkout details forgotten. */
  async forget(): Promise<void> {
    await this.opened.peek()?.checkout.forget()
  }

  /** The shipping methods offered now; the checkout view follows them (the chosen one's price). */
  private async offerShipping(country: string): Promise<ShippingMethodView[]> {
    const opened = this.current
    const methods = await opened.methods.shippingMethods(country)
    opened.offered.next(methods)
    return methods
  }

  /** The shop's details as it last said them on this device; null before it ever answered. */
  private async storedShopDetails(): Promise<ShopDetailsAnswer | null> {
    const stored = ShopDetailsAnswerSchema.safeParse(recordValue(await this.current.store.db.session.findOne(SHOP_DETAILS_ID).exec()))
    return stored.success ? stored.data : null
  }

  close(): void {
    const opened = this.opened.peek()
    this.opened.set(null)
    opened?.offered.complete()
  }
}
