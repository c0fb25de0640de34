/**
 * An order as the checkout places it, built from the checkout's details and the cart (pure, no
 * I/O): refused by the checkout's one rule (domain/checkout, the rule the page shows), else its
 * addresses (none to deliver to for a virtual cart or a pickup), its totals as the device estimates
 * them (the shop's answer replaces the grand total), its VAT treatment by the shop's country, and
 * what it takes from the cart (lines, server cart, coupon, gift cards, the customer) to be sent from alone.
 */
import { checkPostcode } from '../../domain/address'
import type { CartItem } from '../../domain/cart.schema'
import { checkoutOutcome, type CheckoutCharge, type CheckoutDetails } from '../../domain/checkout'
import { GIFT_CARD_PAYMENT_METHOD } from '../../domain/gift-card-payment'
import { CASH_ON_DELIVERY, PAY_AT_PICKUP, PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import type { Country, StoreCode } from '../../domain/store-views'
import { vatTreatment } from '../../domain/vat-rule'
import type { CartSyncState } from '../../replication/cart-store'
import type { AddressDetails, OrderAddress, OrderTotals, PlaceOrderProblem, ShippingMethodView } from '../contract/checkout'
import { isOfflinePaymentMethod } from '../checkout/checkout-methods'
import { checkoutCart } from '../checkout/checkout-view'
import type { OrderDoc } from './order-schema'

function paymentTitle(code: string): string {
  if (code === GIFT_CARD_PAYMENT_METHOD) return 'Gift card'
  const all = [...PROVIDER_PAYMENT_METHODS, PAY_AT_PICKUP, CASH_ON_DELIVERY]
  return all.find((m) => m.code === code)?.title ?? code
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
  online: boolean
  /** the shop's VAT country (its details), whatever the store view */
  shopCountry: Country
  /** the registry's last answer in this checkout, if any */
  vatCheck: { country: string; valid: boolean | null } | null
  /** the signed-in customer's token subject, if any */
  customer: string | null
}

/** The postcode as the shop writes it ("3511az" → "3511 AZ"); the address is complete, so it checks. */
function tidy<A extends AddressDetails>(a: A): A {
  const postcode = checkPostcode(a.country, a.postcode)
  return postcode.ok ? { ...a, postcode: postcode.value } : a
}

/** The delivery address as typed, and the billing address: the delivery one unless it is asked itself. */
function orderAddresses(details: CheckoutDetails, shipsToAddress: boolean): { shippingAddress: AddressDetails; billingAddress: OrderAddress } {
  const { shippingMethod: _s, ...shipped } = details.shippingDetails
  const shippingAddress = tidy(shipped)
  const { sameAsShipping, company, vatId, paymentMethod: _p, ...billingFields } = details.paymentDetails
  const billingAddress: OrderAddress = {
    ...(sameAsShipping && shipsToAddress ? shippingAddress : tidy(billingFields)),
    ...(company.trim() ? { company: company.trim() } : {}),
    ...(vatId.trim() ? { vatId: vatId.trim() } : {}),
  }
  return { shippingAddress, billingAddress }
}

/** An address on the order carries a name: the shopper's own when the address has none. */
function named<A extends AddressDetails>(address: A, person: { firstName: string; lastName: string }): A {
  return { ...address, firstName: address.firstName || person.firstName, lastName: address.lastName || person.lastName }
}

function orderTotals(charge: CheckoutCharge): OrderTotals {
  return {
    subtotal: charge.subtotal,
    discount: charge.discount,
    shipping: charge.shipping,
    ...(charge.giftCards > 0 ? { giftCards: charge.giftCards } : {}),
    grandTotal: charge.charged,
  }
}

/** What the order takes from the cart, which is emptied once it is stored: it is sent from these alone. */
function takenFromCart(items: CartItem[], state: CartSyncState, customer: string | null): Partial<OrderDoc> {
  return {
    cart_items: items,
    ...(state.serverCartId ? { cart_id: state.serverCartId } : {}),
    ...(state.coupon ? { coupon: state.coupon } : {}),
    ...((state.giftCards ?? []).length > 0 ? { gift_cards: state.giftCards } : {}),
    ...(customer ? { customer } : {}),
  } as Partial<OrderDoc>
}

function orderLines(items: CartItem[]) {
  return items.map((i) => ({
    key: i.key,
    sku: i.sku,
    parentSku: i.parentSku,
    name: i.name,
    type_id: i.type_id,
    qty: i.qty,
    price_incl_tax: i.price_incl_tax,
    options: i.options,
    product_option: i.product_option,
  }))
}

export function draftOrder(input: OrderDraftInput): { ok: true; doc: OrderDoc } | { ok: false; problem: PlaceOrderProblem } {
  const { details, items, method, shopCountry } = input
  const person = details.personalDetails
  // what the review showed: the same rule, on the same cart
  const { charge, problems, virtual, pickup } = checkoutOutcome(details, checkoutCart(items, input.cart), method)
  if (problems.length > 0) return { ok: false, problem: 'incomplete' }
  // gift cards that pay it all: no payment, no provider (the shop agrees: domain/order initialOrderStatus)
  const paymentCode = charge.paidInFull ? GIFT_CARD_PAYMENT_METHOD : details.paymentDetails.paymentMethod!
  // a provider's method goes on to its payment page once the order is placed: not while offline
  if (!isOfflinePaymentMethod(paymentCode) && !input.online) return { ok: false, problem: 'methodNotAvailable' }

  const { shippingAddress, billingAddress } = orderAddresses(details, !virtual && !pickup)
  // the registry's word counts for the number it was asked about, in the billing country
  const vat = input.vatCheck && input.vatCheck.country === billingAddress.country ? input.vatCheck.valid : null
  const treatment = vatTreatment({
    shopCountry,
    vatNumber: details.paymentDetails.vatId,
    vatCountry: billingAddress.country,
    // picked up: the goods stay in the shop's country
    destinationCountry: virtual ? billingAddress.country : pickup ? shopCountry : details.shippingDetails.country,
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
      lines: orderLines(items),
      // a pickup order has no delivery address: the shop's pickup point is where it goes
      ...(method ? { shipping_method: method } : {}),
      ...(method && !pickup ? { shipping_address: named(shippingAddress, person) } : {}),
      billing_address: named(billingAddress, person),
      payment_method: { code: paymentCode, title: paymentTitle(paymentCode) },
      totals: orderTotals(charge),
      reverse_charge: treatment.kind === 'reverse-charge',
      attempts: 0,
      ...takenFromCart(items, input.cart, input.customer),
    }),
  ) as OrderDoc
  return { ok: true, doc }
}
