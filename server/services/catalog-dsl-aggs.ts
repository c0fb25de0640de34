/**
 * The aggregations and sort of a query-DSL body → the SearchQuery's facets and sort.
 *
 * storefront-query-builder asks each facet as two terms aggregations, `agg_terms_<field>` and
 * `agg_terms_<field>_options` (a configurable's values), and the price facet as `agg_terms_price`
 * beside `agg_range_price` (its ranges, plus the chosen price range). The catalogue counts a facet's
 * two terms aggregations together, and the price facet as ranges only: prices are never counted as
 * terms, so `agg_terms_price` is accepted beside `agg_range_price` and left out of the answer (the
 * storefront reads the ranges). Every answered aggregation keeps the name the body gave it.
 */
import { PRICE_FACET_FIELDS, PRICE_RANGES, type PriceRange } from '../../domain/api/catalog.schema'
import {
  type Json,
  type JsonObject,
  entries,
  fieldName,
  isObject,
  numberAt,
  objectAt,
  onlyKeys,
  OPTIONS_SUFFIX,
  own,
  refuse,
  single,
} from './catalog-dsl-nodes'

export interface DslFacet {
  field: string
  scope: 'catalog'
  options?: { size?: number; ranges?: PriceRange[] }
  path: string
}

export interface DslFacets {
  facets: DslFacet[]
  /** [answer name, counted name] of each aggregation answered */
  names: [string, string][]
}

export interface DslSort {
  field: string
  options: 'asc' | 'desc'
  path: string
}

const PRICE_RANGE_FIELDS = ['price', 'final_price']

function positiveSize(value: Json | undefined, path: string): number | undefined {
  if (value === undefined) return undefined
  const size = numberAt(value, path)
  return Number.isInteger(size) && size > 0 ? size : refuse(path, 'must be a whole number above 0')
}

function priceRanges(value: Json | undefined, path: string): PriceRange[] {
  if (!Array.isArray(value) || value.length === 0) return refuse(path, 'must be a list of {from, to} ranges')
  return value.map((raw, i) => {
    const at = `${path}.${i}`
    const range = objectAt(raw, at)
    onlyKeys(range, ['from', 'to'], at)
    const from = own(range, 'from')
    const to = own(range, 'to')
    const bounds: PriceRange = {}
    if (from !== undefined && from !== null) bounds.from = numberAt(from, `${at}.from`)
    if (to !== undefined && to !== null) bounds.to = numberAt(to, `${at}.to`)
    if (bounds.from === undefined && bounds.to === undefined) refuse(at, 'needs from or to')
    return bounds
  })
}

function isStandardRanges(ranges: PriceRange[]): boolean {
  return JSON.stringify(ranges) === JSON.stringify(PRICE_RANGES)
}

/** One terms aggregation: its facet field, whether it is the `_options` half, its size. */
function termsAggregation(name: string, terms: JsonObject, path: string): { base: string; options: boolean; size?: number } {
  onlyKeys(terms, ['field', 'size'], path)
  const written = own(terms, 'field')
  if (typeof written !== 'string') return refuse(`${path}.field`, 'must be a field name')
  const field = fieldName(written)
  if (name !== `agg_terms_${written}` && name !== `agg_terms_${field}`)
    refuse(path, `a terms aggregation is answered as agg_terms_<its field> (agg_terms_${field})`)
  const options = field.endsWith(OPTIONS_SUFFIX)
  const base = options ? field.slice(0, -OPTIONS_SUFFIX.length) : field
  return { base, options, size: positiveSize(own(terms, 'size'), `${path}.size`) }
}

