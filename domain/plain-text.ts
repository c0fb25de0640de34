/**
 * Plain-text fields of the shop's own content (a banner's title, subtitle and alt text) and the
 * shop paths its links and pictures name. Both are checked where a record is parsed, on the server
 * (imports) and in the client alike, so no library: the rules are small and strict on purpose.
 *
 * What must stay true: plain text holds no `<` or `>` at all, so it can never form a tag, whoever
 * writes it into a page and however; a shop path is site-relative (one leading slash, never two,
 * no scheme, no backslash, no white space or control character), so a link can never leave the
 * shop or run code.
 */
import { z } from 'zod'

/** Elements whose content is code or another document: dropped with it, not only their tags. */
const WITH_CONTENT = /<(script|style|iframe|frame|object|embed|applet|noscript|template|textarea|title|xmp|svg|math)\b[\s\S]*?(?:<\/\1\s*>|$)/gi
/** A tag, a comment or a declaration, also one left open at the end. */
const TAG = /<[/!?a-z][^>]*(?:>|$)/gi
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b\u2028\u2029\ufeff]/g

/**
 * Markup taken out of a text meant to be plain: code elements with their content, every tag, then
 * every angle bracket left; control characters become spaces, runs of spaces one space (no-break
 * spaces are kept: French writes a narrow one before : ; ? and !).
 * Entities are left as written: decoding them would turn `&lt;` back into markup.
 */
export function toPlainText(text: string): string {
  return text
    .replace(WITH_CONTENT, ' ')
    .replace(TAG, ' ')
    .replace(/[<>]/g, ' ')
    .replace(CONTROL, ' ')
    .replace(/[ \t\n\r\f\v]+/g, ' ')
    .replace(/^ | $/g, '')
}

/** A plain-text field of `min`–`max` characters after markup is taken out (input bounded, so stripping stays cheap). */
export function plainTextSchema(min: number, max: number) {
  return z
    .string()
    .max(max * 4)
    .transform(toPlainText)
    .pipe(z.string().min(min).max(max))
}

/** `/path` inside the shop: see the file's rules. Query and fragment allowed (`/c/shoes-4?color=49`). */
// eslint-disable-next-line no-control-regex
const SHOP_PATH = /^\/(?![/\\])[^\s\\<>"'`\u0000-\u001f\u007f]*$/

export const ShopPathSchema = z.string().max(500).regex(SHOP_PATH, 'a path inside the shop: one leading /, no scheme, no spaces, quotes or backslashes')
