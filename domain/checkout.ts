/**
 * The checkout's rules, in one place for the page and the data worker: what the shopper types (spec
 * §3 personalDetails, shippingDetails, paymentDetails), which fields are missing or wrong (as keys of
 * the dictionaries, in the order the fields appear: the first gets the focus), and what the order
 * charges. The page checks its own copy of the details on each keystroke; the worker checks the
 * stored ones for its checkout view and refuses to place an order this rule refuses, so both always
 * agree. Money in cents. Pure, type imports of zod schemas only (the checkout page loads no zod).
 */
import {
  checkAddition,
  checkHouseNumber,
  checkPhone,
  checkPostcode,
  checkRequired,
  checkStreet,
  checkTaxId,
  type FieldCheck,
  type FieldProblem,
  type ValidationMessageKey,
} from './address'
import type { CartItem, Totals } from './cart.schema'
import { isValidEmail } from './email-address'
import { chargeAfterGiftCards, type GiftCardCharge } from './gift-card-payment'
import { toCents } from './money'
import { shopShippingCents, totalsOfLines } from './shop-totals'
import type { Country } from './store-views'
import { isVirtualCart } from './virtual-cart'
import { rowTotalCents } from './row-total'

export interface PersonalDetails {
  firstName: string
  lastName: string
  emailAddress: string
  /** "create an account": the account is made before the order is placed */
  createAccount: boolean
}

/** An address as the checkout form holds it; domain/address checks it, streetLines sends it. */
export interface AddressDetails {
  firstName: string
  lastName: string
  country: Country
  street: string
  houseNumber: string
  addition: string
  postcode: string
  city: string
  phone: string
}

export interface MethodChoice {
  carrierCode: string
  methodCode: string
}

export interface ShippingDetails extends AddressDetails {
  shippingMethod: MethodChoice | null
}

export interface PaymentDetails extends AddressDetails {
  /** the billing address is the shipping address (the address fields here are then unused) */
  sameAsShipping: boolean
  company: string
  vatId: string
  paymentMethod: string | null
}

export interface CheckoutDetails {
  personalDetails: PersonalDetails
  shippingDetails: ShippingDetails
  paymentDetails: PaymentDetails
  termsAccepted: boolean
}

/** A change to the checkout: the fields given replace the stored ones, section by section. */
export interface CheckoutPatch {
  personalDetails?: Partial<PersonalDetails>
  shippingDetails?: Partial<ShippingDetails>
  paymentDetails?: Partial<PaymentDetails>
  termsAccepted?: boolean
}

/** The details after a change: the page's own copy follows each change at once, the worker stores the same. */
export function applyCheckoutPatch(details: CheckoutDetails, patch: CheckoutPatch): CheckoutDetails {
  return {
    personalDetails: { ...details.personalDetails, ...patch.personalDetails },
    shippingDetails: { ...details.shippingDetails, ...patch.shippingDetails },
    paymentDetails: { ...details.paymentDetails, ...patch.paymentDetails },
    termsAccepted: patch.termsAccepted ?? details.termsAccepted,
  }
}

/** A shipping method as the shop offers it now, with its listed price. */
export interface ShippingOffer extends MethodChoice {
  amount: number
}

const ADDRESS_FIELDS = ['street', 'houseNumber', 'addition', 'postcode', 'city', 'phone'] as const
export type AddressFormField = (typeof ADDRESS_FIELDS)[number]

/** The form's field ids: the page focuses and describes a field by its problem's `field`. */
export type CheckoutField =
  | 'co-email'
  | 'co-firstName'
  | 'co-lastName'
  | 'ship-method'
  | `ship-${AddressFormField}`
  | `bill-${AddressFormField}`
  | 'bill-vatId'
  | 'pay-method'
  | 'co-terms'

/** Keys of the dictionaries' `validation` section, and of the `checkout` section for the spec's form texts (§5). */
export type CheckoutProblemKey = ValidationMessageKey | 'emailInvalid' | 'nameTooShort' | 'termsRequired'

