/**
 * Facet terms: every short top-level attribute value of a product as "field=n:49" / "field=b:true" /
 * "field=s:red". One text[] column with a GIN index answers "color in (49, 52)" and counts every
 * facet in one scan, without handing thousands of JSON documents to JavaScript (which is what made
 * a 2,000-product listing with facets slow on PGlite).
 */
import type { FacetCounts, Scalar } from './catalog-query'
import { HEAVY_PRODUCT_FIELDS } from './sql-helpers'

/** Identity and text fields: never facets, and too many distinct values. */
const NOT_TERMS = new Set<string>([
  ...HEAVY_PRODUCT_FIELDS,
  'id',
  'sku',
  'name',
  'url_key',
  'url_path',
  'slug',
  'image',
  'small_image',
  'thumbnail',
  'created_at',
  'updated_at',
  'special_from_date',
  'special_to_date',
  'meta_title',
  'meta_description',
  'meta_keyword',
  'sold_qty',
  // prices are ranges, not terms; these have their own columns or are never faceted, and every
  // extra term per product costs time in each facet count
  'price',
  'regular_price',
  'special_price',
  'final_price',
  'price_incl_tax',
  'price_tax',
  'original_price',
  'original_price_incl_tax',
  'original_final_price',
  'original_special_price',
  'special_price_incl_tax',
  'final_price_incl_tax',
  'minimal_price',
  'status',
  'visibility',
  'category_ids',
  'tax_class_id',
  'eol',
  'weight',
])
const MAX_STRING = 40

export function isTermField(field: string): boolean {
  return !field.includes('.') && !NOT_TERMS.has(field)
}

export function term(field: string, value: Scalar): string | null {
  if (typeof value === 'number') return Number.isInteger(value) ? `${field}=n:${value}` : null
  if (typeof value === 'boolean') return `${field}=b:${value}`
  return value.length <= MAX_STRING ? `${field}=s:${value}` : null
}

export function facetTermsOf(doc: Record<string, unknown>): string[] {
  const out = new Set<string>()
  for (const [field, raw] of Object.entries(doc)) {
    if (!isTermField(field)) continue
    for (const v of Array.isArray(raw) ? raw : [raw]) {
      if (typeof v !== 'number' && typeof v !== 'boolean' && typeof v !== 'string') continue
      const t = term(field, v)
      if (t) out.add(t)
    }
  }
  return [...out]
}

/** "color=n:49" → ["color", 49] */
export function parseTerm(t: string): [string, string | number] | null {
  const m = /^([^=]+)=([nbs]):(.*)$/s.exec(t)
  if (!m) return null
  const [, field = '', kind, value = ''] = m
  return [field, kind === 'n' ? Number(value) : value]
}

/** "49" also matches 49 and "true" also matches true: query strings carry every value as text. */
export function widen(values: readonly Scalar[]): Scalar[] {
  const out = new Set<Scalar>()
  for (const v of values) {
    out.add(v)
    if (typeof v === 'string') {
      if (v.trim() !== '' && Number.isFinite(Number(v))) out.add(Number(v))
      if (v === 'true' || v === 'false') out.add(v === 'true')
    }
    if (typeof v === 'number') out.add(String(v))
  }
  return [...out]
}

/** facet_terms counts (`field=value` → n) into the facets' maps. */
export function addTermCounts(facets: FacetCounts, rows: readonly { t: string; n: number }[]): void {
  for (const r of rows) {
    const parsed = parseTerm(r.t)
    if (parsed) facets.terms[parsed[0]]?.set(parsed[1], Number(r.n))
  }
}

/**
 * The terms `field in values` matches (facet_terms holds one of them), or null when a value has no
 * term (a long text: matched on the JSON instead). Fractional numbers have none and match nothing.
 */
export function termsOf(field: string, values: readonly Scalar[]): string[] | null {
  if (!isTermField(field)) return null
  const terms: string[] = []
  for (const v of widen(values)) {
    const t = term(field, v)
    if (t) terms.push(t)
    else if (typeof v === 'string') return null
  }
  return terms
}
