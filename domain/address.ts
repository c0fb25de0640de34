/**
 * Address rules of the checkout for Belgium and the Netherlands (be-nl-domain §3): postcode, phone,
 * street + house number + addition, and the spec's form texts (§5). Each rule answers the value
 * normalised, or a message key: the key names a text of the `validation` section of the
 * dictionaries (locales/{en,nl,fr}), so the UI shows the words in the shopper's language and this
 * file stays free of words. Pure, no I/O.
 */
import type { Country } from './store-views'
import { checkVatNumber } from './vat-number'

/** Keys of the dictionaries' `validation` section (tests/unit/address-rules.test.ts holds them to it). */
export const VALIDATION_MESSAGE_KEYS = [
  'required',
  'tooLong',
  'zipCodeTooShort',
  'taxIdTooShort',
  'postcodeInvalidBe',
  'postcodeInvalidNl',
  'phoneInvalidBe',
  'phoneInvalidNl',
  'phoneInvalid',
  'houseNumberInvalid',
  'additionInvalid',
  'vatNumberInvalid',
] as const
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number]

/** A refused value: the dictionary key, and the values its text takes (tooLong: `max_characters`). */
export interface FieldProblem {
  key: ValidationMessageKey
  values?: { max_characters: number }
}

export type FieldCheck = { ok: true; value: string } | { ok: false; problem: FieldProblem }

const pass = (value: string): FieldCheck => ({ ok: true, value })
const fail = (key: ValidationMessageKey, values?: FieldProblem['values']): FieldCheck => ({ ok: false, problem: values ? { key, values } : { key } })

/** bpost: an address line has at most 50 characters (be-nl-domain §3.2). */
export const STREET_MAX_LENGTH = 50
export const HOUSE_NUMBER_MAX_LENGTH = 10
export const ADDITION_MAX_LENGTH = 10
/** The spec's form texts: "Zip-code must have at least 3 letters", "Tax ID must have at least 3 letters". */
export const ZIP_CODE_MIN_LENGTH = 3
export const TAX_ID_MIN_LENGTH = 3

/** Collapses runs of white space (no-break spaces included) and trims. */
function tidy(input: string): string {
  return input.replace(/[\s\u00a0\u202f]+/g, ' ').trim()
}

/**
 * The spec's text is "Please enter less than {max_characters} characters": a limit of 50 allowed
 * characters is said as "less than 51".
 */
function tooLong(max: number): FieldCheck {
  return fail('tooLong', { max_characters: max + 1 })
}

/**
 * BE: 4 digits, 1000–9999 (`1000`). NL: 4 digits not starting with 0, an optional space, 2 letters
 * other than SA, SD and SS, normalised to `1012 AB`.
 */
export function checkPostcode(country: Country, input: string): FieldCheck {
  const value = tidy(input).toUpperCase()
  if (value === '') return fail('required')
  if (value.replace(/ /g, '').length < ZIP_CODE_MIN_LENGTH) return fail('zipCodeTooShort')
  if (country === 'BE') return /^[1-9]\d{3}$/.test(value) ? pass(value) : fail('postcodeInvalidBe')
  const m = /^([1-9]\d{3}) ?([A-Z]{2})$/.exec(value)
  if (!m || ['SA', 'SD', 'SS'].includes(m[2]!)) return fail('postcodeInvalidNl')
  return pass(`${m[1]} ${m[2]}`)
}

// national significant numbers (be-nl-domain §3.4); NL: 9 digits
const NL_NSN = /^[1-9]\d{8}$/
// BE: 8-digit landlines (02, 071, 04 Liège, ...), 9-digit mobiles 045x–049x; an 8-digit number
// starting 45–49 is a mobile missing a digit, not a landline (tighter than the reference's regex)
const BE_NSN = /^(4[5-9]\d{7}|(?!4[5-9])[1-9]\d{7})$/
/** any other country's number in E.164 (a Belgian address with a French mobile, say) */
const OTHER_E164 = /^\+(?!31|32)[1-9]\d{6,14}$/

/**
 * A phone number for an address in `country`: the national form of that country (`0470 12 34 56`,
 * `06 12345678`), or an international one (`+32 470 12 34 56`, `0031 6 12345678`, `+31 (0)6 …`),
 * checked by the rules of the country it dials. Answers E.164: `+32470123456`.
 */
