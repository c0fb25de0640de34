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
import {
  DEFAULT_SHIPPING_METHOD,
  findShippingMethod,
  shippingChargeOf,
  shippingMethodsFor,
  type ShippingMethod,
  type ShopShippingMethod,
} from '../../domain/shipping-methods'
import { COUNTRIES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { DEFAULT_VAT_SETTINGS, type VatSettings } from '../../domain/vat-rule'
import { decideVat, vatDestination } from '../../domain/vat-decision'
import type { Storage } from '../storage'
import type { CartRow } from '../storage/cart-repository'
import { resolveLines } from './cart-lines'
import { CartNotFoundError, CouponNotValidError, InvalidRequestError } from './errors'

/** The registry's word on a VAT number: true valid, false invalid, null could not say. */
export type VatRegistryCheck = (countryCode: string, vatNumber: string) => Promise<boolean | null>

export function createCartCheckout(storage: Storage, vat: VatSettings = DEFAULT_VAT_SETTINGS, vatCheck?: VatRegistryCheck) {
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

  /** The cart's lines with what they sell (as stored, for the store view's country), the tax rules and the coupon valid at `now`. */
  async function load(cart: CartRow, now: Date) {
    const [rules, items, stored] = await Promise.all([
      storage.taxRules.list(),
      storage.carts.listItems(cart.id),
      cart.coupon_code ? storage.coupons.find(cart.coupon_code) : Promise.resolve(null),
    ])
    const resolved = await resolveLines(storage, cart, items)
    const lines: TotalsLine[] = items.map((item) => ({
      item_id: item.item_id,
      name: item.name,
      qty: item.qty,
      option: item.product_option as ProductOption | null,
      sells: resolved.get(item.sku) ?? null,
    }))
    const coupon: Coupon | null = stored && isCouponValidAt(stored, now) ? stored : null
    return { lines, rules, coupon, virtual: isVirtualLines(lines) }
  }

  /**
   * The lines priced with `country`'s VAT (stored prices are the store view's country's; another
   * country, or a reverse charge, prices them again) and the rules to total them with.
   */
  function pricedFor(cart: CartRow, loaded: Awaited<ReturnType<typeof load>>, country: string, reverseCharge: boolean, now: Date) {
    const rules = reverseCharge ? [] : loaded.rules
    const storeCountry = STORE_VIEWS[cart.store_code as StoreCode]?.tax.defaultCountry
    const reprice = reverseCharge || country !== storeCountry
    const lines = reprice ? loaded.lines.map((l) => ({ ...l, sells: l.sells ? sellsIn(l.sells, rules, country, now) : null })) : loaded.lines
    return { lines, rules }
  }

  /** The shop's VAT decision for the cart as checkout left it: its destination and the buyer's VAT number (domain/vat-rule). */
  function vatOf(cart: CartRow, virtual: boolean) {
    const delivery = countryOf(cart)
    const billingCountry = cart.billing_country ?? delivery
    const destination = vatDestination(vat.shopCountry, {
      virtual,
      pickup: cart.shipping_carrier_code === 'storepickup',
      deliveryCountry: delivery,
      billingCountry,
    })
    return decideVat(vat, { vatNumber: cart.billing_vat_id, vatCountry: billingCountry, destination, registryValid: cart.billing_vat_valid })
  }

  async function totalsOf(cart: CartRow, now: Date): Promise<Totals> {
    const [loaded, cards] = await Promise.all([load(cart, now), storage.giftcards.listForCart(cart.id)])
    const { country, reverseCharge } = vatOf(cart, loaded.virtual)
    const { lines, rules } = pricedFor(cart, loaded, country, reverseCharge, now)
    const paying = cards.filter((card) => giftCardStatusAt(card, now) === 'active')
    const shipping = shippingChargeOf(cart.shipping_carrier_code, cart.shipping_method_code, reverseCharge)
    return computeTotals(lines, rules, country, shipping, loaded.coupon, paying)
  }

  /**
   * The buyer's VAT number as checkout sent it, with the registry's word when that word could take
   * the VAT off (a number of another country, goods leaving the shop's): the order asks again.
   */
  async function buyerVat(billing: CartShippingInformationBody['addressInformation']['billingAddress'], shipped: CartRow, virtual: boolean) {
    const vatId = String(billing?.vatId ?? billing?.vat_id ?? '').trim()
    if (vatId === '') return null
    const country = billing?.countryId ?? countryOf(shipped)
    const asIfConfirmed = { ...shipped, billing_country: country, billing_vat_id: vatId, billing_vat_valid: true }
    const couldBeFree = vatOf(asIfConfirmed, virtual).reverseCharge
    const valid = couldBeFree && vatCheck ? await vatCheck(country, vatId).catch((): boolean | null => null) : null
    return { country, vatId, valid }
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
      const loaded = await load(cart, now)
      // each method at the price these goods pay for it, for this buyer (shipping's VAT follows the goods)
      const priceOf = (m: ShopShippingMethod) => {
        const { country: vatCountry, reverseCharge } = vatOf({ ...cart, shipping_country: country, shipping_carrier_code: m.carrier_code }, loaded.virtual)
        const { lines, rules } = pricedFor(cart, loaded, vatCountry, reverseCharge, now)
        const t = computeTotals(lines, rules, vatCountry, shippingChargeOf(m.carrier_code, m.method_code, reverseCharge), loaded.coupon)
        return { excl: t.shipping_amount, incl: t.shipping_incl_tax }
      }
      return shippingMethodsFor({ virtual: loaded.virtual, country, freeShipping: loaded.coupon?.kind === 'free_shipping', priceOf })
    },

    async paymentMethods(cartId: string, now = new Date()): Promise<PaymentMethod[]> {
      const cart = await cartOrThrow(cartId)
      return paymentMethodsOf(cart, (await load(cart, now)).virtual)
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
      const { virtual } = await load(cart, now)
      const carrier = info.shippingCarrierCode ?? null
      const method = info.shippingMethodCode ?? null
      if (!virtual) checkShippingMethod(carrier, method)
      const choice = virtual ? { country, carrierCode: null, methodCode: null } : { country, carrierCode: carrier, methodCode: method }
      const shipped: CartRow = { ...cart, shipping_country: country, shipping_carrier_code: choice.carrierCode, shipping_method_code: choice.methodCode }
      const buyer = await buyerVat(info.billingAddress, shipped, virtual)
      await storage.carts.setShipping(cart.id, choice, now.toISOString())
      await storage.carts.setBuyerVat(cart.id, buyer, now.toISOString())
      const chosen: CartRow = {
        ...shipped,
        billing_country: buyer?.country ?? null,
        billing_vat_id: buyer?.vatId ?? null,
        billing_vat_valid: buyer?.valid ?? null,
      }
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