/** The body's `aggs` (or `aggregations`) → facets, and the names to answer them by. */
export function translateAggregations(aggs: Json, path: string): DslFacets {
  const byField = new Map<string, DslFacet>()
  const names: [string, string][] = []
  let termsPrice: string | undefined
  let rangePrice = false
  for (const [name, definition] of entries(objectAt(aggs, path))) {
    const at = `${path}.${name}`
    onlyKeys(objectAt(definition, at), ['terms', 'range'], at)
    const [kind, body] = single(definition, at, 'aggregation')
    if (kind === 'range') {
      if (name !== 'agg_range_price') refuse(at, 'the range aggregation answered is agg_range_price (the price facet)')
      const range = objectAt(body, `${at}.range`)
      onlyKeys(range, ['field', 'ranges'], `${at}.range`)
      const field = own(range, 'field')
      if (typeof field !== 'string' || !PRICE_RANGE_FIELDS.includes(field)) refuse(`${at}.range.field`, 'the price facet counts price (or final_price)')
      const ranges = priceRanges(own(range, 'ranges'), `${at}.range.ranges`)
      byField.set('price', { field: 'price', scope: 'catalog', ...(isStandardRanges(ranges) ? {} : { options: { ranges } }), path: at })
      names.push([name, 'agg_range_price'])
      rangePrice = true
      continue
    }
    const terms = termsAggregation(name, objectAt(body, `${at}.terms`), `${at}.terms`)
    if (terms.base === 'price' && !terms.options) {
      termsPrice = at
      continue
    }
    if (PRICE_FACET_FIELDS.has(terms.base)) refuse(at, `${terms.base} is counted in price ranges (agg_range_price)`)
    const facet = byField.get(terms.base) ?? { field: terms.base, scope: 'catalog' as const, path: at }
    if (terms.size !== undefined) {
      if (facet.options?.size !== undefined && facet.options.size !== terms.size) {
        refuse(`${at}.terms.size`, `agg_terms_${terms.base} and agg_terms_${terms.base}_options are counted together: give them one size`)
      }
      facet.options = { size: terms.size }
    }
    byField.set(terms.base, facet)
    names.push([name, terms.options ? `agg_terms_${terms.base}${OPTIONS_SUFFIX}` : `agg_terms_${terms.base}`])
  }
  if (termsPrice !== undefined && !rangePrice) refuse(termsPrice, 'prices are counted in ranges: agg_terms_price is answered beside agg_range_price only')
  return { facets: [...byField.values()], names }
}

function sortOrder(value: Json, path: string): 'asc' | 'desc' {
  const order = typeof value === 'string' ? value.toLowerCase() : undefined
  return order === 'asc' || order === 'desc' ? order : refuse(path, 'must be asc or desc')
}

function sortField(written: string, path: string): string {
  const field = fieldName(written)
  if (field.startsWith('_') && field !== '_score') refuse(path, `sorting by "${field}" is not supported`)
  return field
}

/** One sort: `"field"`, `"field:desc"`, `{field: "desc"}` or `{field: {order: "desc"}}`. A field's default is asc, _score's desc. */
function sortOf(item: Json, path: string): DslSort {
  if (typeof item === 'string') {
    const [written = '', dir, ...rest] = item.split(':')
    if (rest.length > 0) refuse(path, 'must be "field" or "field:asc|desc"')
    const field = sortField(written, path)
    return { field, options: dir === undefined ? (field === '_score' ? 'desc' : 'asc') : sortOrder(dir, path), path }
  }
  const [written, spec] = single(item, path, 'sort field')
  const field = sortField(written, path)
  if (isObject(spec)) {
    onlyKeys(spec, ['order'], `${path}.${written}`)
    const order = own(spec, 'order')
    return { field, options: order === undefined ? (field === '_score' ? 'desc' : 'asc') : sortOrder(order, `${path}.${written}.order`), path }
  }
  return { field, options: sortOrder(spec, `${path}.${written}`), path }
}

/** The body's `sort`: one sort or a list of them. */
export function translateSort(sort: Json, path: string): DslSort[] {
  return Array.isArray(sort) ? sort.map((item, i) => sortOf(item, `${path}.${i}`)) : [sortOf(sort, path)]
}
