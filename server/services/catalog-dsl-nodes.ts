/**
 * The pieces the query-DSL translation (catalog-dsl.ts) reads a body with: one refusal that names
 * the path of what cannot be answered, and readers of JSON objects that look only at a value's
 * own keys (a body's `__proto__` is a key like any other, and is refused like any other).
 */
import { InvalidRequestError } from './errors'

/** A part of an Elasticsearch body the catalogue cannot answer the way Elasticsearch would. */
/** A configurable's facet field beside an attribute: `color` → `color_options` (storefront-query-builder's naming). */
export const OPTIONS_SUFFIX = '_options'

export class DslNotSupportedError extends InvalidRequestError {
  override name = 'DslNotSupportedError'
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`)
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }
export type Scalar = string | number | boolean

export function refuse(path: string, reason: string): never {
  throw new DslNotSupportedError(path, reason)
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function objectAt(value: unknown, path: string): JsonObject {
  if (!isObject(value)) refuse(path, 'must be an object')
  return value
}

/** The own entries of an object, in the order they were written. */
export function entries(value: JsonObject): [string, Json][] {
  return Object.keys(value).map((key) => [key, value[key]!])
}

/** Own key lookup: never an inherited member (`constructor`, `toString`). */
export function own(value: JsonObject, key: string): Json | undefined {
  return Object.hasOwn(value, key) ? value[key] : undefined
}

/** The single `{ name: body }` of a query clause or field object. */
export function single(value: unknown, path: string, what: string): [string, Json] {
  const object = objectAt(value, path)
  const keys = Object.keys(object)
  if (keys.length !== 1) refuse(path, `must hold exactly one ${what} (found ${keys.length === 0 ? 'none' : keys.join(', ')})`)
  return [keys[0]!, object[keys[0]!]!]
}

/** Refuses the first own key outside `allowed`. */
export function onlyKeys(value: JsonObject, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) refuse(`${path}.${key}`, `"${key}" is not supported`)
  }
}

/** A bool's clause list: bodybuilder writes one clause as an object, several as an array. */
export function clauses(value: Json, path: string): [Json, string][] {
  if (Array.isArray(value)) return value.map((clause, i) => [clause, `${path}.${i}`])
  if (isObject(value)) return [[value, path]]
  return refuse(path, 'must be a query clause or a list of them')
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
}

export function scalarAt(value: unknown, path: string): Scalar {
  if (!isScalar(value)) refuse(path, 'must be a string, a number or a boolean')
  return value
}

export function numberAt(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) refuse(path, 'must be a number')
  return value
}

/**
 * A field as the catalogue names it. `x.keyword` is Elasticsearch's exact-value twin of a text
 * field (storefront-query-builder's filterFieldMapping turns `category.name` into it): the
 * catalogue matches values exactly anyway, so it is the field itself.
 */
export function fieldName(field: string): string {
  return field.endsWith('.keyword') ? field.slice(0, -'.keyword'.length) : field
}
