/**
 * The recommendation and search extension (spec §7, limits §9), from our own signals: views and
 * clicks logged by the product pages and sales logged by the checkout.
 *
 * Search reuses the catalogue's text search (full text + name trigrams, the store view's language)
 * and only re-ranks its matches: popularity multiplies the text score by at most 1 + MAX_BOOST, so
 * a popular product overtakes a slightly better text match but never a much better one, and
 * popularity alone never makes a product match.
 */
import { randomBytes } from 'node:crypto'
import { CATALOG_LIMITS } from '../../domain/api/catalog.schema'
import { RECOMMENDATION_LIMITS, type LogSaleRequest, type RecommendationResult } from '../../domain/api/recommendations.schema'
import { DEFAULT_STORE_CODE, type StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import type { Popularity, RecommendationEventRow } from '../storage/recommendation-repository'
import { ServiceError } from './errors'
import { searchWithin } from './catalog-listings'
import { textSearchConfig } from './text-search'

/** Weights of one signal: a sale says more than a click, a click more than a view. */
const WEIGHTS = { views: 1, clicks: 2, sales: 5 } as const
/** The boost grows with the log of the weighted signals and stops at +50 %. */
const BOOST_SLOPE = 0.1
const MAX_BOOST = 0.5
/** Predictive search re-ranks the best text matches, not only the few it shows. */
const PREDICTIVE_POOL = 60

export class RecommendedProductNotFoundError extends ServiceError {
  override name = 'RecommendedProductNotFoundError'
  readonly kind = 'not-found' as const
  constructor(storeCode: string, ids: readonly (number | string)[]) {
    super(`No such product in store view "${storeCode}": ${ids.join(', ')}`)
  }
}

export function popularityBoost(p: Popularity | undefined): number {
  if (!p) return 1
  const weighted = p.views * WEIGHTS.views + p.clicks * WEIGHTS.clicks + p.sales * WEIGHTS.sales
  return 1 + Math.min(MAX_BOOST, BOOST_SLOPE * Math.log1p(weighted))
}

/** 0 (or nothing) is the default, which is also the cap. */
function capped(limit: number, cap: number): number {
  return limit <= 0 ? cap : Math.min(limit, cap)
}

function storeCodeOf(asked: StoreCode | undefined): StoreCode {
  return asked ?? DEFAULT_STORE_CODE
}

/** The reply's `result`: JSON text, as the service the client was written for answered. */
function resultText(result: RecommendationResult): string {
  return JSON.stringify(result)
}

export function createRecommendationService(storage: Storage, now: () => Date = () => new Date()) {
  const repo = storage.recommendations

  async function requireProduct(storeCode: StoreCode, productId: number) {
    const [found] = await repo.findLiveProducts(storeCode, [productId])
    if (!found) throw new RecommendedProductNotFoundError(storeCode, [productId])
    return found
  }

  async function logOne(kind: 'view' | 'click', asked: StoreCode | undefined, productId: number, visitor: string): Promise<string> {
    const storeCode = storeCodeOf(asked)
    await requireProduct(storeCode, productId)
    await repo.record([{ store_code: storeCode, visitor, kind, product_id: productId, sale_id: null, created_at: now().toISOString() }])
    return resultText({ status: 'ok' })
  }

  /** Text matches (searchable, enabled products) re-ranked by popularity; the first `depth` ids. */
  async function rankedSearch(storeCode: StoreCode, query: string, depth: number): Promise<number[]> {
    const result = await searchWithin(storage, {
      entity: 'product',
      storeCode,
      conditions: [
        { kind: 'in', fields: ['status'], values: [1], negate: false },
        // visibility 3 (search) and 4 (catalog, search)
        { kind: 'in', fields: ['visibility'], values: [3, 4], negate: false },
      ],
      text: { query, config: textSearchConfig(storeCode), minScore: CATALOG_LIMITS.minScore },
      sort: [],
      positionCategoryIds: [],
      from: 0,
      size: depth,
      facetFields: [],
      priceRanges: [],
    })
    const hits = result.hits.map((h) => ({ id: Number(h.doc.id), score: h.score })).filter((h) => Number.isInteger(h.id))
    const popularity = await repo.popularity(
      storeCode,
      hits.map((h) => h.id),
    )
    return hits
      .map((h, rank) => ({ id: h.id, rank, score: h.score * popularityBoost(popularity.get(h.id)) }))
      .sort((a, b) => b.score - a.score || a.rank - b.rank)
      .map((h) => h.id)
  }

  return {
    visitorKey(asked: StoreCode | undefined): string {
      storeCodeOf(asked)
      return resultText({ status: 'ok', visitor: randomBytes(16).toString('hex') })
    },

    logView: (asked: StoreCode | undefined, productId: number, visitor: string) => logOne('view', asked, productId, visitor),
    logClick: (asked: StoreCode | undefined, productId: number, visitor: string) => logOne('click', asked, productId, visitor),

    /** Records one sale line per product; ids and skus of unknown products are refused (404) before anything is written. */
    async logSale(asked: StoreCode | undefined, sale: LogSaleRequest): Promise<string> {
      const storeCode = storeCodeOf(asked)
      const skus = sale.products.filter((p): p is string => typeof p === 'string')
      const ids = sale.products.filter((p): p is number => typeof p === 'number')
      const bySku = await repo.findIdsBySkus(storeCode, skus)
      const live = new Set((await repo.findLiveProducts(storeCode, ids)).map((p) => p.id))
      const missing = [...skus.filter((s) => !bySku.has(s)), ...ids.filter((id) => !live.has(id))]
      if (missing.length > 0) throw new RecommendedProductNotFoundError(storeCode, missing)
      const productIds = [...new Set([...ids, ...skus.map((s) => bySku.get(s) ?? 0)])]
      const createdAt = now().toISOString()
      await repo.record(
        productIds.map((id): RecommendationEventRow => ({
          store_code: storeCode,
          visitor: sale.visitor,
          kind: 'sale',
          product_id: id,
          sale_id: sale.sale,
          created_at: createdAt,
        })),
      )
      return resultText({ status: 'ok', products: productIds })
    },

    async predictive(asked: StoreCode | undefined, limit: number, query: string): Promise<string> {
      const storeCode = storeCodeOf(asked)
      const n = capped(limit, RECOMMENDATION_LIMITS.predictive)
      const ranked = await rankedSearch(storeCode, query, Math.max(PREDICTIVE_POOL, n))
      return resultText({ status: 'ok', products: ranked.slice(0, n) })
    },

    /** One page (50 ids) from `offset` of the ranked list cut at `limit` (at most 500). */
    async search(asked: StoreCode | undefined, limit: number, offset: number, query: string): Promise<string> {
      const storeCode = storeCodeOf(asked)
      const depth = capped(limit, RECOMMENDATION_LIMITS.searchMax)
      // the whole depth is ranked, so a boosted product moves across pages consistently
      const ranked = await rankedSearch(storeCode, query, RECOMMENDATION_LIMITS.searchMax)
      const list = ranked.slice(0, depth)
      return resultText({ status: 'ok', products: list.slice(offset, offset + RECOMMENDATION_LIMITS.searchPageSize), total: list.length })
    },

    /** Bought together, then viewed together, then bestsellers of the same categories; never the product itself. */
    async crossSell(asked: StoreCode | undefined, limit: number, productId: number): Promise<string> {
      const storeCode = storeCodeOf(asked)
      const product = await requireProduct(storeCode, productId)
      const n = capped(limit, RECOMMENDATION_LIMITS.crossSell)
      const out = new Set<number>()
      const add = (ids: number[]) => {
        for (const id of ids) if (out.size < n && id !== productId) out.add(id)
      }
      add(await repo.coPurchased(storeCode, productId, n))
      if (out.size < n) add(await repo.coViewed(storeCode, productId, n * 2))
      if (out.size < n) add(await repo.categoryBestsellers(storeCode, product.category_ids, productId, n * 2))
      return resultText({ status: 'ok', products: [...out] })
    },
  }
}
export type RecommendationService = ReturnType<typeof createRecommendationService>
