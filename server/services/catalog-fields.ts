/**
 * The fields each catalogue index has, as an Elasticsearch mapping would list them: the entity's
 * schema (domain/*.schema.ts, walked into objects and arrays of objects) and, for products, the
 * store view's attributes (`color`, its configurable `color_options`, a child's `color`).
 * Filters, facets and sorts may only name these: a field the index does not have is a 400, so
 * no request can make the database walk made-up JSON paths (or reach `__proto__`) on every row.
 * The attribute codes are read once per store view and read again after an attribute import.
 */
import { z } from 'zod'
import { PRICE_FACET_FIELDS } from '../../domain/api/catalog.schema'
import { AttributeSchema } from '../../domain/attribute.schema'
import { CategorySchema } from '../../domain/category.schema'
import { BLOG_CATEGORY_STORED_FIELDS, BLOG_POST_STORED_FIELDS, BlogCategorySchema, BlogPostSchema } from '../../domain/blog.schema'
import { CMS_HIERARCHY_STORED_FIELDS, CMS_STORED_FIELDS, CmsBlockSchema, CmsHierarchyNodeSchema, CmsPageSchema } from '../../domain/cms.schema'
import { ProductSchema } from '../../domain/product.schema'
import { ReviewSchema } from '../../domain/review.schema'
import { TaxRuleSchema } from '../../domain/tax-rule.schema'
import { UrlRewriteSchema } from '../../domain/url-rewrite.schema'
import type { Storage } from '../storage'
import type { CatalogEntity } from '../storage/catalog-query'
import { isTermField } from '../storage/facet-terms'
import { HEAVY_PRODUCT_FIELDS } from '../storage/sql-helpers'
import { InvalidRequestError } from './errors'

const MAX_DEPTH = 3

/** Dotted paths of a schema's fields: `stock`, `stock.qty`, `category.category_id`, … */
export function schemaFieldPaths(schema: z.ZodType, prefix = '', depth = 1): string[] {
  let inner: z.ZodType = schema
  for (;;) {
    const def = inner._zod.def
    if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && 'innerType' in def) {
      inner = def.innerType as z.ZodType
    } else if (inner instanceof z.ZodArray) {
      inner = inner.element as z.ZodType
    } else break
  }
  if (!(inner instanceof z.ZodObject) || depth > MAX_DEPTH) return []
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const path = prefix ? `${prefix}.${key}` : key
    return [path, ...schemaFieldPaths(field, path, depth + 1)]
  })
}

/** Fields every document of the entity has by its schema, plus what the server adds on import. */
const SCHEMA_FIELDS: Record<CatalogEntity, ReadonlySet<string>> = {
  product: new Set(schemaFieldPaths(ProductSchema)),
  category: new Set(schemaFieldPaths(CategorySchema)),
  attribute: new Set(schemaFieldPaths(AttributeSchema)),
  taxrule: new Set(schemaFieldPaths(TaxRuleSchema)),
  url_rewrite: new Set([...schemaFieldPaths(UrlRewriteSchema), 'id', 'store_id', 'updated_at']),
  cms_page: new Set([...schemaFieldPaths(CmsPageSchema), ...CMS_STORED_FIELDS]),
  cms_block: new Set([...schemaFieldPaths(CmsBlockSchema), ...CMS_STORED_FIELDS]),
  cms_hierarchy: new Set([...schemaFieldPaths(CmsHierarchyNodeSchema), ...CMS_HIERARCHY_STORED_FIELDS]),
  cms_blog: new Set([...schemaFieldPaths(BlogPostSchema), ...BLOG_POST_STORED_FIELDS]),
  cms_blog_category: new Set([...schemaFieldPaths(BlogCategorySchema), ...BLOG_CATEGORY_STORED_FIELDS]),
  review: new Set(schemaFieldPaths(ReviewSchema)),
}

/** Sort-only names: the relevance score, and a product's position in the filtered categories. */
const SORT_ONLY = new Set(['_score', 'position'])

/**
 * Sort-only names of one entity: VSF1 blog modules list categories with the posts' default sort
 * (`publish_date:desc`); a category has no date, so every one sorts alike (then by id).
 */
const ENTITY_SORT_ONLY: Partial<Record<CatalogEntity, ReadonlySet<string>>> = { cms_blog_category: new Set(['publish_date']) }

/**
 * Product fields inside the big part of the document (children, galleries, descriptions): each
 * row's whole document is read to test them, so a query may filter on a few of them and never
 * facet or sort on them. A configurable's child skus have a column of their own.
 */
