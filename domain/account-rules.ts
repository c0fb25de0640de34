/**
 * The account form rules of the spec (§5 "Form texts"): the password has at least 8 characters,
 * names at least 2, the e-mail address has a valid form. The server answers a refused field with
 * these words (the client shows them from its dictionaries); pure, no I/O.
 */

// the address rule is its own module: the product page (a gift card's recipient) needs it alone
export { EMAIL_MAX_LENGTH, isValidEmail } from './email-address'

export const PASSWORD_MIN_LENGTH = 8
/** scrypt takes any length; a cap keeps a megabyte "password" from costing the server anything */
export const PASSWORD_MAX_LENGTH = 256
export const NAME_MIN_LENGTH = 2
export const NAME_MAX_LENGTH = 255

export const ACCOUNT_MESSAGES = {
  passwordTooShort: 'Password must have at least 8 letters',
  passwordTooLong: `Please enter less than ${PASSWORD_MAX_LENGTH} characters`,
  nameTooShort: 'Name must have at least 2 letters',
  nameTooLong: `Please enter less than ${NAME_MAX_LENGTH} characters`,
  nameInvalid: 'A name cannot hold control characters',
  emailInvalid: 'Please provide a valid e-mail address',
} as const

/** Characters as a person counts them (an emoji or an accented letter is one). */
function length(value: string): number {
  return [...value].length
}

/** The password's problem, or null when it may be used. Spaces count: a passphrase is welcome. */
export function passwordProblem(password: string): string | null {
  if (length(password) < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort
  if (length(password) > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong
  return null
}

/** A first or last name's problem (after trimming), or null. */
export function nameProblem(name: string): string | null {
  // a line break or an escape in a name would write what it likes into mails and the shop's exports
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return ACCOUNT_MESSAGES.nameInvalid
  const n = length(name.trim())
  if (n < NAME_MIN_LENGTH) return ACCOUNT_MESSAGES.nameTooShort
  if (n > NAME_MAX_LENGTH) return ACCOUNT_MESSAGES.nameTooLong
  return null
}

/** The key an e-mail address is found by: trimmed, lower case (addresses differ by case in no real mailbox). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase()
}
