/** The cart, gift card, order, payment, VAT and stock calls of the gateway (replication/api-client). */
import { z } from 'zod'
import {
  CartApplyCouponResultSchema,
  CartCreateResultSchema,
  CartDeleteCouponResultSchema,
  CartDeleteResultSchema,
  CartPaymentMethodsResultSchema,
  CartPullResultSchema,
  CartShippingInformationResultSchema,
  CartShippingMethodsResultSchema,
  CartTotalsResultSchema,
  CartUpdateResultSchema,
} from '../domain/api/cart.schema'
import { GiftCardCheckResultSchema, GiftCardRemoveResultSchema, type GiftCardCheckResult } from '../domain/api/giftcard.schema'
import { OrderRefusalSchema, PlacedOrderAnswerSchema, type OrderBody, type OrderRefusal, type PlacedOrderAnswer } from '../domain/api/order.schema'
import { PaymentStatusAnswerSchema, PostPaymentAnswerSchema, type PaymentStatusAnswer, type PostPaymentAnswer } from '../domain/api/payment.schema'
import { VatCheckResultSchema, type VatCheckResult } from '../domain/api/vat-check.schema'
import type { PaymentMethod } from '../domain/payment-methods'
import type { ShippingMethod } from '../domain/shipping-methods'
import { StockItemSchema } from '../domain/api/stock.schema'
import { ShopDetailsAnswerSchema, type ShopDetailsAnswer } from '../domain/shop-details'
import { KioskUnlockAnswerSchema, type KioskUnlockAnswer } from '../domain/api/kiosk.schema'
import type { StockItem } from '../domain/api/stock.schema'
import type { ServerCartItem, Totals } from '../domain/cart.schema'
import { ApiError, WrongResponseFormatError } from './api-errors'
import { type CartItemUpdate, type OrderAnswer } from './api-types'
import { ApiPipeline } from './api-pipeline'

export class ShopCalls extends ApiPipeline {
  // --- cart (contract §2.2) -------------------------------------------------------------

  /**
   * Creates a server cart; `guest` leaves the customer token out (the bypass path, an order's own
   * cart). With a token the shop answers the customer's active cart; `fresh` asks for a new one
   * (after the last one went with an order that may not have reached the shop yet). A server that
   * does not know `fresh` ignores it.
   */
  createCart(guest = false, fresh = false): Promise<string> {
    const url = this.url('/api/cart/create', { storeCode: this.storeCode, ...(fresh && !guest ? { fresh: 1 } : {}) }, !guest)
    return this.call(url, { method: 'POST' }, z.union([CartCreateResultSchema, z.number().int().transform(String)]))
  }

  pullCart(cartId: string): Promise<ServerCartItem[]> {
    return this.call(this.url('/api/cart/pull', { cartId, storeCode: this.storeCode }), { method: 'GET' }, CartPullResultSchema)
  }

  updateCartItem(cartId: string, item: CartItemUpdate): Promise<ServerCartItem> {
    const body = { cartItem: { ...item, quoteId: cartId } }
    return this.call(
      this.url('/api/cart/update', { cartId, storeCode: this.storeCode }),
      { method: 'POST', body: JSON.stringify(body) },
      CartUpdateResultSchema,
    )
  }

  deleteCartItem(cartId: string, item: { sku: string; item_id: number }): Promise<true> {
    const body = { cartItem: { ...item, quoteId: cartId } }
    return this.call(
      this.url('/api/cart/delete', { cartId, storeCode: this.storeCode }),
      { method: 'POST', body: JSON.stringify(body) },
      CartDeleteResultSchema,
    )
  }

  /** Totals at the top level; older deployments wrap them in `{totals}` (contract §2.2). */
  cartTotals(cartId: string): Promise<Totals> {
    const schema = z.union([CartTotalsResultSchema, z.object({ totals: CartTotalsResultSchema }).transform((r) => r.totals)])
    return this.call(this.url('/api/cart/totals', { cartId, storeCode: this.storeCode }), { method: 'GET' }, schema)
  }

