/**
 * The one gateway from the browser to the headless API (STYLE.md: one fetch per outside system).
 * fetch is injected so the worker passes the real one and tests pass fakes. Every answer is read
 * the way vue-storefront clients read it — JSON content type, then the body's `code`, not the HTTP
 * status — and every result is checked against its domain/api schema before anyone sees it.
 */
import { z } from 'zod'
import type { ProductOption } from '../domain/cart.schema'
import { CartCreateResultSchema, CartDeleteResultSchema, CartPullResultSchema, CartTotalsResultSchema, CartUpdateResultSchema } from '../domain/api/cart.schema'
import type { SearchQuery } from '../domain/api/catalog.schema'
import { RenderListResultSchema, type RenderListResult } from '../domain/api/catalog.schema'
import { RecommendationResultTextSchema, type RecommendationResult } from '../domain/api/recommendations.schema'
import { ErrorEnvelopeSchema } from '../domain/api/envelope'
import { CheckpointSchema, REPLICATION_VERSION } from '../domain/api/replication.schema'
import type { Checkpoint, Projection, PullResult, ReplicatedCollection } from '../domain/api/replication.schema'
import { StockItemSchema } from '../domain/api/stock.schema'
import type { StockItem } from '../domain/api/stock.schema'
import type { ServerCartItem, Totals } from '../domain/cart.schema'
import type { StoreCode } from '../domain/store-views'
import { UrlMapResponseSchema } from '../domain/api/url.schema'
import type { UrlMapAnswer } from '../domain/api/url.schema'
import { ApiError, BadContentTypeError, NetworkError, WrongResponseFormatError } from './api-errors'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface ApiClientOptions {
  /** origin (+ prefix) of the API, e.g. http://localhost:3000; '' means same origin */
  baseUrl: string
  storeCode: StoreCode
  fetch: FetchLike
  /** the customer token, when logged in; guests send none */
  getToken?: () => string | null
}

export interface EnvelopeAnswer {
  /** HTTP status */
  status: number
  code: number
  result: unknown
  meta?: Record<string, unknown>
}

/**
 * Reads a response as the envelope: JSON content type, a body, `code` and `result`. Shared with the
 * sync queue, which must fail the same way (spec §5: non-JSON or bodyless answers fail).
 */
export async function readEnvelope(response: Response, url: string): Promise<EnvelopeAnswer> {
  const contentType = response.headers.get('content-type')
  if (!contentType || !contentType.toLowerCase().includes('application/json')) {
    throw new BadContentTypeError(url, contentType)
  }
  const text = await response.text()
  if (!text) throw new WrongResponseFormatError(url, 'empty body')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new WrongResponseFormatError(url, 'body is not JSON')
  }
  const envelope = ErrorEnvelopeSchema.extend({ meta: z.record(z.string(), z.unknown()).optional() }).safeParse(json)
  if (!envelope.success || !('result' in (json as object))) {
    throw new WrongResponseFormatError(url, 'no {code, result} envelope')
  }
  return { status: response.status, code: envelope.data.code, result: envelope.data.result, meta: envelope.data.meta }
}

const ReplicatedDocumentSchema = z.object({ id: z.string(), updated_at: z.string(), _deleted: z.boolean().default(false) }).catchall(z.unknown())
const PullResultSchema = z.object({ documents: z.array(ReplicatedDocumentSchema), checkpoint: CheckpointSchema.nullable() })

const SearchHitSchema = z.object({ _id: z.union([z.string(), z.number()]).optional(), _source: z.record(z.string(), z.unknown()) })
/** ES-shaped answer; `total` is a number in old ES and `{value}` in new. Compact answers are flat. */
const SearchResponseSchema = z.union([
  z.object({
    hits: z.object({
      total: z.union([z.number(), z.object({ value: z.number() })]),
      hits: z.array(SearchHitSchema),
    }),
  }),
  z.object({ total: z.number(), hits: z.array(z.record(z.string(), z.unknown())) }),
])

export interface SearchPage {
  total: number
  documents: Record<string, unknown>[]
}

export interface CartItemUpdate {
  sku: string
  qty: number
  product_option?: ProductOption
  item_id?: number
}

export interface SearchParams {
  size?: number
  from?: number
  /** "field:dir" */
  sort?: string
  includeFields?: string[]
}

