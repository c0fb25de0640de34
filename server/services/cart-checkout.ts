/**
 * The checkout side of a cart (contract §2.2): its coupon, and its totals for the shipping country
 * checkout chose (else the store view's tax default country) with the cart's coupon. The rules are
 * the domain's (cart-totals, coupon.schema); this loads and stores.
 *
 * A stored coupon that has since expired or been switched off stays on the cart (GET coupon still
 * names it, as Magento does) but gives no discount. Lines shipped to another country than the
 * store view's are priced again with that country's VAT at `now` (domain/cart-totals sellsIn).
 */
import type { Totals } from '../../domain/cart.schema'
import { computeTotals, DEFAULT_SHIPPING, sellsIn, type TotalsLine } from '../../domain/cart-totals'
import type { ProductOption } from '../../domain/cart.schema'
import { isCouponValidAt } from '../../domain/coupon.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import type { CartRow } from '../storage/cart-repository'
import { resolveLines } from './cart-lines'
import { CartNotFoundError, CouponNotValidError, InvalidRequestError } from './errors'

export function createCartCheckout(storage: Storage) {
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

  async function totalsOf(cart: CartRow, now: Date): Promise<Totals> {
    const country = countryOf(cart)
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
    const coupon = stored && isCouponValidAt(stored, now) ? stored : null
    return computeTotals(lines, rules, country, DEFAULT_SHIPPING, coupon)
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

    /** The cart's coupon code, or null. */
    async coupon(cartId: string): Promise<string | null> {
      return (await cartOrThrow(cartId)).coupon_code
    },
  }
}
