/**
 * The checkout form's checks in the order the fields appear (the first problem gets the focus):
 * the BE/NL address rules of domain/address with the dictionaries' `validation` texts, and the
 * spec's form texts (§5) for names, e-mail and the terms.
 */
import { isValidEmail } from '../../../domain/account-rules'
import { checkAddition, checkHouseNumber, checkPhone, checkPostcode, checkRequired, checkStreet, checkTaxId, type FieldCheck } from '../../../domain/address'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import type { AccountView, AddressBookEntry, AddressDetails, CheckoutDetails, CheckoutPatch } from '../../data/worker-types'

export interface FieldProblemText {
  id: string
  message: string
}

/** A field check's problem in the shopper's words, or null when the value passes. */
export function checkText(check: FieldCheck, LL: TranslationFunctions): string | null {
  if (check.ok) return null
  const { key, values } = check.problem
  return key === 'tooLong' ? LL.validation.tooLong(values ?? { max_characters: 51 }) : LL.validation[key]()
}

export function addressProblems(prefix: string, address: AddressDetails, LL: TranslationFunctions): FieldProblemText[] {
  const checks: [string, FieldCheck][] = [
    ['street', checkStreet(address.street)],
    ['houseNumber', checkHouseNumber(address.houseNumber)],
    ['addition', checkAddition(address.addition)],
    ['postcode', checkPostcode(address.country, address.postcode)],
    ['city', checkRequired(address.city)],
    ['phone', checkPhone(address.country, address.phone)],
  ]
  return checks.flatMap(([field, check]) => {
    const message = checkText(check, LL)
    return message ? [{ id: `${prefix}-${field}`, message }] : []
  })
}

function nameProblem(id: string, value: string, LL: TranslationFunctions): FieldProblemText[] {
  const name = value.trim()
  if (name === '') return [{ id, message: LL.validation.required() }]
  if (name.replace(/[^\p{L}]/gu, '').length < 2) return [{ id, message: LL.checkout.nameTooShort() }]
  return []
}

/**
 * `paidInFull`: gift cards pay the whole order, so no payment method is asked (domain/gift-card-payment).
 * `virtual`: nothing to ship (spec §4), so no delivery address nor method, and the billing address is
 * asked. Store pickup asks no delivery address either, and the billing address itself.
 */
export function checkoutProblems(details: CheckoutDetails, LL: TranslationFunctions, paidInFull = false, virtual = false): FieldProblemText[] {
  const { personalDetails: person, shippingDetails: ship, paymentDetails: pay } = details
  const email = person.emailAddress.trim()
  const pickup = !virtual && ship.shippingMethod?.carrierCode === 'storepickup'
  const ownBilling = virtual || pickup || !pay.sameAsShipping
  const billingCountry = ownBilling ? pay.country : ship.country
  const vat = checkText(checkTaxId(billingCountry, pay.vatId), LL)
  return [
    ...(email === ''
      ? [{ id: 'co-email', message: LL.validation.required() }]
      : isValidEmail(email)
        ? []
        : [{ id: 'co-email', message: LL.checkout.emailInvalid() }]),
    ...nameProblem('co-firstName', person.firstName, LL),
    ...nameProblem('co-lastName', person.lastName, LL),
    ...(virtual || ship.shippingMethod ? [] : [{ id: 'ship-method', message: LL.validation.required() }]),
    ...(virtual || pickup ? [] : addressProblems('ship', ship, LL)),
    ...(ownBilling ? addressProblems('bill', pay, LL) : []),
    ...(vat ? [{ id: 'bill-vatId', message: vat }] : []),
    ...(pay.paymentMethod || paidInFull ? [] : [{ id: 'pay-method', message: LL.validation.required() }]),
    ...(details.termsAccepted ? [] : [{ id: 'co-terms', message: LL.checkout.termsRequired() }]),
  ]
}

/** The page's own copy of the details follows each change at once; the worker saves it. */
export function patched(details: CheckoutDetails, patch: CheckoutPatch): CheckoutDetails {
  return {
    personalDetails: { ...details.personalDetails, ...patch.personalDetails },
    shippingDetails: { ...details.shippingDetails, ...patch.shippingDetails },
    paymentDetails: { ...details.paymentDetails, ...patch.paymentDetails },
    termsAccepted: patch.termsAccepted ?? details.termsAccepted,
  }
}

function fromBook(entry: AddressBookEntry): AddressDetails {
  return {
    firstName: entry.firstname,
    lastName: entry.lastname,
    country: entry.country,
    street: entry.street,
    houseNumber: entry.houseNumber,
    addition: entry.addition,
    postcode: entry.postcode,
    city: entry.city,
    phone: entry.telephone,
  }
}

/**
 * A signed-in customer's checkout starts from what is on file: their e-mail and name, their default
 * shipping address, and their default billing address (with its company and VAT number) when it is
 * another one. Only empty fields are filled: what the shopper typed stays. Null: nothing to fill.
 */
export function prefillFromAccount(details: CheckoutDetails, account: Pick<AccountView, 'customer' | 'addresses'>): CheckoutPatch | null {
  const customer = account.customer
  if (!customer) return null
  const patch: CheckoutPatch = {}
  const person = details.personalDetails
  if (!person.emailAddress.trim() && !person.firstName.trim() && !person.lastName.trim()) {
    patch.personalDetails = { emailAddress: customer.email, firstName: customer.firstname, lastName: customer.lastname }
  }
  const live = account.addresses.filter((a) => a.pending !== 'delete')
  const shipping = live.find((a) => a.defaultShipping) ?? live.find((a) => a.defaultBilling) ?? live[0]
  const billing = live.find((a) => a.defaultBilling) ?? shipping
  if (shipping && !details.shippingDetails.street.trim()) patch.shippingDetails = fromBook(shipping)
  const pay = details.paymentDetails
  if (billing && !pay.street.trim() && !pay.company.trim() && !pay.vatId.trim()) {
    // the billing fields are filled in either way: store pickup and a virtual cart ask them even
    // when the billing address is the delivery address
    patch.paymentDetails = { ...fromBook(billing), sameAsShipping: billing === shipping, company: billing.company, vatId: billing.vatId }
  }
  return Object.keys(patch).length > 0 ? patch : null
}