export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  get storeCode(): StoreCode {
    return this.options.storeCode
  }

  /** Absolute URL of an API path, with the store code and (when logged in) the token. */
  url(path: string, query: Record<string, string | number | undefined> = {}, withToken = true): string {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
    const token = withToken ? this.options.getToken?.() : null
    if (token) params.set('token', token)
    const qs = params.toString()
    return `${this.options.baseUrl.replace(/\/$/, '')}${path}${qs ? `?${qs}` : ''}`
  }

  /** Sends a request and returns the validated `result`; a non-200 `code` throws ApiError. */
  async call<T extends z.ZodType>(url: string, init: RequestInit, schema: T): Promise<z.infer<T>> {
    const answer = await this.send(url, init)
    if (answer.code !== 200) throw new ApiError(answer.code, answer.result, url)
    const parsed = schema.safeParse(answer.result)
    if (!parsed.success) throw new WrongResponseFormatError(url, parsed.error.message)
    return parsed.data
  }

  async send(url: string, init: RequestInit): Promise<EnvelopeAnswer> {
    let response: Response
    try {
      response = await this.options.fetch(url, {
        ...init,
        headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      })
    } catch (cause) {
      throw new NetworkError(url, { cause })
    }
    return readEnvelope(response, url)
  }

  // --- cart (contract §2.2) -------------------------------------------------------------

  /** Creates a server cart; `guest` leaves the customer token out (the bypass path). */
  createCart(guest = false): Promise<string> {
    const url = this.url('/api/cart/create', { storeCode: this.storeCode }, !guest)
    return this.call(url, { method: 'POST' }, z.union([CartCreateResultSchema, z.number().int().transform(String)]))
  }

  pullCart(cartId: string): Promise<ServerCartItem[]> {
    return this.call(this.url('/api/cart/pull', { cartId, storeCode: this.storeCode }), { method: 'GET' }, CartPullResultSchema)
  }

  updateCartItem(cartId: string, item: CartItemUpdate): Promise<ServerCartItem> {
    const body = { cartItem: { ...item, quoteId: cartId } }
    return this.call(
      this.url('/api/cart/update', { cartId, storeCode: this.storeCode }),
      { method: 'POST', body: JSON.stringify(body) },
      CartUpdateResultSchema,
    )
  }

  deleteCartItem(cartId: string, item: { sku: string; item_id: number }): Promise<true> {
    const body = { cartItem: { ...item, quoteId: cartId } }
    return this.call(
      this.url('/api/cart/delete', { cartId, storeCode: this.storeCode }),
      { method: 'POST', body: JSON.stringify(body) },
      CartDeleteResultSchema,
    )
  }

  /** Totals at the top level; older deployments wrap them in `{totals}` (contract §2.2). */
  cartTotals(cartId: string): Promise<Totals> {
    const schema = z.union([CartTotalsResultSchema, z.object({ totals: CartTotalsResultSchema }).transform((r) => r.totals)])
    return this.call(this.url('/api/cart/totals', { cartId, storeCode: this.storeCode }), { method: 'GET' }, schema)
  }

  // --- stock (contract §2.4) ------------------------------------------------------------

  checkStock(sku: string): Promise<StockItem> {
    return this.call(this.url('/api/stock/check', { sku, storeCode: this.storeCode }, false), { method: 'GET' }, StockItemSchema)
  }

  // --- catalogue (contract §3) ----------------------------------------------------------

  /** Search-query request format; the answer is ES-shaped (not enveloped), or enveloped by some proxies. */
  async search(index: string, type: string, query: SearchQuery, params: SearchParams = {}): Promise<SearchPage> {
    const url = this.url(
      `/api/catalog/${encodeURIComponent(index)}/${type}/_search`,
      {
        request_format: 'search-query',
        response_format: 'standard',
        size: params.size,
        from: params.from,
        sort: params.sort,
        _source_include: params.includeFields?.join(','),
      },
      false,
    )
    let response: Response
    try {
      response = await this.options.fetch(url, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(query),
      })
    } catch (cause) {
      throw new NetworkError(url, { cause })
    }
    const contentType = response.headers.get('content-type')
    if (!contentType?.toLowerCase().includes('application/json')) throw new BadContentTypeError(url, contentType)
    let json: unknown
    try {
      json = await response.json()
    } catch {
      throw new WrongResponseFormatError(url, 'body is not JSON')
    }
    if (json && typeof json === 'object' && 'code' in json && 'result' in json) {
      const { code, result } = json as { code: unknown; result: unknown }
      if (code !== 200) throw new ApiError(typeof code === 'number' ? code : response.status, result, url)
      json = result
    } else if (!response.ok) {
      throw new ApiError(response.status, json, url)
    }
    const parsed = SearchResponseSchema.safeParse(json)
    if (!parsed.success) throw new WrongResponseFormatError(url, parsed.error.message)
    const data = parsed.data
    if ('total' in data) return { total: data.total, documents: data.hits }
    const total = typeof data.hits.total === 'number' ? data.hits.total : data.hits.total.value
    return { total, documents: data.hits.hits.map((hit) => hit._source) }
  }

  // --- URL map (contract §2.7) ----------------------------------------------------------

  /**
   * The product, category or CMS page a shop URL shows, or null. The answer is the bare hit (not
   * the envelope); `url` is store-relative without the leading slash (the contract's client strips
   * it and the store prefix). May fail: NetworkError (offline), ApiError (non-ok status or an
   * enveloped error), BadContentTypeError / WrongResponseFormatError (not a hit).
   */
  async mapUrl(url: string): Promise<UrlMapAnswer> {
    const endpoint = this.url('/api/url/map', { storeCode: this.storeCode }, false)
    let response: Response
    try {
      response = await this.options.fetch(endpoint, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: url.replace(/^\/+/, '') }),
      })
    } catch (cause) {
      throw new NetworkError(endpoint, { cause })
    }
    const contentType = response.headers.get('content-type')
    if (!contentType?.toLowerCase().includes('application/json')) throw new BadContentTypeError(endpoint, contentType)
    let json: unknown
    try {
      json = await response.json()
    } catch {
      throw new WrongResponseFormatError(endpoint, 'body is not JSON')
    }
    if (json && typeof json === 'object' && 'code' in json && 'result' in json) {
      const { code, result } = json as { code: unknown; result: unknown }
      throw new ApiError(typeof code === 'number' ? code : response.status, result, endpoint)
    }
    if (!response.ok) throw new ApiError(response.status, json, endpoint)
    const parsed = UrlMapResponseSchema.safeParse(json)
    if (!parsed.success) throw new WrongResponseFormatError(endpoint, parsed.error.message)
    return parsed.data
  }

  // --- price refresh (contract §2.6, spec §7 "Price refresh") -----------------------------

  /** Prices of now for `skus` (incl. tax, tax_adjustments excl.); the token goes along when logged in. */
  renderList(skus: string[], storeId: number, currencyCode: string): Promise<RenderListResult> {
    const url = this.url('/api/product/render-list', { skus: skus.join(','), currencyCode, storeId, storeCode: this.storeCode })
    return this.call(url, { method: 'GET', mode: 'cors' }, RenderListResultSchema)
  }

  // --- recommendation extension (spec §7) ----------------------------------------------

  private recommendation(path: string): Promise<RecommendationResult> {
    const url = this.url(`/api/ext/recommendations/${path}`, { storeCode: this.storeCode }, false)
    return this.call(url, { method: 'GET' }, RecommendationResultTextSchema)
  }

  /** A new visitor key (32 hex digits). */
  async visitorKey(): Promise<string> {
    const result = await this.recommendation('visitor/key/')
    if (!result.visitor) throw new WrongResponseFormatError('visitor/key/', 'no visitor in the result')
    return result.visitor
  }

  /** Logs a product view (fire and forget for the caller). */
  async logProductView(productId: number, visitorKey: string): Promise<void> {
    await this.recommendation(`log/product/${productId}/${encodeURIComponent(visitorKey)}`)
  }

  /** Product ids bought or viewed with `productId`, best first (at most `limit`; the service caps it at 6). */
  async crossSell(limit: number, productId: number, visitorKey: string): Promise<number[]> {
    const result = await this.recommendation(`products/cross-sell/${limit}/${productId}/${encodeURIComponent(visitorKey)}`)
    return result.products ?? []
  }

  // --- replication feed (our extension) -------------------------------------------------

  async pullReplication(
    collection: ReplicatedCollection,
    checkpoint: Checkpoint | null | undefined,
    limit: number,
    projection: Projection,
  ): Promise<PullResult> {
    const url = this.url(
      `/api/ext/replication/v${REPLICATION_VERSION}/${this.storeCode}/${collection}/pull`,
      { updatedAt: checkpoint?.updatedAt, id: checkpoint?.id, limit, projection },
      false,
    )
    return this.call(url, { method: 'GET' }, PullResultSchema)
  }

  /** The live stream carries documents in the same projection as the pull (kiosk devices keep full ones). */
  replicationStreamUrl(projection: Projection = 'light'): string {
    return this.url(`/api/ext/replication/v${REPLICATION_VERSION}/${this.storeCode}/stream`, { projection }, false)
  }
}
