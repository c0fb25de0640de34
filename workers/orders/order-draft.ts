/**
 * An order as the checkout places it, built from the checkout's details and the cart (pure, no
 * I/O): complete or the problem, its addresses (none to deliver to for a virtual cart or a pickup),
 * its totals as the device estimates them (the shop's answer replaces the grand total), its VAT
 * treatment by the shop's country, and what it takes from the cart (lines, server cart, coupon, gift
 * cards, the customer) to be sent from alone.
 */
import { isValidEmail } from '../../domain/account-rules'
import { checkoutCharge } from '../../domain/checkout-charge'
import { checkAddress, checkPostcode } from '../../domain/address'
import type { CartItem } from '../../domain/cart.schema'
import { GIFT_CARD_PAYMENT_METHOD } from '../../domain/gift-card-payment'
import { CASH_ON_DELIVERY, PAY_AT_PICKUP, PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import type { Country, StoreCode } from '../../domain/store-views'
import { vatTreatment } from '../../domain/vat-rule'
import { appliedGiftCards } from '../../replication/cart-giftcard'
import type { CartSyncState } from '../../replication/cart-store'
import type { AddressDetails, CheckoutDetails, OrderAddress, PlaceOrderProblem, ShippingMethodView } from '../contract/checkout'
import { isOfflinePaymentMethod } from './checkout-methods'
import type { OrderDoc } from './order-schema'

function paymentTitle(code: string): string {
  if (code === GIFT_CARD_PAYMENT_METHOD) return 'Gift card'
  const all = [...PROVIDER_PAYMENT_METHODS, PAY_AT_PICKUP, CASH_ON_DELIVERY]
  return all.find((m) => m.code === code)?.title ?? code
}

/**
 * `delivery`: a virtual cart ships nothing (no delivery address nor shipping method) and a pickup
 * order is handed over in the shop (no delivery address): both ask the billing address itself.
 */
function isComplete(details: CheckoutDetails, paidInFull: boolean, delivery: 'none' | 'pickup' | 'address'): boolean {
  const { personalDetails: p, shippingDetails: s, paymentDetails: b } = details
  const named = (a: { firstName: string; lastName: string }) => a.firstName.trim() !== '' && a.lastName.trim() !== ''
  const addressOk = (a: AddressDetails) => Object.keys(checkAddress({ ...a, telephone: a.phone, vatId: '' }).problems).length === 0
  const shippingOk =
    delivery === 'none'
      ? addressOk(b)
      : delivery === 'pickup'
        ? addressOk(b) && s.shippingMethod !== null
        : addressOk(s) && (b.sameAsShipping || addressOk(b)) && s.shippingMethod !== null
  return named(p) && isValidEmail(p.emailAddress.trim()) && shippingOk && (paidInFull || b.paymentMethod !== null) && details.termsAccepted
}

export interface OrderDraftInput {
  orderId: string
  now: number
  storeCode: StoreCode
  details: CheckoutDetails
  items: CartItem[]
  cart: CartSyncState
  /** the chosen shipping method as offered now; null for a virtual cart */
  method: ShippingMethodView | null
  virtual: boolean
  online: boolean
  /** the shop's VAT country (its details), whatever the store view */
  shopCountry: Country
  /** the registry's last answer in this checkout, if any */
  vatCheck: { country: string; valid: boolean | null } | null
  /** the signed-in customer's token subject, if any */
  customer: string | null
}

export function draftOrder(input: OrderDraftInput): { ok: true; doc: OrderDoc } | { ok: false; problem: PlaceOrderProblem } {
  const { details, items, method, virtual, shopCountry, customer } = input
  const state = input.cart
  const { personalDetails: person, shippingDetails: ship, paymentDetails: pay } = details

  // what the review showed: the same rule, on the same cart
  const cards = appliedGiftCards(state.giftCards ?? [], state.totals)
  const subtotalInclTax = items.reduce((sum, item) => sum + Math.round(item.qty * item.price_incl_tax), 0)
  const charge = checkoutCharge({ subtotalInclTax, items, totals: state.totals, giftCards: cards }, method?.amount ?? 0)
  const { subtotal, discount, shipping: shippingAmount } = charge
  const pickup = method?.carrierCode === 'storepickup'
  if (!isComplete(details, charge.paidInFull, virtual ? 'none' : pickup ? 'pickup' : 'address')) return { ok: false, problem: 'incomplete' }
  // gift cards that pay it all: no payment, no provider (the shop agrees: domain/order initialOrderStatus)
  const paymentCode = charge.paidInFull ? GIFT_CARD_PAYMENT_METHOD : pay.paymentMethod!
  // a provider's method goes on to its payment page once the order is placed: not while offline
  if (!isOfflinePaymentMethod(paymentCode) && !input.online) return { ok: false, problem: 'methodNotAvailable' }

  // the postcode as the shop writes it ("3511az" → "3511 AZ"); the address is complete, so it checks
  const tidy = <A extends AddressDetails>(a: A): A => {
    const postcode = checkPostcode(a.country, a.postcode)
    return postcode.ok ? { ...a, postcode: postcode.value } : a
  }
  const { shippingMethod: _s, ...shipped } = ship
  const shippingAddress = tidy(shipped)
  const { sameAsShipping, company, vatId, paymentMethod: _p, ...billingFields } = pay
  const billingAddress: OrderAddress = {
    ...(sameAsShipping && !virtual && !pickup ? shippingAddress : tidy(billingFields)),
    ...(company.trim() ? { company: company.trim() } : {}),
    ...(vatId.trim() ? { vatId: vatId.trim() } : {}),
  }
  // the registry's word counts for the number it was asked about, in the billing country
  const vat = input.vatCheck && input.vatCheck.country === billingAddress.country ? input.vatCheck.valid : null
  const treatment = vatTreatment({
    shopCountry,
    vatNumber: vatId,
    vatCountry: billingAddress.country,
    // picked up: the goods stay in the shop's country
    destinationCountry: virtual ? billingAddress.country : pickup ? shopCountry : ship.country,
    registryValid: vat,
  })
  const doc: OrderDoc = JSON.parse(
    JSON.stringify({
      order_id: input.orderId,
      created_at: input.now,
      updated_at: input.now,
      status: 'queued',
      store_code: input.storeCode,
      email: person.emailAddress.trim(),
      lines: items.map((i) => ({
        key: i.key,
        sku: i.sku,
        parentSku: i.parentSku,
        name: i.name,
        type_id: i.type_id,
        qty: i.qty,
        price_incl_tax: i.price_incl_tax,
        options: i.options,
        product_option: i.product_option,
      })),
      // a pickup order has no delivery address: the shop's pickup point is where it goes
      ...(method ? { shipping_method: method } : {}),
      ...(method && !pickup
        ? {
            shipping_address: {
              ...shippingAddress,
              firstName: shippingAddress.firstName || person.firstName,
              lastName: shippingAddress.lastName || person.lastName,
            },
          }
        : {}),
      billing_address: { ...billingAddress, firstName: billingAddress.firstName || person.firstName, lastName: billingAddress.lastName || person.lastName },
      payment_method: { code: paymentCode, title: paymentTitle(paymentCode) },
      totals: {
        subtotal,
        discount,
        shipping: shippingAmount,
        ...(charge.giftCards > 0 ? { giftCards: charge.giftCards } : {}),
        grandTotal: charge.charged,
      },
      reverse_charge: treatment.kind === 'reverse-charge',
      attempts: 0,
      // what it takes from the cart, which is emptied below: the order is sent from these alone
      cart_items: items,
      ...(state.serverCartId ? { cart_id: state.serverCartId } : {}),
      ...(state.coupon ? { coupon: state.coupon } : {}),
      ...((state.giftCards ?? []).length > 0 ? { gift_cards: state.giftCards } : {}),
      ...(customer ? { customer } : {}),
    }),
  ) as OrderDoc
  return { ok: true, doc }
}