export interface CheckoutProblem {
  field: CheckoutField
  key: CheckoutProblemKey
  /** the values the text takes (tooLong: `max_characters`) */
  values?: FieldProblem['values']
}

/** What the rule needs to know besides the details. */
export interface CheckoutSituation {
  /** gift cards pay the whole order (domain/gift-card-payment): no payment method is asked */
  paidInFull: boolean
  /** nothing to ship (spec §4): no delivery address nor method, and the billing address is asked */
  virtual: boolean
}

function problemOf<F extends string>(field: F, check: FieldCheck): { field: F; key: ValidationMessageKey; values?: FieldProblem['values'] }[] {
  return check.ok ? [] : [{ field, key: check.problem.key, ...(check.problem.values ? { values: check.problem.values } : {}) }]
}

/** An address's problems by field, in the order of the form (the checkout's and the address book's). */
export function addressFieldProblems(address: AddressDetails): { field: AddressFormField; key: ValidationMessageKey; values?: FieldProblem['values'] }[] {
  const checks: Record<AddressFormField, FieldCheck> = {
    street: checkStreet(address.street),
    houseNumber: checkHouseNumber(address.houseNumber),
    addition: checkAddition(address.addition),
    postcode: checkPostcode(address.country, address.postcode),
    city: checkRequired(address.city),
    phone: checkPhone(address.country, address.phone),
  }
  return ADDRESS_FIELDS.flatMap((field) => problemOf(field, checks[field]))
}

function addressProblems(prefix: 'ship' | 'bill', address: AddressDetails): CheckoutProblem[] {
  return addressFieldProblems(address).map((problem) => ({ ...problem, field: `${prefix}-${problem.field}` as const }))
}

function emailProblems(value: string): CheckoutProblem[] {
  const email = value.trim()
  if (email === '') return [{ field: 'co-email', key: 'required' }]
  return isValidEmail(email) ? [] : [{ field: 'co-email', key: 'emailInvalid' }]
}

function nameProblems(field: CheckoutField, value: string): CheckoutProblem[] {
  const name = value.trim()
  if (name === '') return [{ field, key: 'required' }]
  return name.replace(/[^\p{L}]/gu, '').length < 2 ? [{ field, key: 'nameTooShort' }] : []
}

/** Store pickup: handed over in the shop, so no delivery address is asked, and the billing address itself. */
export function isPickup(details: Pick<CheckoutDetails, 'shippingDetails'>, virtual: boolean): boolean {
  return !virtual && details.shippingDetails.shippingMethod?.carrierCode === 'storepickup'
}

/** The billing address is asked itself: nothing shipped, picked up, or the shopper said it is another one. */
export function asksBillingAddress(details: Pick<CheckoutDetails, 'shippingDetails' | 'paymentDetails'>, virtual: boolean): boolean {
  return virtual || isPickup(details, virtual) || !details.paymentDetails.sameAsShipping
}

/** The country the buyer is billed in: the VAT number is of that country. */
export function billingCountry(details: Pick<CheckoutDetails, 'shippingDetails' | 'paymentDetails'>, virtual: boolean): Country {
  return asksBillingAddress(details, virtual) ? details.paymentDetails.country : details.shippingDetails.country
}

/** Every field that stops the order, in the order of the form; empty when it may be placed. */
export function checkoutProblems(details: CheckoutDetails, { paidInFull, virtual }: CheckoutSituation): CheckoutProblem[] {
  const { personalDetails: person, shippingDetails: ship, paymentDetails: pay } = details
  const ships = !virtual && !isPickup(details, virtual)
  return [
    ...emailProblems(person.emailAddress),
    ...nameProblems('co-firstName', person.firstName),
    ...nameProblems('co-lastName', person.lastName),
    ...(virtual || ship.shippingMethod ? [] : [{ field: 'ship-method' as const, key: 'required' as const }]),
    ...(ships ? addressProblems('ship', ship) : []),
    ...(asksBillingAddress(details, virtual) ? addressProblems('bill', pay) : []),
    ...problemOf('bill-vatId', checkTaxId(billingCountry(details, virtual), pay.vatId)),
    ...(pay.paymentMethod || paidInFull ? [] : [{ field: 'pay-method' as const, key: 'required' as const }]),
    ...(details.termsAccepted ? [] : [{ field: 'co-terms' as const, key: 'termsRequired' as const }]),
  ]
}

