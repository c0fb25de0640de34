/**
 * The costliest product search the catalogue's limits allow, as a client looping on it would send
 * it: every filter the limits let through on fields that have no column of their own (each tested
 * on every row's JSON), the facets that each cost a scan, the most sort fields, the largest page.
 * `nonce` changes one value that matches nothing, so no answer or count cache spares the database.
 * Used by the isolation bench and its regression test.
 */
import { CATALOG_LIMITS, CATALOG_QUERY_LIMITS } from '../../domain/api/catalog.schema'
import * as fieldLimits from '../../server/services/catalog-fields'

const { MAX_HEAVY_FILTERS, MAX_SCANNED_FACETS } = fieldLimits

/** top-level product fields without a column or a facet term: each filter walks every row's JSON */
const SCANNED_FIELDS = [
  'price_incl_tax',
  'price_tax',
  'original_price',
  'special_price',
  'regular_price',
  'final_price',
  'tax_class_id',
  'sold_qty',
  'created_at',
]
const HEAVY_FIELDS = ['configurable_children.price', 'description']
const SCANNED_FACETS = ['stock.qty', 'category.name', 'category.position', 'stock.manage_stock', 'stock.is_in_stock']

/** The most filters on fields without a column the limits allow (all filters, where no smaller limit is set). */
function scannedFilterLimit(): number {
  const limits: Record<string, unknown> = fieldLimits
  return typeof limits.MAX_SCANNED_FILTERS === 'number' ? limits.MAX_SCANNED_FILTERS : CATALOG_QUERY_LIMITS.filters
}

export function costliestCatalogQuery(nonce: number): { body: Record<string, unknown>; query: string } {
  const values = (n: number) => Array.from({ length: n }, (_, i) => `v${nonce}-${i}`)
  const scanned = scannedFilterLimit()
  const heavy = Math.min(MAX_HEAVY_FILTERS, scanned)
  const valueBudget = Math.floor(CATALOG_QUERY_LIMITS.filterValues / Math.max(1, scanned))
  const filters = [
    ...HEAVY_FIELDS.slice(0, heavy).map((attribute) => ({ attribute, value: { nin: values(valueBudget) } })),
    ...Array.from({ length: scanned - heavy }, (_, i) => ({ attribute: SCANNED_FIELDS[i % SCANNED_FIELDS.length]!, value: { nin: values(1) } })),
  ]
  const body = {
    _appliedFilters: filters,
    _availableFilters: [...SCANNED_FACETS.slice(0, MAX_SCANNED_FACETS), 'color', 'size', 'price'].map((field) => ({
      field,
      options: { size: CATALOG_QUERY_LIMITS.facetSize },
    })),
    _appliedSort: SCANNED_FIELDS.slice(0, CATALOG_QUERY_LIMITS.sortFields).map((field) => ({ field, options: 'desc' })),
  }
  return { body, query: `?size=${CATALOG_LIMITS.maxSize}` }
}