  /** Shipping methods for an address in `country` (only the country matters to this shop). */
  shippingMethods(cartId: string, country: string): Promise<ShippingMethod[]> {
    const body = JSON.stringify({ address: { country_id: country } })
    return this.call(this.url('/api/cart/shipping-methods', { cartId, storeCode: this.storeCode }), { method: 'POST', body }, CartShippingMethodsResultSchema)
  }

  /**
   * Stores the country, the method (none for a virtual cart) and the buyer's VAT number on the server
   * cart; answers its payment methods and totals with them (a confirmed company of another country
   * pays no VAT: the totals say so before the order).
   */
  shippingInformation(
    cartId: string,
    choice: { country: string; carrierCode?: string; methodCode?: string; billing?: { country: string; vatId: string } },
  ): Promise<{ payment_methods: PaymentMethod[]; totals: Totals }> {
    const body = JSON.stringify({
      addressInformation: {
        shippingAddress: { countryId: choice.country },
        ...(choice.billing ? { billingAddress: { countryId: choice.billing.country, vat_id: choice.billing.vatId } } : {}),
        ...(choice.carrierCode && choice.methodCode ? { shippingCarrierCode: choice.carrierCode, shippingMethodCode: choice.methodCode } : {}),
      },
    })
    return this.call(
      this.url('/api/cart/shipping-information', { cartId, storeCode: this.storeCode }),
      { method: 'POST', body },
      CartShippingInformationResultSchema,
    )
  }

  paymentMethods(cartId: string): Promise<PaymentMethod[]> {
    return this.call(this.url('/api/cart/payment-methods', { cartId, storeCode: this.storeCode }), { method: 'GET' }, CartPaymentMethodsResultSchema)
  }

  /** An unknown, switched-off or expired code is an ApiError 404. */
  applyCoupon(cartId: string, coupon: string): Promise<true> {
    const url = this.url('/api/cart/apply-coupon', { cartId, coupon, storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: '{}' }, CartApplyCouponResultSchema)
  }

  deleteCoupon(cartId: string): Promise<true> {
    const url = this.url('/api/cart/delete-coupon', { cartId, storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: '{}' }, CartDeleteCouponResultSchema)
  }

  // --- gift card extension (spec §7 "Gift card") ---------------------------------------

  private giftCardUrl(action: 'check' | 'activate' | 'remove', code: string, cartId?: string): string {
    return this.url(`/api/ext/giftcard/${action}/${encodeURIComponent(code)}`, { cartId, storeCode: this.storeCode }, false)
  }

  /** A card's balance and state; an unknown code is an ApiError 404 with `{ errorMessage, reason }`. */
  checkGiftCard(code: string): Promise<GiftCardCheckResult> {
    return this.call(this.giftCardUrl('check', code), { method: 'GET' }, GiftCardCheckResultSchema)
  }

  /** Applies a card to the cart; unknown (404) or unable to pay (400: used, expired, disabled) is an ApiError with `{ errorMessage, reason }`. */
  applyGiftCard(cartId: string, code: string): Promise<GiftCardCheckResult> {
    return this.call(this.giftCardUrl('activate', code, cartId), { method: 'POST', body: '{}' }, GiftCardCheckResultSchema)
  }

  /** Takes a card off the cart (true also when the cart did not hold it). */
  removeGiftCard(cartId: string, code: string): Promise<true> {
    return this.call(this.giftCardUrl('remove', code, cartId), { method: 'POST', body: '{}' }, GiftCardRemoveResultSchema)
  }

  // --- the shop's details (bank account, pickup point) ------------------------------------

  /** The kiosk setup screen's PIN check: the store view's product count, or 401 (wrong), 404 (no kiosk setup), 429. */
  unlockKiosk(pin: string): Promise<KioskUnlockAnswer> {
    return this.call(
      this.url('/api/ext/kiosk/unlock', {}, false),
      { method: 'POST', body: JSON.stringify({ pin, storeCode: this.storeCode }) },
      KioskUnlockAnswerSchema,
    )
  }

