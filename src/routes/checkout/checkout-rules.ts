/**
 * The checkout's problems in the shopper's words: domain/checkout names each by a key of the
 * dictionaries (`validation`, and `checkout` for the spec's form texts, §5), and the page says it in
 * the store view's language. The rule itself is domain/checkout's, the worker's too. And what a
 * signed-in customer's checkout starts from.
 */
import { addressFieldProblems, type AddressDetails, type CheckoutProblem } from '../../../domain/checkout'
import type { FieldCheck, FieldProblem } from '../../../domain/address'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import type { AccountView, AddressBookEntry, CheckoutDetails, CheckoutPatch } from '../../data/worker-types'

export interface FieldProblemText {
  id: string
  message: string
}

function validationWords({ key, values }: FieldProblem, LL: TranslationFunctions): string {
  return key === 'tooLong' ? LL.validation.tooLong(values ?? { max_characters: 51 }) : LL.validation[key]()
}

/** A field check's problem in the shopper's words, or null when the value passes. */
export function checkText(check: FieldCheck, LL: TranslationFunctions): string | null {
  return check.ok ? null : validationWords(check.problem, LL)
}

/** A checkout problem in the shopper's words, with the id of its field. */
export function problemWords(problem: CheckoutProblem, LL: TranslationFunctions): FieldProblemText {
  const { field, key, values } = problem
  switch (key) {
    case 'emailInvalid':
      return { id: field, message: LL.checkout.emailInvalid() }
    case 'nameTooShort':
      return { id: field, message: LL.checkout.nameTooShort() }
    case 'termsRequired':
      return { id: field, message: LL.checkout.termsRequired() }
    default:
      return { id: field, message: validationWords(values ? { key, values } : { key }, LL) }
  }
}

/** An address form's problems in the shopper's words; `prefix` starts its fields' ids. */
export function addressProblems(prefix: string, address: AddressDetails, LL: TranslationFunctions): FieldProblemText[] {
  return addressFieldProblems(address).map(({ field, key, values }) => ({
    id: `${prefix}-${field}`,
    message: validationWords(values ? { key, values } : { key }, LL),
  }))
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
