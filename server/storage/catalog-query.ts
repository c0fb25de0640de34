/**
 * A catalogue query in neutral terms, built by the catalogue service from a SearchQuery and turned
 * into SQL by the catalog search repository. Field names are validated dotted paths.
 */
export type Scalar = string | number | boolean

export type FieldCondition =
  /** any of `fields` holds any of `values` (arrays match when one element does) */
  | { kind: 'in'; fields: string[]; values: Scalar[]; negate: boolean }
  | { kind: 'range'; fields: string[]; gt?: number; gte?: number; lt?: number; lte?: number }
  /** the field is present and not null (negate: missing or null) */
  | { kind: 'exists'; fields: string[]; negate: boolean }
  | { kind: 'like'; fields: string[]; pattern: string }

/** Our per-language copies of PostgreSQL's configurations (migration 4). */
export type TextSearchConfig = 'polder_english' | 'polder_dutch' | 'polder_french'

export type CatalogEntity =
  'product' | 'category' | 'attribute' | 'taxrule' | 'url_rewrite' | 'cms_page' | 'cms_block' | 'cms_hierarchy' | 'cms_blog' | 'cms_blog_category' | 'review'

export interface CatalogSort {
  field: string
  dir: 'asc' | 'desc'
}

export interface CatalogQuery {
  entity: CatalogEntity
  storeCode: string
  conditions: FieldCondition[]
  /**
   * the shopper's words: full text (name, skus, category names, descriptions) in this text-search
   * configuration, blended with name trigrams for typos; hits scoring below `minScore` (0..1) drop out
   */
  text?: { query: string; config: TextSearchConfig; minScore: number }
  sort: CatalogSort[]
  /** category ids a `position` sort refers to (the filtered categories) */
  positionCategoryIds: number[]
  from: number
  size: number
  /**
   * the caller prints whole documents: hits may carry the document's stored JSON text (`text`,
   * products.doc_text) instead of the parsed document, `doc` then holding only the id
   */
  rendered?: boolean
  /**
   * products: only these top-level fields of each hit's document are needed: the database reads
   * the light projection when it holds them all (it may hold more), else picks them (a listing
   * that asks for the light fields then reads and parses a fifth of the bytes); the caller
   * applies its own field lists to what comes back
   */
  pick?: readonly string[]
  /** fields whose values are counted over the matching rows (terms facets) */
  facetFields: string[]
  /** price ranges counted on what the shopper pays (products only) */
  priceRanges: { from: number; to?: number }[]
}

export interface CatalogHitRow {
  doc: Record<string, unknown>
  score: number
  /** the document as JSON text, when the query asked for `rendered` and the row has it */
  text?: string
}

export interface FacetCounts {
  /** field → value → number of matching documents holding it */
  terms: Record<string, Map<string | number, number>>
  /** one count per requested price range */
  priceRanges: number[]
}

export interface CatalogResult {
  total: number
  hits: CatalogHitRow[]
  facets: FacetCounts
}

/** The total and facet counts of a query's filters (they do not depend on its page or order). */
export interface KnownCounts {
  total: number
  facets: FacetCounts
}