  shopDetails(): Promise<ShopDetailsAnswer> {
    return this.call(this.url('/api/ext/shop-details', {}, false), { method: 'GET' }, ShopDetailsAnswerSchema)
  }

  // --- order (contract §2.3) ------------------------------------------------------------

  /**
   * POST /api/order. Placed (200, also the answer to a retry of the same order_id) or refused (409
   * with its reason). May fail: NetworkError (no answer: the order may or may not be stored, so it
   * is resent with the same order_id), RetryLaterError, ApiError (400 bad body, 401 a customer cart
   * without a valid token after one renewal, 404 unknown cart),
   * BadContentTypeError, WrongResponseFormatError.
   */
  async placeOrder(body: OrderBody, guest = false): Promise<OrderAnswer> {
    // with the customer's token: the order is theirs (their order history), and their cart is only
    // theirs to order; `guest`: a guest's order, sent without the token of whoever is signed in now
    const send = (to: string) => this.request({ url: to, method: 'POST', body: JSON.stringify(body), answer: 'envelope', schema: z.unknown(), task: true })
    let url = this.url('/api/order', { storeCode: this.storeCode }, !guest)
    let answer = await send(url)
    const renewed = answer.code === 401 && !guest ? await this.renewedUrl(url) : null
    if (renewed) {
      url = renewed
      answer = await send(url)
    }
    const parsed =
      answer.code === 200 ? PlacedOrderAnswerSchema.safeParse(answer.result) : answer.code === 409 ? OrderRefusalSchema.safeParse(answer.result) : null
    if (!parsed) throw new ApiError(answer.code, answer.result, url)
    if (!parsed.success) throw new WrongResponseFormatError(url, parsed.error.message)
    return answer.code === 200 ? { kind: 'placed', result: parsed.data as PlacedOrderAnswer } : { kind: 'refused', refusal: parsed.data as OrderRefusal }
  }

  // --- payment provider service (spec §7) ------------------------------------------------

  /**
   * The payment request of a stored order (by its number): the provider's page. 409/502/404 are
   * ApiErrors. With the customer's token (renewed once on a 401): a customer's order is theirs only;
   * a guest's order needs the key its order answer gave (`orderToken`).
   */
  postPayment(orderNumber: string, orderToken?: string): Promise<PostPaymentAnswer> {
    const url = this.url('/api/ext/payment/post-payment', { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify({ order_id: orderNumber, order_token: orderToken }) }, PostPaymentAnswerSchema)
  }

  /**
   * The payment status of a stored order (by its number) as the provider says it now, asked with
   * the customer's token and the guest order's key like postPayment. 404 (no such order or payment) is an ApiError.
   */
  paymentStatus(orderNumber: string, orderToken?: string): Promise<PaymentStatusAnswer> {
    const url = this.url('/api/ext/payment/get-payment-status', { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify({ order_id: orderNumber, order_token: orderToken }) }, PaymentStatusAnswerSchema)
  }

  // --- VAT check (spec §7) --------------------------------------------------------------

  vatCheck(countryCode: string, vatNumber: string, options: { timeoutMs?: number } = {}): Promise<VatCheckResult> {
    const url = this.url('/api/ext/vat-check/check', { countryCode, vatNumber, storeCode: this.storeCode }, false)
    return this.call(url, { method: 'GET' }, VatCheckResultSchema, options.timeoutMs)
  }

  // --- stock (contract §2.4) ------------------------------------------------------------

  checkStock(sku: string, options: { timeoutMs?: number } = {}): Promise<StockItem> {
    return this.call(this.url('/api/stock/check', { sku, storeCode: this.storeCode }, false), { method: 'GET' }, StockItemSchema, options.timeoutMs)
  }
}
