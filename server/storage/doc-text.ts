/**
 * A document's JSON as the catalogue answers print it, written once at import (products.doc_text).
 *
 * An answer built from `doc` prints what PostgreSQL gives back (jsonb): its keys come out sorted
 * as jsonb keeps them (shorter keys first, then byte order), and JavaScript prints that parsed
 * object compactly. Printing the imported document with its keys in that same order gives the same
 * text, so an answer built from doc_text is byte for byte the answer built from doc.
 */

const ASCII = /^[\x20-\x7e]*$/

/** jsonb's key order: UTF-8 length first, then the bytes. */
function jsonbKeyOrder(a: string, b: string): number {
  if (ASCII.test(a) && ASCII.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
  const x = Buffer.from(a, 'utf8')
  const y = Buffer.from(b, 'utf8')
  return x.length - y.length || Buffer.compare(x, y)
}

function inJsonbOrder(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const object = value as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(object).sort(jsonbKeyOrder)) out[key] = object[key]
  return out
}

export function renderDocText(doc: Record<string, unknown>): string {
  return JSON.stringify(doc, inJsonbOrder)
}
