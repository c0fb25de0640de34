/**
 * Category filter rules (spec §5 "Filter toggling", §9 price ranges). Chosen filters are a map from
 * filter name to option ids, the shape of CategoryPageQuery.filters and of the route query.
 */
import { PRICE_RANGES as CATALOG_PRICE_RANGES } from './price-ranges'
import { formatFilterAttribute } from './url'

/** Filter names that hold one value at most (set or cleared, never a list). */
export const SYSTEM_FILTER_NAMES: readonly string[] = ['sort']

/** Filters whose options exclude each other: choosing one replaces the list. */
export const SINGLE_CHOICE_FILTERS: readonly string[] = ['price']

export type ChosenFilters = Record<string, string[]>

export interface FilterVariant {
  /** the filter name (attribute code, 'price', or a system name) */
  type: string
  id: string
  /** a single-choice option (price ranges) */
  single?: boolean
}

/** Returns the filters after the shopper toggled one option; the input is left untouched. */
export function toggleFilter(chosen: ChosenFilters, variant: FilterVariant, systemFilterNames: readonly string[] = SYSTEM_FILTER_NAMES): ChosenFilters {
  const next: ChosenFilters = { ...chosen }
  const current = chosen[variant.type] ?? []
  const isChosen = current.includes(variant.id)
  const single = variant.single ?? SINGLE_CHOICE_FILTERS.includes(variant.type)
  if (systemFilterNames.includes(variant.type) || single) {
    // set as the only value, or clear when it was already the value
    if (isChosen) delete next[variant.type]
    else next[variant.type] = [variant.id]
    return next
  }
  const list = isChosen ? current.filter((id) => id !== variant.id) : [...current, variant.id]
  if (list.length) next[variant.type] = list
  else delete next[variant.type]
  return next
}

export function isFilterChosen(chosen: ChosenFilters, type: string, id: string): boolean {
  return (chosen[type] ?? []).includes(id)
}

export interface PriceRange {
  from: number
  /** undefined: open-ended ("150 and up") */
  to?: number
}

/** "0-50" → {from: 0, to: 50}; "150-" → {from: 150}; anything else → null. */
export function parsePriceRange(value: string): PriceRange | null {
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)?$/.exec(value.trim())
  if (!match) return null
  const from = Number(match[1])
  const to = match[2] === undefined ? undefined : Number(match[2])
  if (to !== undefined && to < from) return null
  return to === undefined ? { from } : { from, to }
}

/** "0-50" for {from: 0, to: 50}, "150-" for an open-ended {from: 150}: the filter's option id. */
function priceRangeId(range: PriceRange): string {
  return `${range.from}-${range.to ?? ''}`
}

/** The shop's price buckets (spec §9): 0-50, 50-100, 100-150, 150 and up, as filter option ids. */
export const PRICE_RANGES: readonly string[] = CATALOG_PRICE_RANGES.map((range) => priceRangeId(range))

/**
 * A bucket's label: the first reads "< x", an open-ended last one "> x", the others "x - y".
 * `format` renders a whole amount in the store's currency style (e.g. "€50" or "50 €").
 */
export function priceRangeLabel(range: PriceRange, format: (amount: number) => string): string {
  if (range.to === undefined) return `> ${format(range.from)}`
  if (range.from <= 0) return `< ${format(range.to)}`
  return `${format(range.from)} - ${format(range.to)}`
}

/**
 * The listing's option filters besides price (spec §9 default filters color, erin_recommends, price,
 * size; plus the brand). Each holds option ids of the attribute of that code.
 */
export const OPTION_FILTER_CODES = ['color', 'size', 'manufacturer', 'erin_recommends'] as const
export type OptionFilterCode = (typeof OPTION_FILTER_CODES)[number]

export interface FilterAttributeOptions {
  attribute_code: string
  options: readonly { value: string; label: string }[]
}

/**
 * The chosen filters named by a filterAttribute param (spec §2, parsed by domain/url
 * parseFilterAttribute): every label is looked up among the option labels of the given attributes
 * (first match wins); unknown labels are ignored. Merged into `base`.
 */
export function filtersFromAttributeLabels(labels: readonly string[], attributes: readonly FilterAttributeOptions[], base: ChosenFilters = {}): ChosenFilters {
  const next: ChosenFilters = { ...base }
  for (const label of labels) {
    const wanted = formatFilterAttribute([label])
    for (const attribute of attributes) {
      const option = attribute.options.find((o) => formatFilterAttribute([o.label]) === wanted)
      if (!option) continue
      const list = next[attribute.attribute_code] ?? []
      if (!list.includes(option.value)) next[attribute.attribute_code] = [...list, option.value]
      break
    }
  }
  return next
}