export interface CheckoutCharge extends GiftCardCharge {
  subtotal: number
  discount: number
  /** the chosen method's price for this buyer; 0 when nothing is shipped or no method is chosen */
  shipping: number
  /** the shop charges no VAT on these goods (with a buyer's VAT number: the reverse charge) */
  vatFree: boolean
}

export interface ChargedCart {
  /** the lines' qty × price incl. VAT, summed on the device (cents) */
  subtotalInclTax: number
  items: readonly { qty: number }[]
  /** the shop's totals of the cart, if it answered */
  totals: Totals | null
  /** the applied gift cards, each with what it pays of the totals (cents) */
  giftCards: readonly { amount: number }[]
}

/**
 * What a checkout charges: the lines, the discount, the chosen shipping, and what the gift cards
 * leave to pay. The review shows it and the worker stores it on the order it places, so the shopper
 * is charged what they read. The shop's own totals count while they are of the cart's lines
 * (domain/shop-totals); offline, the device's sums. `shippingCents`: the chosen method's listed
 * price (the shop's price for this buyer wins when it has one).
 */
export function checkoutCharge(cart: ChargedCart, shippingCents: number): CheckoutCharge {
  const shop = totalsOfLines(cart.totals, cart.items)
  const subtotal = shop ? toCents(shop.subtotal_incl_tax) : cart.subtotalInclTax
  const shipping = shopShippingCents(shop, shippingCents)
  const discount = cart.totals ? Math.abs(toCents(cart.totals.discount_amount)) : 0
  const shopCharges = cart.totals ? toCents(cart.totals.grand_total) : null
  const charge = chargeAfterGiftCards(
    subtotal - discount + shipping,
    cart.giftCards.map((card) => card.amount),
    shopCharges,
  )
  return { subtotal, discount, shipping, vatFree: Boolean(shop && shop.tax_amount === 0 && shop.subtotal_incl_tax > 0), ...charge }
}

/** The cart as the checkout counts it: its lines, the shop's totals, and the applied gift cards. */
export interface CheckoutCart {
  items: readonly Pick<CartItem, 'qty' | 'price_incl_tax' | 'type_id' | 'mageworx_gc_type'>[]
  totals: Totals | null
  giftCards: readonly { amount: number }[]
}

export interface CheckoutOutcome {
  virtual: boolean
  pickup: boolean
  charge: CheckoutCharge
  problems: CheckoutProblem[]
}

/** The chosen method as the shop offers it now; null when none is chosen or it is not offered. */
export function chosenShipping<M extends MethodChoice>(details: CheckoutDetails, offered: readonly M[]): M | null {
  const chosen = details.shippingDetails.shippingMethod
  if (!chosen) return null
  return offered.find((m) => m.carrierCode === chosen.carrierCode && m.methodCode === chosen.methodCode) ?? null
}

/**
 * The checkout of these details on this cart: what it charges, and what stops it. `method`: the
 * chosen one as offered (chosenShipping); a cart that ships nothing pays no shipping whatever is chosen.
 */
export function checkoutOutcome(details: CheckoutDetails, cart: CheckoutCart, method: ShippingOffer | null): CheckoutOutcome {
  // spec §4: a cart of only virtual, downloadable or e-mailed gift card items ships nothing
  const virtual = isVirtualCart(cart.items)
  const subtotalInclTax = cart.items.reduce((sum, item) => sum + rowTotalCents(item), 0)
  const charge = checkoutCharge({ subtotalInclTax, items: cart.items, totals: cart.totals, giftCards: cart.giftCards }, virtual ? 0 : (method?.amount ?? 0))
  return {
    virtual,
    pickup: isPickup(details, virtual),
    charge,
    problems: checkoutProblems(details, { paidInFull: charge.paidInFull, virtual }),
  }
}
