/**
 * Catalogue search per store view (contract §3): a SearchQuery (storefront-query-builder format)
 * becomes a neutral CatalogQuery for the repository; facets are counted here over the rows of the
 * filtered result set; the answer is ES-shaped (standard or compact).
 */
import { hash } from 'node:crypto'
import {
  CATALOG_LIMITS,
  ENTITY_TYPES,
  PRICE_FACET_FIELDS,
  PRICE_RANGES,
  type AppliedFilter,
  type Aggregations,
  type EntityType,
  type PriceRange,
  type RangeBucket,
  type SearchQuery,
  type TermsBucket,
} from '../../domain/api/catalog.schema'
import { storeViewByIndex, type StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import type { CatalogEntity, CatalogHitRow, CatalogQuery, CatalogSort, FacetCounts, FieldCondition, Scalar } from '../storage/catalog-query'
import { createCatalogFields, type FieldUse } from './catalog-fields'
import { createCategoryTrees } from './category-tree'
import { InvalidIndexError, InvalidRequestError } from './errors'
import { filterSource, parseFieldList, plainFieldNames, type FieldPatterns } from './source-filter'
import { textSearchConfig } from './text-search'
import { CATALOG_CACHE_LIMITS, createCatalogCaches, listedPage, loadCategoryRows, searchCounted, type Source } from './catalog-listings'
import { DEFAULT_SORT, parseSort } from './catalog-sort'

export interface CatalogParams {
  size?: number
  from?: number
  sort?: string
  include?: string
  exclude?: string
  compact: boolean
  /**
   * The aggregations to answer, as [answer name, counted name] pairs: an Elasticsearch body names
   * its own (`agg_terms_category.name.keyword` is counted as `agg_terms_category.name`) and gets
   * only those. Left out: every aggregation counted, under its counted name.
   */
  aggregations?: readonly (readonly [string, string])[]
}

const CATEGORY_FIELDS = new Set(['category_ids', 'category.category_id'])
const DEFAULT_TERMS_SIZE = 10

function isEntityType(type: string): type is EntityType {
  return (ENTITY_TYPES as readonly string[]).includes(type)
}

function scalars(values: readonly (Scalar | null)[]): Scalar[] {
  return values.filter((v): v is Scalar => v !== null)
}

/** One applied filter → conditions (a bare value is `{in:[value]}`; several operators AND together). */
function toConditions(filter: AppliedFilter, entity: CatalogEntity): FieldCondition[] {
  const field = filter.attribute
  // catalog-scope filters also match configurable parents through their `<code>_options`
  const fields =
    filter.scope === 'catalog' && entity === 'product' && !PRICE_FACET_FIELDS.has(field) && !field.includes('.') ? [field, `${field}_options`] : [field]
  const v = filter.value
  if (v === null) return [{ kind: 'exists', fields, negate: true }]
  if (Array.isArray(v)) return [{ kind: 'in', fields, values: scalars(v), negate: false }]
  if (typeof v !== 'object') return [{ kind: 'in', fields, values: [v], negate: false }]
  const out: FieldCondition[] = []
  if (v.eq !== undefined) out.push(v.eq === null ? { kind: 'exists', fields, negate: true } : { kind: 'in', fields, values: [v.eq], negate: false })
  if (v.in !== undefined) out.push({ kind: 'in', fields, values: scalars(v.in), negate: false })
  if (v.neq !== undefined) out.push(v.neq === null ? { kind: 'exists', fields, negate: false } : { kind: 'in', fields, values: [v.neq], negate: true })
  if (v.nin !== undefined) out.push({ kind: 'in', fields, values: scalars(v.nin), negate: true })
  const gte = v.gte ?? v.from
  const lte = v.lte ?? v.to
  if (v.gt !== undefined || v.lt !== undefined || gte !== undefined || lte !== undefined) {
    out.push({ kind: 'range', fields, gt: v.gt, gte, lt: v.lt, lte })
  }
  if (v.like !== undefined) out.push({ kind: 'like', fields, pattern: v.like })
  return out
}

function termsBuckets(counts: Map<string | number, number> | undefined, size: number): TermsBucket[] {
  return [...(counts ?? new Map<string | number, number>()).entries()]
    .map(([key, doc_count]) => ({ key, doc_count }))
    .sort((a, b) => b.doc_count - a.doc_count || String(a.key).localeCompare(String(b.key), 'en', { numeric: true }))
    .slice(0, size)
}

const CLOSE_BRACE = Buffer.from('}')

/** sha1 of each kept source text, made once per Buffer (the sources cache hands out the same one) */
const sourceDigests = new WeakMap<Buffer, string>()

function sourceDigest(text: string | Buffer): string {
  if (typeof text === 'string') return hash('sha1', text, 'base64url')
  let digest = sourceDigests.get(text)
  if (digest === undefined) {
    digest = hash('sha1', text, 'base64url')
    sourceDigests.set(text, digest)
  }
  return digest
}

/** A digest of an answer: its head (not `took`) and, per hit, its id, score and its text's digest. */
function answerDigest(head: readonly unknown[], sources: readonly Source[]): string {
  const hits = sources.map((s) => `${JSON.stringify(s.id)}:${JSON.stringify(s.score)}:${sourceDigest(s.text)}`).join(',')
  return hash('sha1', `${JSON.stringify(head)}|${hits}`, 'base64url')
}

/** `{...source, _score}` as JSON text: the score last, or in the document's own `_score` place. */
function compactHit(s: Source): string {
  const text = s.text.toString()
  if (text.includes('"_score":')) return JSON.stringify({ ...(JSON.parse(text) as Record<string, unknown>), _score: s.score })
  return text === '{}' ? `{"_score":${JSON.stringify(s.score)}}` : `${text.slice(0, -1)},"_score":${JSON.stringify(s.score)}}`
}

/** A bound as Elasticsearch prints a double in a range key: `50.0`, `12.25`. */
function keyBound(n: number | undefined): string {
  if (n === undefined) return '*'
  return Number.isInteger(n) ? n.toFixed(1) : String(n)
}

function rangeKey(r: PriceRange): string {
  return `${keyBound(r.from)}-${keyBound(r.to)}`
}

/** Elasticsearch's order of range buckets: by from, then to (an open from first, an open to last). */
function byBounds(a: PriceRange, b: PriceRange): number {
  return (a.from ?? -Infinity) - (b.from ?? -Infinity) || (a.to ?? Infinity) - (b.to ?? Infinity)
}

/** Every field a query names, with where it was named, for the index's field check. */
function namedFields(query: SearchQuery, sort: CatalogSort[], sortParameter: string): [string, string, FieldUse][] {
  return [
    ...query._appliedFilters.map((f, i): [string, string, FieldUse] => [`request._appliedFilters.${i}.attribute`, f.attribute, 'filter']),
    ...query._availableFilters.map((f, i): [string, string, FieldUse] => [`request._availableFilters.${i}.field`, f.field, 'facet']),
    ...sort.map((s): [string, string, FieldUse] => [sortParameter, s.field, 'sort']),
  ]
}

/** The page asked: the default size when none above 0 is given, never above the cap; from 0 up. */
function pageWindow(params: CatalogParams): { size: number; from: number } {
  const size = params.size === undefined || params.size <= 0 ? CATALOG_LIMITS.defaultSize : Math.min(params.size, CATALOG_LIMITS.maxSize)
  return { size, from: Math.max(0, params.from ?? 0) }
}

/** The `_source` field lists asked; `rendered`: none, so whole documents (a field list needs the parsed document). */
interface SourceFields {
  include: FieldPatterns
  exclude: FieldPatterns
  rendered: boolean
}

function sourceFields(params: CatalogParams): SourceFields {
  const include = parseFieldList(params.include, '_source_include')
  const exclude = parseFieldList(params.exclude, '_source_exclude')
  return { include, exclude, rendered: include.patterns.length === 0 && exclude.patterns.length === 0 }
}

/** A hit's whole document: parsed from its stored text when the row came with the text only. */
function docOf(h: { doc: Record<string, unknown>; text?: string }): Record<string, unknown> {
  return h.text === undefined ? h.doc : (JSON.parse(h.text) as Record<string, unknown>)
}

/** A hit's `_source` text: the stored text of a whole document, else the document cut to the field lists. */
function printSourceOf({ include, exclude, rendered }: SourceFields) {
  return (h: { doc: Record<string, unknown>; text?: string }): string => {
    if (h.text !== undefined && rendered) return h.text
    return JSON.stringify(filterSource(docOf(h), include, exclude))
  }
}

/** The facets a query asks for (products only): term fields, each also over its `<code>_options`, and the price ranges. */
interface FacetRequest {
  available: SearchQuery['_availableFilters']
  termFields: SearchQuery['_availableFilters']
  wantsPrice: boolean
  /** the price facet's buckets in answer order: the query's own ranges, else PRICE_RANGES */
  priceRanges: PriceRange[]
}

function facetRequest(query: SearchQuery, entity: CatalogEntity): FacetRequest {
  const available = entity === 'product' ? query._availableFilters : []
  const price = available.find((f) => PRICE_FACET_FIELDS.has(f.field))
  return {
    available,
    termFields: available.filter((f) => !PRICE_FACET_FIELDS.has(f.field)),
    wantsPrice: price !== undefined,
    priceRanges: [...(price?.options?.ranges ?? PRICE_RANGES)].sort(byBounds),
  }
}

/** The neutral query the repository answers: conditions, text, sort, page, what to print and what to count. */
function catalogQueryOf(
  query: SearchQuery,
  entity: CatalogEntity,
  storeCode: StoreCode,
  sort: CatalogSort[],
  page: { size: number; from: number },
  source: SourceFields,
  facets: FacetRequest,
): CatalogQuery {
  const picked = source.exclude.patterns.length === 0 ? plainFieldNames(source.include) : undefined
  const positionCategoryIds = query._appliedFilters
    .filter((f) => CATEGORY_FIELDS.has(f.attribute))
    .flatMap((f) => toConditions(f, entity))
    .flatMap((c) => (c.kind === 'in' && !c.negate ? c.values : []))
    .map(Number)
    .filter(Number.isInteger)
  return {
    entity,
    storeCode,
    conditions: query._appliedFilters.flatMap((f) => toConditions(f, entity)),
    text: query._searchText ? { query: query._searchText, config: textSearchConfig(storeCode), minScore: CATALOG_LIMITS.minScore } : undefined,
    sort,
    positionCategoryIds,
    from: page.from,
    size: page.size,
    rendered: source.rendered,
    // plain top-level names only (no wildcard, no exclusions): the database picks them, and the id the hit is named by
    pick: entity === 'product' && picked ? ['id', ...picked] : undefined,
    // a configurable's `<code>_options` are top-level attributes: a nested field has none
    facetFields: facets.termFields.flatMap((f) => (f.field.includes('.') ? [f.field] : [f.field, `${f.field}_options`])),
    // an open from counts every price (the storage's ranges always have a from)
    priceRanges: facets.wantsPrice ? facets.priceRanges.map((r) => ({ from: r.from ?? -Number.MAX_VALUE, to: r.to })) : [],
  }
}

/** The counted facets as ES aggregations; none when the query asked for none. */
function aggregationsOf(facets: FacetRequest, counted: FacetCounts): Aggregations | undefined {
  if (facets.available.length === 0) return undefined
  const { terms, priceRanges } = counted
  const aggregations: Aggregations = {}
  for (const f of facets.termFields) {
    const n = f.options?.size ?? DEFAULT_TERMS_SIZE
    aggregations[`agg_terms_${f.field}`] = { buckets: termsBuckets(terms[f.field], n) }
    aggregations[`agg_terms_${f.field}_options`] = { buckets: termsBuckets(terms[`${f.field}_options`], n) }
  }
  if (facets.wantsPrice) {
    aggregations.agg_range_price = {
      buckets: facets.priceRanges.map((r, i): RangeBucket => ({ key: rangeKey(r), ...r, doc_count: priceRanges[i] ?? 0 })),
    }
  }
  return aggregations
}

/** The counted aggregations under the names asked (CatalogParams.aggregations), only those. */
function namedAggregations(counted: Aggregations | undefined, names: CatalogParams['aggregations']): Aggregations | undefined {
  if (!counted || !names) return counted
  const named: Aggregations = {}
  for (const [name, countedName] of names) {
    const aggregation = counted[countedName]
    if (aggregation) named[name] = aggregation
  }
  return named
}

/** What an answer holds before it is printed. */
interface Answer {
  total: number
  sources: Source[]
  maxScore: number | null
  aggregationsText: string
}

/**
 * The standard answer's bytes, printed as JSON.stringify would print the answer object; the
 * documents' bytes go in as they are (the kept ones are UTF-8 already): one copy, no re-encoding.
 */
function fullAnswerBytes(index: string, type: string, answer: Answer, took: number): Buffer {
  const head = `{"_index":${JSON.stringify(`${index}_${type}`)},"_type":${JSON.stringify(type)},"_id":`
  const parts: Buffer[] = [
    Buffer.from(
      `{"took":${JSON.stringify(took)},"timed_out":false,` +
        `"hits":{"total":${JSON.stringify({ value: answer.total, relation: 'eq' })},"max_score":${JSON.stringify(answer.maxScore)},"hits":[`,
    ),
  ]
  answer.sources.forEach((s, i) => {
    parts.push(Buffer.from(`${i > 0 ? ',' : ''}${head}${JSON.stringify(s.id)},"_score":${JSON.stringify(s.score)},"_source":`))
    parts.push(typeof s.text === 'string' ? Buffer.from(s.text) : s.text, CLOSE_BRACE)
  })
  parts.push(Buffer.from(`]}${answer.aggregationsText}}`))
  return Buffer.concat(parts)
}

function compactAnswerBytes(answer: Answer): Buffer {
  return Buffer.from(`{"total":${JSON.stringify(answer.total)},"hits":[${answer.sources.map(compactHit).join(',')}]${answer.aggregationsText}}`)
}

export function createCatalogService(storage: Storage) {
  const fields = createCatalogFields(storage)
  const caches = createCatalogCaches(storage)
  const categoryTrees = createCategoryTrees(storage)

  /** Category hits with their `children_data` (made when answered: category-tree). */
  async function withCategoryTrees(storeCode: StoreCode, hits: CatalogHitRow[]): Promise<CatalogHitRow[]> {
    const docs = await categoryTrees.withChildren(storeCode, hits.map(docOf))
    return hits.map((h, i) => ({ doc: docs[i]!, score: h.score }))
  }

  /**
   * The hits or the listed sources of one entity's search, its total and its facets: a product
   * listing printed whole or by top-level fields takes its page from the kept order and sources.
   */
  async function searchEntity(
    storeCode: StoreCode,
    entity: CatalogEntity,
    query: SearchQuery,
    params: CatalogParams,
    source: SourceFields,
    printSource: (h: { doc: Record<string, unknown>; text?: string }) => string,
  ): Promise<{ total: number; aggregations: Aggregations | undefined } & ({ hits: CatalogHitRow[] } | { listed: Source[] })> {
    const asked = parseSort(params.sort, query._appliedSort)
    await fields.check(storeCode, entity, namedFields(query, asked, params.sort ? 'sort' : 'request._appliedSort'))
    const sort = asked.length > 0 ? asked : (DEFAULT_SORT[entity] ?? [])
    const facets = facetRequest(query, entity)
    const catalogQuery = catalogQueryOf(query, entity, storeCode, sort, pageWindow(params), source, facets)
    const listing = entity === 'product' && !catalogQuery.text && catalogQuery.size > 0 && (source.rendered || catalogQuery.pick)
    const result = listing
      ? await listedPage(storage, caches, catalogQuery, {
          key: source.rendered ? 'doc' : `pick:${JSON.stringify(source.include.patterns)}`,
          print: printSource,
        })
      : await searchCounted(storage, caches, catalogQuery)
    const aggregations = namedAggregations(aggregationsOf(facets, result.facets), params.aggregations)
    return 'sources' in result ? { total: result.total, listed: result.sources, aggregations } : { total: result.total, hits: result.hits, aggregations }
  }

  const service = {
    /**
     * Reads a category's facet rows into memory now (the start-up warm-up), so its first listings
     * are counted from them; false when the rows are not kept (more than the cache takes for one
     * category, or full: what is kept would be pushed out).
     */
    async warmCategoryRows(storeCode: string, categoryId: number): Promise<boolean> {
      const key = String(categoryId)
      if (caches.categoryRows.get(storeCode, key) === undefined) {
        if (caches.categoryRows.stats().weight >= CATALOG_CACHE_LIMITS.categoryRowsWeight) return false
        await loadCategoryRows(storage, caches, storeCode, categoryId)
      }
      return Boolean(caches.categoryRows.get(storeCode, key))
    },

    /** The answer as UTF-8 JSON (what `search` answers, printed): documents stored as text go in as they are. */
    async searchBytes(index: string, type: string, query: SearchQuery, params: CatalogParams): Promise<Buffer> {
      return (await service.searchAnswer(index, type, query, params)).body
    },

    /**
     * The answer's bytes and a digest of what it says (catalog-answers makes its ETag of it): the
     * same answer has the same digest whenever and wherever it is worked out (`took` is left out),
     * and a kept document's text is hashed once, not with every answer that prints it.
     */
    async searchAnswer(index: string, type: string, query: SearchQuery, params: CatalogParams): Promise<{ body: Buffer; digest: string }> {
      const started = Date.now()
      const storeView = storeViewByIndex(index)
      if (!storeView) throw new InvalidIndexError(index)
      if (!isEntityType(type)) throw new InvalidRequestError(`Unknown entity type "${type}"; expected one of ${ENTITY_TYPES.join(', ')}`)
      const source = sourceFields(params)
      const printSource = printSourceOf(source)
      const found = await searchEntity(storeView.storeCode, type, query, params, source, printSource)
      if (type === 'category' && 'hits' in found) found.hits = await withCategoryTrees(storeView.storeCode, found.hits)
      const sources = 'listed' in found ? found.listed : found.hits.map((h): Source => ({ id: String(h.doc.id ?? ''), text: printSource(h), score: h.score }))
      const answer: Answer = {
        total: found.total,
        sources,
        maxScore: sources.length > 0 ? Math.max(...sources.map((s) => s.score)) : null,
        aggregationsText: 'aggregations' in found && found.aggregations ? `,"aggregations":${JSON.stringify(found.aggregations)}` : '',
      }
      const digest = answerDigest([index, type, params.compact ? 'compact' : 'full', answer.total, answer.maxScore, answer.aggregationsText], sources)
      const body = params.compact ? compactAnswerBytes(answer) : fullAnswerBytes(index, type, answer, Date.now() - started)
      return { body, digest }
    },
  }
  return service
}
export type CatalogService = ReturnType<typeof createCatalogService>
