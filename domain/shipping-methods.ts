/**
 * The shop's shipping methods as the cart offers them (spec §5 and §9, contract §2.2
 * ShippingMethod): store pickup 0.00 (the default) and flat rate 5.99, for BE and NL addresses.
 * A virtual cart ships nothing and gets no methods (as Magento estimates a virtual quote); a method
 * marked unavailable is dropped, never sent; with a free-shipping coupon every method costs 0.
 * A method's listed price includes VAT; the VAT in it follows the goods, and a reverse charge pays
 * the price excl. VAT (domain/cart-totals): the server passes the cart's own prices in as `priceOf`.
 */
import { z } from 'zod'
import { SHIPPING_METHODS } from './shipping-rates'
import type { ShippingCharge } from './cart-totals'
import { COUNTRIES } from './store-views'

export const ShippingMethodSchema = z.object({
  carrier_code: z.string(),
  method_code: z.string(),
  carrier_title: z.string(),
  method_title: z.string(),
  amount: z.number(),
  base_amount: z.number(),
  available: z.boolean(),
  error_message: z.string(),
  price_excl_tax: z.number(),
  price_incl_tax: z.number(),
})
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>

/** A method of the shop: its codes, price and titles, and whether it can be chosen at all. */
export interface ShopShippingMethod {
  carrier_code: string
  method_code: string
  /** the listed price, incl. 21 % VAT */
  amount: number
  /** the price excl. VAT */
  net: number
  default: boolean
  available?: boolean
}

const TITLES: Record<string, { carrier: string; method: string }> = {
  storepickup: { carrier: 'Store pickup', method: 'Store pickup' },
  flatrate: { carrier: 'Flat rate', method: 'Flat rate' },
}

function titlesOf(carrierCode: string): { carrier: string; method: string } {
  return TITLES[carrierCode] ?? { carrier: carrierCode, method: carrierCode }
}

export interface ShippingContext {
  /** the cart needs no shipping (domain/cart-totals isVirtualLines) */
  virtual: boolean
  /** the address's country (ISO 3166 alpha-2) */
  country: string
  /** the cart holds a valid free-shipping coupon */
  freeShipping: boolean
  /** what the cart pays for a method, excl. and incl. the VAT of its goods (else the listed price) */
  priceOf?: (method: ShopShippingMethod) => { excl: number; incl: number }
}

/** The methods offered for the cart and address: none for a virtual cart or a country the shop does not ship to. */
export function shippingMethodsFor(context: ShippingContext, methods: readonly ShopShippingMethod[] = SHIPPING_METHODS): ShippingMethod[] {
  if (context.virtual || !(COUNTRIES as readonly string[]).includes(context.country.toUpperCase())) return []
  return methods
    .filter((m) => m.available !== false)
    .map((m) => {
      const price = context.freeShipping ? { excl: 0, incl: 0 } : (context.priceOf?.(m) ?? { excl: m.net, incl: m.amount })
      const amount = price.incl
      const titles = titlesOf(m.carrier_code)
      return {
        carrier_code: m.carrier_code,
        method_code: m.method_code,
        carrier_title: titles.carrier,
        method_title: titles.method,
        amount,
        base_amount: amount,
        available: true,
        error_message: '',
        price_excl_tax: price.excl,
        price_incl_tax: price.incl,
      }
    })
}

/** The shop's method with these codes, or null. */
export function findShippingMethod(carrierCode: string, methodCode: string): ShopShippingMethod | null {
  return SHIPPING_METHODS.find((m) => m.carrier_code === carrierCode && m.method_code === methodCode) ?? null
}

/** The default method (store pickup). */
export const DEFAULT_SHIPPING_METHOD: ShopShippingMethod = SHIPPING_METHODS.find((m) => m.default) ?? SHIPPING_METHODS[0]

/**
 * What the totals charge for a cart's stored choice: that method, else the default (the choice may be
 * gone); `vatFree` (a reverse charge) charges its price excl. VAT.
 */
export function shippingChargeOf(carrierCode: string | null, methodCode: string | null, vatFree = false): ShippingCharge {
  const method = (carrierCode && methodCode ? findShippingMethod(carrierCode, methodCode) : null) ?? DEFAULT_SHIPPING_METHOD
  return { amount: vatFree ? method.net : method.amount, title: `Shipping & Handling (${titlesOf(method.carrier_code).carrier})` }
}
