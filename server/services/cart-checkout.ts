/**
 * The checkout side of a cart (contract §2.2): its coupon, the shipping methods for an address, the
 * shipping choice (shipping-information), the payment methods, and its totals for the shipping
 * country and method checkout chose (else the store view's tax default country and store pickup)
 * with the cart's coupon. The rules are the domain's (cart-totals, coupon.schema,
 * shipping-methods, payment-methods); this loads and stores.
 *
 * A stored coupon that has since expired or been switched off stays on the cart (GET coupon still
 * names it, as Magento does) but gives no discount. Lines shipped to another country than the
 * store view's are priced again with that country's VAT at `now` (domain/cart-totals sellsIn).
 * The cart's gift cards that can pay at `now` pay the totals after discount and shipping
 * (domain/cart-totals); one that cannot any more stays on the cart and pays nothing.
 */
import type { CartShippingInformationBody } from '../../domain/api/cart.schema'
import type { ProductOption, Totals } from '../../domain/cart.schema'
import { computeTotals, isVirtualLines, sellsIn, type TotalsLine } from '../../domain/cart-totals'
import { isCouponValidAt, type Coupon } from '../../domain/coupon.schema'
import { giftCardStatusAt } from '../../domain/giftcard.schema'
import { paymentMethodsFor, type PaymentMethod } from '../../domain/payment-methods'
import { DEFAULT_SHIPPING_METHOD, findShippingMethod, shippingChargeOf, shippingMethodsFor, type ShippingMethod } from '../../domain/shipping-methods'
import { COUNTRIES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { consumerVatCountry, DEFAULT_VAT_SETTINGS, type VatSettings } from '../../domain/vat-rule'
import type { Storage } from '../storage'
import type { CartRow } from '../storage/cart-repository'
import { resolveLines } from './cart-lines'
import { CartNotFoundError, CouponNotValidError, InvalidRequestError } from './errors'

export function createCartCheckout(storage: Storage, vat: Pick<VatSettings, 'shopCountry' | 'oss'> = DEFAULT_VAT_SETTINGS) {
  async function cartOrThrow(cartId: string): Promise<CartRow> {
    const cart = await storage.carts.find(cartId)
    if (!cart) throw new CartNotFoundError(cartId)
    return cart
  }

  /** The cart's shipping country: checkout's choice, else the store view's tax default (spec §5). */
  function countryOf(cart: CartRow): string {
    const country = cart.shipping_country ?? STORE_VIEWS[cart.store_code as StoreCode]?.tax.defaultCountry
    if (!country) throw new InvalidRequestError('Please do set the tax.defaultCountry in order to calculate totals.')
    return country
  }

  /** The cart's lines priced for `country`, the tax rules and the coupon valid at `now` (or null). */
  async function load(cart: CartRow, country: string, now: Date) {
    const storeCountry = STORE_VIEWS[cart.store_code as StoreCode]?.tax.defaultCountry
    const [rules, items, stored] = await Promise.all([
      storage.taxRules.list(),
      storage.carts.listItems(cart.id),
      cart.coupon_code ? storage.coupons.find(cart.coupon_code) : Promise.resolve(null),
    ])
    const resolved = await resolveLines(storage, cart, items)
    const lines: TotalsLine[] = items.map((item) => {
      const sells = resolved.get(item.sku) ?? null
      return {
        item_id: item.item_id,
        name: item.name,
        qty: item.qty,
        option: item.product_option as ProductOption | null,
        sells: sells && country !== storeCountry ? sellsIn(sells, rules, country, now) : sells,
      }
    })
    const coupon: Coupon | null = stored && isCouponValidAt(stored, now) ? stored : null
    return { lines, rules, coupon }
  }

  async function totalsOf(cart: CartRow, now: Date): Promise<Totals> {
    // a consumer's VAT: the destination's past the OSS threshold, the shop's own below it
    const country = consumerVatCountry(vat, countryOf(cart))
    const [{ lines, rules, coupon }, cards] = await Promise.all([load(cart, country, now), storage.giftcards.listForCart(cart.id)])
    const paying = cards.filter((card) => giftCardStatusAt(card, now) === 'active')
    return computeTotals(lines, rules, country, shippingChargeOf(cart.shipping_carrier_code, cart.shipping_method_code), coupon, paying)
  }

  /** A carrier and method pair checkout sent must be one of the shop's (both left out: the default). */
  function checkShippingMethod(carrier: string | null, method: string | null): void {
    if (carrier === null && method === null) return
    const known = carrier && method ? findShippingMethod(carrier, method) : null
    if (!known || known.available === false) throw new InvalidRequestError(`Carrier with such method not found: ${carrier ?? ''}, ${method ?? ''}`)
  }

  function paymentMethodsOf(cart: CartRow, virtual: boolean): PaymentMethod[] {
    return paymentMethodsFor({ virtual, country: countryOf(cart), shippingCarrierCode: cart.shipping_carrier_code ?? DEFAULT_SHIPPING_METHOD.carrier_code })
  }

  return {
    async totals(cartId: string, now = new Date()): Promise<Totals> {
      return totalsOf(await cartOrThrow(cartId), now)
    },

    /** Applies a known coupon valid at `now` (replacing the cart's coupon), else CouponNotValidError. */
    async applyCoupon(cartId: string, code: string, now = new Date()): Promise<true> {
      const cart = await cartOrThrow(cartId)
      const coupon = await storage.coupons.find(code)
      if (!coupon || !isCouponValidAt(coupon, now)) throw new CouponNotValidError()
      await storage.carts.setCoupon(cart.id, coupon.code, now.toISOString())
      return true
    },

    /** Removes the cart's coupon; a cart without one answers true as well (Magento does). */
    async deleteCoupon(cartId: string, now = new Date()): Promise<true> {
      const cart = await cartOrThrow(cartId)
      await storage.carts.setCoupon(cart.id, null, now.toISOString())
      return true
    },

    /** The methods the cart can be shipped with to an address in `country` (none for a virtual cart). */
    async shippingMethods(cartId: string, country: string, now = new Date()): Promise<ShippingMethod[]> {
      const cart = await cartOrThrow(cartId)
      const vatCountry = consumerVatCountry(vat, country)
      const { lines, rules, coupon } = await load(cart, vatCountry, now)
      // each method at the price these goods pay for it (shipping's VAT follows the goods)
      const priceOf = (m: { amount: number }) => {
        const t = computeTotals(lines, rules, vatCountry, { amount: m.amount, title: '' }, coupon)
        return { excl: t.shipping_amount, incl: t.shipping_incl_tax }
      }
      return shippingMethodsFor({ virtual: isVirtualLines(lines), country, freeShipping: coupon?.kind === 'free_shipping', priceOf })
    },

    async paymentMethods(cartId: string, now = new Date()): Promise<PaymentMethod[]> {
      const cart = await cartOrThrow(cartId)
      const { lines } = await load(cart, countryOf(cart), now)
      return paymentMethodsOf(cart, isVirtualLines(lines))
    },

    /**
     * Stores the shipping country and method checkout chose and answers the totals with them and
     * the payment methods (Magento's PaymentDetails). Without carrier and method the cart keeps
     * store pickup; a virtual cart stores no method (nothing is shipped).
     */
    async shippingInformation(
      cartId: string,
      info: CartShippingInformationBody['addressInformation'],
      now = new Date(),
    ): Promise<{ payment_methods: PaymentMethod[]; totals: Totals }> {
      const cart = await cartOrThrow(cartId)
      const country = info.shippingAddress.countryId
      if (!(COUNTRIES as readonly string[]).includes(country)) {
        throw new InvalidRequestError(`addressInformation.shippingAddress.countryId: the shop ships to ${COUNTRIES.join(' and ')} only (got ${country})`)
      }
      const { lines } = await load(cart, country, now)
      const virtual = isVirtualLines(lines)
      const carrier = info.shippingCarrierCode ?? null
      const method = info.shippingMethodCode ?? null
      if (!virtual) checkShippingMethod(carrier, method)
      const choice = virtual ? { country, carrierCode: null, methodCode: null } : { country, carrierCode: carrier, methodCode: method }
      await storage.carts.setShipping(cart.id, choice, now.toISOString())
      const chosen: CartRow = { ...cart, shipping_country: country, shipping_carrier_code: choice.carrierCode, shipping_method_code: choice.methodCode }
      return { payment_methods: paymentMethodsOf(chosen, virtual), totals: await totalsOf(chosen, now) }
    },

    /**
     * collect-totals: the totals with the given shipping method, which the cart keeps (its country
     * stays); without carrier and method, with the cart's own choice.
     */
    async collectTotals(cartId: string, carrier: string | null, method: string | null, now = new Date()): Promise<Totals> {
      const cart = await cartOrThrow(cartId)
      if (carrier === null && method === null) return totalsOf(cart, now)
      checkShippingMethod(carrier, method)
      const country = countryOf(cart)
      await storage.carts.setShipping(cart.id, { country, carrierCode: carrier, methodCode: method }, now.toISOString())
      return totalsOf({ ...cart, shipping_country: country, shipping_carrier_code: carrier, shipping_method_code: method }, now)
    },

    /** The cart's coupon code, or null. */
    async coupon(cartId: string): Promise<string | null> {
      return (await cartOrThrow(cartId)).coupon_code
    },
  }
}
