/**
 * What the checkout asks of the shop besides the order: shipping and payment methods and the VAT
 * number check (coupons are the cart's: workers/cart, replication/cart-coupon). Online with a server cart, the server answers (its totals then follow the chosen
 * method); offline, or before the cart reached the server, the shop's own rules in domain/ answer the
 * same lists, so a shopper offline can still choose store pickup, pay at pickup or bank transfer.
 */
import { isVirtualCart } from '../../domain/cart-item'
import { toCents } from '../../domain/money'
import { OFFLINE_PAYMENT_METHODS } from '../../domain/order'
import { paymentMethodsFor, type PaymentMethod } from '../../domain/payment-methods'
import { shippingMethodsFor, type ShippingMethod } from '../../domain/shipping-methods'
import { checkVatNumber } from '../../domain/vat-number'
import type { ApiClient } from '../../replication/api-client'
import type { CartStore } from '../../replication/cart-store'
import type { Totals } from '../../domain/cart.schema'
import type { CheckoutDetails, PaymentMethodView, ShippingMethodView, VatCheckView } from '../contract/checkout'

/** The VAT register may be slow (VIES): the check gives up after the client's time-out (spec §9). */
const VAT_CHECK_TIMEOUT_MS = 5000

export interface CheckoutMethodsDeps {
  api: ApiClient
  /** read only: the cart module writes it */
  cartStore: Pick<CartStore, 'getItems' | 'getState'>
  isOnline: () => boolean
  /** the server's totals for the chosen shipping, kept with the cart (the cart module's) */
  setCartTotals: (totals: Totals) => Promise<void>
}

/** Payment methods paid outside a provider's page: they need no network to be chosen. */
export function isOfflinePaymentMethod(code: string): boolean {
  return (OFFLINE_PAYMENT_METHODS as readonly string[]).includes(code)
}

function toShippingView(method: ShippingMethod): ShippingMethodView {
  return { carrierCode: method.carrier_code, methodCode: method.method_code, title: method.method_title, amount: toCents(method.price_incl_tax) }
}

export class CheckoutMethods {
  constructor(private readonly deps: CheckoutMethodsDeps) {}

  private async onlineCartId(): Promise<string | null> {
    if (!this.deps.isOnline()) return null
    return (await this.deps.cartStore.getState()).serverCartId
  }

  private async virtual(): Promise<boolean> {
    const items = await this.deps.cartStore.getItems()
    return items.length > 0 && isVirtualCart(items)
  }

  async shippingMethods(country: string): Promise<ShippingMethodView[]> {
    const cartId = await this.onlineCartId()
    if (cartId) {
      const server = await this.deps.api.shippingMethods(cartId, country).catch(() => null)
      if (server) return server.filter((m) => m.available).map(toShippingView)
    }
    return shippingMethodsFor({ virtual: await this.virtual(), country, freeShipping: false }).map(toShippingView)
  }

  /** For the checkout's country and shipping method; online, the server cart takes that choice and its totals follow it. */
  async paymentMethods(details: CheckoutDetails): Promise<PaymentMethodView[]> {
    const { shippingMethod } = details.shippingDetails
    const pay = details.paymentDetails
    const virtual = await this.virtual()
    // a virtual cart is billed, not shipped: its country is the billing address's
    const country = virtual ? pay.country : details.shippingDetails.country
    const ownBilling = virtual || shippingMethod?.carrierCode === 'storepickup' || !pay.sameAsShipping
    const vatId = pay.vatId.trim()
    const billing = vatId ? { country: ownBilling ? pay.country : details.shippingDetails.country, vatId } : undefined
    let methods: PaymentMethod[] | null = null
    const cartId = await this.onlineCartId()
    if (cartId && (shippingMethod || virtual)) {
      const choice = { country, ...(virtual ? {} : shippingMethod), ...(billing ? { billing } : {}) }
      const info = await this.deps.api.shippingInformation(cartId, choice).catch(() => null)
      if (info) {
        methods = info.payment_methods
        await this.deps.setCartTotals(info.totals)
      }
    }
    methods ??= paymentMethodsFor({ virtual, country, shippingCarrierCode: shippingMethod?.carrierCode ?? 'storepickup' })
    return methods.map((m) => ({
      code: m.code,
      title: m.title,
      // a provider's method sends the shopper to its payment page after the order is placed: online only
      availability: this.deps.isOnline() || isOfflinePaymentMethod(m.code) ? 'available' : 'online-only',
    }))
  }

  /** Online the register's answer; offline (or when the call fails) the format and checksum alone, valid null. */
  async checkVatNumber(countryCode: string, vatNumber: string): Promise<VatCheckView> {
    if (this.deps.isOnline()) {
      const result = await this.deps.api.vatCheck(countryCode, vatNumber, { timeoutMs: VAT_CHECK_TIMEOUT_MS }).catch(() => null)
      if (result) return { ...result, offline: false }
    }
    const check = checkVatNumber(countryCode, vatNumber)
    const base = { countryCode: check.countryCode, vatNumber: check.vatNumber, is_valid: false, offline: true }
    if (!check.ok) return { ...base, valid: false, checked: 'format', reason: check.problem, request_message: check.problem }
    return { ...base, valid: null, checked: 'unverified', vatId: check.vatId, request_message: 'offline' }
  }
}