const HEAVY = new Set<string>(HEAVY_PRODUCT_FIELDS)
const INDEXED_HEAVY_PATHS = new Set(['configurable_children.sku'])
export const MAX_HEAVY_FILTERS = 2
/**
 * Facets on a product's attributes are counted together from one column in one scan; any other
 * facet (nested, or an identity or price field) costs a scan of its own.
 */
export const MAX_SCANNED_FACETS = 4

/**
 * Product fields a filter finds through a column or an index of their own (storage/catalog-search
 * repository: columns, facet terms, the price). A filter on any other field tests every row of the
 * store view in its JSON, in every statement of the search: on PGlite a statement cannot be stopped
 * once it runs, and what it costs grows with these filters and the shop's size, so a query may hold
 * only a few of them.
 */
const INDEXED_FILTER_FIELDS = new Set([
  'category_ids',
  'category.category_id',
  'visibility',
  'status',
  'id',
  'sku',
  'configurable_children.sku',
  'stock.is_in_stock',
  ...PRICE_FACET_FIELDS,
])
export const MAX_SCANNED_FILTERS = 4

export function isHeavyProductField(field: string): boolean {
  return HEAVY.has(field.split('.')[0] ?? '') && !INDEXED_HEAVY_PATHS.has(field)
}

export type FieldUse = 'filter' | 'facet' | 'sort'

export function createCatalogFields(storage: Storage) {
  const attributeCodes = new Map<string, Promise<ReadonlySet<string>>>()
  storage.changes.subscribe((event) => {
    if (event.collection === 'attributes' || event.resync) attributeCodes.delete(event.storeCode)
  })

  function productAttributes(storeCode: string): Promise<ReadonlySet<string>> {
    let codes = attributeCodes.get(storeCode)
    if (!codes) {
      codes = storage.attributes.codes(storeCode).then((list) => {
        const fields = new Set<string>()
        for (const code of list) fields.add(code).add(`${code}_options`).add(`configurable_children.${code}`)
        return fields
      })
      codes.catch(() => attributeCodes.delete(storeCode))
      attributeCodes.set(storeCode, codes)
    }
    return codes
  }

  return {
    /**
     * Throws a 400 for the first field the index does not have. `fields` are [parameter name,
     * field] pairs, so the message names where the field was asked for.
     */
    async check(storeCode: string, entity: CatalogEntity, fields: readonly [string, string, FieldUse][]): Promise<void> {
      if (fields.length === 0) return
      const known = SCHEMA_FIELDS[entity]
      const attributes = entity === 'product' ? await productAttributes(storeCode) : new Set<string>()
      let heavyFilters = 0
      let scannedFacets = 0
      let scannedFilters = 0
      for (const [parameter, field, use] of fields) {
        const sortOnly = use === 'sort' && (SORT_ONLY.has(field) || ENTITY_SORT_ONLY[entity]?.has(field) === true)
        if (!known.has(field) && !attributes.has(field) && !sortOnly) {
          throw new InvalidRequestError(`${parameter}: the ${entity} index of store view "${storeCode}" has no field "${field}"`)
        }
        const countedTogether = entity === 'product' && (isTermField(field) || PRICE_FACET_FIELDS.has(field))
        if (use === 'facet' && !countedTogether && ++scannedFacets > MAX_SCANNED_FACETS) {
          throw new InvalidRequestError(`${parameter}: at most ${MAX_SCANNED_FACETS} facets on fields that are not attributes ("${field}")`)
        }
        const indexed = INDEXED_FILTER_FIELDS.has(field) || isTermField(field)
        if (entity === 'product' && use === 'filter' && !indexed && ++scannedFilters > MAX_SCANNED_FILTERS) {
          throw new InvalidRequestError(`${parameter}: at most ${MAX_SCANNED_FILTERS} filters on fields without an index of their own ("${field}")`)
        }
        if (entity !== 'product' || !isHeavyProductField(field)) continue
        if (use !== 'filter') throw new InvalidRequestError(`${parameter}: products cannot be ${use === 'sort' ? 'sorted' : 'counted'} by "${field}"`)
        if (++heavyFilters > MAX_HEAVY_FILTERS) {
          throw new InvalidRequestError(`${parameter}: at most ${MAX_HEAVY_FILTERS} filters on ${HEAVY_PRODUCT_FIELDS.join(', ')}`)
        }
      }
    },
  }
}
export type CatalogFields = ReturnType<typeof createCatalogFields>