export function checkPhone(country: Country, input: string): FieldCheck {
  const value = tidy(input)
  if (value === '') return fail('required')
  const invalidHere: ValidationMessageKey = country === 'BE' ? 'phoneInvalidBe' : 'phoneInvalidNl'
  let compact = value.replace(/[\s.\-/]/g, '')
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`
  // +31 (0)6 … : the trunk 0 in brackets is written by many, dialled by none
  compact = compact.replace(/^(\+3[12])\(0\)/, '$1')
  if (!/^\+?\d+$/.test(compact)) return fail(compact.startsWith('+31') ? 'phoneInvalidNl' : compact.startsWith('+32') ? 'phoneInvalidBe' : invalidHere)
  if (compact.startsWith('+31')) return NL_NSN.test(compact.slice(3)) ? pass(compact) : fail('phoneInvalidNl')
  if (compact.startsWith('+32')) return BE_NSN.test(compact.slice(3)) ? pass(compact) : fail('phoneInvalidBe')
  if (compact.startsWith('+')) return OTHER_E164.test(compact) ? pass(compact) : fail('phoneInvalid')
  if (!compact.startsWith('0')) return fail(invalidHere)
  const nsn = compact.slice(1)
  if (country === 'NL') return NL_NSN.test(nsn) ? pass(`+31${nsn}`) : fail('phoneInvalidNl')
  return BE_NSN.test(nsn) ? pass(`+32${nsn}`) : fail('phoneInvalidBe')
}

/** The street name alone (the house number has its own field): required, at most 50 characters. */
export function checkStreet(input: string): FieldCheck {
  const value = tidy(input)
  if (value === '') return fail('required')
  if (value.length > STREET_MAX_LENGTH) return tooLong(STREET_MAX_LENGTH)
  return pass(value)
}

/**
 * House number: digits, not starting with 0, optionally with one letter straight after (`12`,
 * `12A`, BE `32`). Anything more (`hs`, `bus 20`, `-2`) belongs in the addition.
 */
export function checkHouseNumber(input: string): FieldCheck {
  const value = tidy(input).toUpperCase()
  if (value === '') return fail('required')
  if (value.length > HOUSE_NUMBER_MAX_LENGTH) return tooLong(HOUSE_NUMBER_MAX_LENGTH)
  return /^[1-9]\d{0,5}[A-Z]?$/.test(value) ? pass(value) : fail('houseNumberInvalid')
}

/**
 * Addition (NL toevoeging, BE bus/boîte), optional: letters and digits, words separated by one
 * space or a dash (`A`, `2`, `hs`, `III`, `bus 20`, `bte 20`), at most 10 characters. bpost asks
 * not to write a box as `/20` or `#20`: those are refused.
 */
export function checkAddition(input: string): FieldCheck {
  const value = tidy(input)
  if (value === '') return pass('')
  if (value.length > ADDITION_MAX_LENGTH) return tooLong(ADDITION_MAX_LENGTH)
  return /^[\p{L}\d]+([ -][\p{L}\d]+)*$/u.test(value) ? pass(value) : fail('additionInvalid')
}

/**
 * A company's VAT number (the address's vat_id), optional: the spec's "at least 3 letters" first,
 * then format and checksum of the country of the address (its prefix may be left out).
 */
export function checkTaxId(country: Country, input: string): FieldCheck {
  const value = tidy(input)
  if (value === '') return pass('')
  if (value.replace(/[\s.\-/]/g, '').length < TAX_ID_MIN_LENGTH) return fail('taxIdTooShort')
  const checked = checkVatNumber(country, value)
  return checked.ok ? pass(checked.vatId) : fail('vatNumberInvalid')
}

/** A required free-text field (first name, last name, city). */
export function checkRequired(input: string, maxLength = STREET_MAX_LENGTH): FieldCheck {
  const value = tidy(input)
  if (value === '') return fail('required')
  if (value.length > maxLength) return tooLong(maxLength)
  return pass(value)
}

export interface AddressInput {
  country: Country
  street: string
  houseNumber: string
  addition?: string
  postcode: string
  city: string
  telephone: string
  company?: string
  vatId?: string
}

export type AddressField = Exclude<keyof AddressInput, 'country' | 'company'>

/** Every field's check at once: the problems by field (empty when the address is fine), and the normalised address. */
export function checkAddress(address: AddressInput): { problems: Partial<Record<AddressField, FieldProblem>>; normalised: AddressInput } {
  const checks: Record<AddressField, FieldCheck> = {
    street: checkStreet(address.street),
    houseNumber: checkHouseNumber(address.houseNumber),
    addition: checkAddition(address.addition ?? ''),
    postcode: checkPostcode(address.country, address.postcode),
    city: checkRequired(address.city),
    telephone: checkPhone(address.country, address.telephone),
    vatId: checkTaxId(address.country, address.vatId ?? ''),
  }
  const problems: Partial<Record<AddressField, FieldProblem>> = {}
  const normalised: AddressInput = { ...address }
  for (const [field, check] of Object.entries(checks) as [AddressField, FieldCheck][]) {
    if (check.ok) normalised[field] = check.value
    else problems[field] = check.problem
  }
  return { problems, normalised }
}

/**
 * The address's street lines as the back end takes them (spec §3: "street (array: street and
 * house number)"): `['Damrak', '70']`, with the addition as a third line when there is one
 * (Magento's customer/address/street_lines = 3).
 */
export function streetLines(address: Pick<AddressInput, 'street' | 'houseNumber' | 'addition'>): string[] {
  const lines = [tidy(address.street), tidy(address.houseNumber)]
  const addition = tidy(address.addition ?? '')
  return addition ? [...lines, addition] : lines
}
