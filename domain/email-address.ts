/**
 * The shop's one rule for an e-mail address, wherever one is typed (account, newsletter, checkout,
 * the order's body, a gift card's recipient). Pure, no imports: the product page loads it alone.
 */

export const EMAIL_MAX_LENGTH = 254

// one @, something before it, a dotted domain after it: what a shop can check without sending a mail
const EMAIL = /^[^@]+@[^@.]+(\.[^@.]+)+$/
// what turns an address into several, or into a display name a mail client shows instead of it
// (`a<x@evil.example>`, `first,second@…`, `"…"`), and white space or control characters; an apostrophe
// (o'brien@…) is an address's own
// eslint-disable-next-line no-control-regex
const NOT_IN_ADDRESS = /[\s<>,;:"`\\()[\]\u0000-\u001f\u007f]/

/** The shop's one rule for an e-mail address, wherever one is typed (account, checkout, gift card, newsletter). */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && !NOT_IN_ADDRESS.test(email) && EMAIL.test(email)
}
