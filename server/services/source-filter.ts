/**
 * `_source_include` / `_source_exclude` with dotted paths; arrays of objects are walked element-wise.
 *
 * The paths come straight from the request. A walker that followed `__proto__` deleted
 * `Object.prototype.hasOwnProperty` for the whole process (one GET stopped the shop), so a path
 * is parsed once into checked segments (letters, digits, `_` and `-`; never `__proto__`,
 * `constructor` or `prototype`), and the walkers read and write own properties only.
 */
import { InvalidRequestError } from './errors'

type Json = Record<string, unknown>

/** Names that reach an object's prototype machinery instead of one of its own fields. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])
const SEGMENT = /^[A-Za-z0-9_-]{1,100}$/
/** far more than any storefront asks for; a longer list is a mistake or an attack */
export const MAX_SOURCE_FIELDS = 200
const MAX_DEPTH = 8

/** Whether `name` may be used as a key of a document: a plain field name, never a prototype key. */
export function isFieldSegment(name: string): boolean {
  return SEGMENT.test(name) && !PROTOTYPE_KEYS.has(name)
}

/** Dotted field paths → segments; a bad path is a 400 that names the parameter and the path. */
export function parseFieldPaths(fields: readonly string[], parameter: string): string[][] {
  const paths = fields.map((s) => s.trim()).filter(Boolean)
  if (paths.length > MAX_SOURCE_FIELDS) throw new InvalidRequestError(`${parameter}: at most ${MAX_SOURCE_FIELDS} fields`)
  return paths.map((path) => {
    const segments = path.split('.')
    if (segments.length > MAX_DEPTH || !segments.every(isFieldSegment)) {
      throw new InvalidRequestError(`${parameter}: "${path.slice(0, 100)}" is not a field name`)
    }
    return segments
  })
}

/** A comma-separated list (`_source_include=a,b.c`). */
export function parseFieldList(list: string | undefined, parameter: string): string[][] {
  return list ? parseFieldPaths(list.split(','), parameter) : []
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)

function pickPath(source: unknown, path: string[], target: Json): void {
  if (!isObject(source)) return
  const [head, ...rest] = path
  if (head === undefined || !Object.hasOwn(source, head)) return
  const value = source[head]
  if (rest.length === 0) {
    target[head] = value
    return
  }
  if (Array.isArray(value)) {
    const existing = Array.isArray(target[head]) ? (target[head] as Json[]) : value.map(() => ({}))
    value.forEach((item, i) => pickPath(item, rest, existing[i] ?? (existing[i] = {})))
    target[head] = existing
  } else if (isObject(value)) {
    const existing = isObject(target[head]) ? target[head] : {}
    pickPath(value, rest, existing)
    target[head] = existing
  }
}

function omitPath(target: unknown, path: string[]): void {
  if (Array.isArray(target)) {
    for (const item of target) omitPath(item, path)
    return
  }
  if (!isObject(target)) return
  const [head, ...rest] = path
  if (head === undefined || !Object.hasOwn(target, head)) return
  if (rest.length === 0) delete target[head]
  else omitPath(target[head], rest)
}

/** Paths must come from parseFieldPaths / parseFieldList. */
export function filterSource(doc: Json, include: string[][], exclude: string[][]): Json {
  let out: Json
  if (include.length > 0) {
    out = {}
    for (const p of include) pickPath(doc, p, out)
  } else {
    out = exclude.length > 0 ? (structuredClone(doc) as Json) : doc
  }
  for (const p of exclude) omitPath(out, p)
  return out
}
