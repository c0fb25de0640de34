/**
 * The one gateway from the browser to the headless API (STYLE.md: one fetch per outside system).
 * fetch is injected so the worker passes the real one and tests pass fakes. Every call, the sync
 * queue's tasks and the reachability probe included, goes through one private `request`: one fetch,
 * the answer read as its kind (envelope, bare, either: replication/api-answer), the result checked
 * against its domain/api schema, and an optional time-out (replication/time-out). Nobody outside
 * replication/ builds an API URL.
 */
import { z } from 'zod'
import {
  CartApplyCouponResultSchema,
  CartCreateResultSchema,
  CartDeleteCouponResultSchema,
  CartDeleteResultSchema,
  CartPaymentMethodsResultSchema,
  CartPullResultSchema,
  CartShippingInformationResultSchema,
  CartShippingMethodsResultSchema,
  CartTotalsResultSchema,
  CartUpdateResultSchema,
} from '../domain/api/cart.schema'
import { GiftCardCheckResultSchema, GiftCardRemoveResultSchema, type GiftCardCheckResult } from '../domain/api/giftcard.schema'
import { OrderRefusalSchema, OrderResultSchema, type OrderBody, type OrderRefusal, type OrderResult } from '../domain/api/order.schema'
import { PaymentStatusAnswerSchema, PostPaymentAnswerSchema, type PaymentStatusAnswer, type PostPaymentAnswer } from '../domain/api/payment.schema'
import { VatCheckResultSchema, type VatCheckResult } from '../domain/api/vat-check.schema'
import type { PaymentMethod } from '../domain/payment-methods'
import type { ShippingMethod } from '../domain/shipping-methods'
import type { SearchQuery } from '../domain/api/catalog.schema'
import { RenderListResultSchema, type RenderListResult } from '../domain/api/catalog.schema'
import { RecommendationResultTextSchema, type RecommendationResult } from '../domain/api/recommendations.schema'
import { REPLICATION_VERSION } from '../domain/api/replication.schema'
import type { Checkpoint, Projection, PullResult, ReplicatedCollection } from '../domain/api/replication.schema'
import { StockItemSchema } from '../domain/api/stock.schema'
import { CustomerSchema, type Customer, type UserCreateBody } from '../domain/api/user.schema'
import type { StockItem } from '../domain/api/stock.schema'
import type { ServerCartItem, Totals } from '../domain/cart.schema'
import type { StoreCode } from '../domain/store-views'
import { UrlMapResponseSchema } from '../domain/api/url.schema'
import type { UrlMapAnswer } from '../domain/api/url.schema'
import { readAnswer, type Answer } from './api-answer'
import { ApiError, CartIdMissingError, NetworkError, parseRetryAfter, RETRY_LATER_STATUSES, RetryLaterError, WrongResponseFormatError } from './api-errors'
import {
  PullResultSchema,
  SearchResponseSchema,
  type CartItemUpdate,
  type OrderAnswer,
  type RequestSpec,
  type SearchPage,
  type SearchParams,
  type TaskContext,
  type TaskRequest,
  type TokenPair,
} from './api-types'
import { withTimeout } from './time-out'

export type { Answer } from './api-answer'
export type { CartItemUpdate, OrderAnswer, SearchPage, SearchParams, TaskContext, TaskRequest, TokenPair } from './api-types'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface ApiClientOptions {
  /** origin (+ prefix) of the API, e.g. http://localhost:3000; '' means same origin */
  baseUrl: string
  storeCode: StoreCode
  fetch: FetchLike
  /** the customer token, when logged in; guests send none */
  getToken?: () => string | null
  /** the clock a Retry-After date is read against (default Date.now) */
  now?: () => number
  /**
   * A call that carried `staleToken` was answered 401: the token is renewed (the session's token
   * lock: one refresh for every caller) and the fresh one returned; null when it cannot be (the
   * customer is logged out by then). The call is then sent once more with the fresh token.
   */
  renewToken?: (staleToken: string) => Promise<string | null>
}

/** The `token` query parameter of a URL this client built, if any. */
function tokenOf(url: string): string | null {
  const query = url.split('?')[1]
  return query ? new URLSearchParams(query).get('token') : null
}

function withToken(url: string, token: string): string {
  const [path, query = ''] = url.split('?')
  const params = new URLSearchParams(query)
  params.set('token', token)
  return `${path}?${params.toString()}`
}

export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  get storeCode(): StoreCode {
    return this.options.storeCode
  }

  /** Absolute URL of an API path, with the store code and (when logged in) the token. */
  private url(path: string, query: Record<string, string | number | undefined> = {}, withToken = true): string {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
    const token = withToken ? this.options.getToken?.() : null
    if (token) params.set('token', token)
    const qs = params.toString()
    return `${this.base()}${path}${qs ? `?${qs}` : ''}`
  }

  private base(): string {
    return this.options.baseUrl.replace(/\/$/, '')
  }

  /**
   * The one request of the client: fetch (a rejection is a NetworkError), the answer read as its
   * kind (replication/api-answer), the result checked against its schema, all within `timeoutMs`.
   */
  private request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<Answer<z.infer<S>>> {
    if (spec.timeoutMs === undefined) return this.exchange(spec)
    const controller = new AbortController()
    return withTimeout(this.exchange(spec, controller.signal), spec.timeoutMs, () => controller.abort())
  }

  private async exchange<S extends z.ZodType>(spec: RequestSpec<S>, signal?: AbortSignal): Promise<Answer<z.infer<S>>> {
    const { url, body } = spec
    let response: Response
    try {
      response = await this.options.fetch(url, {
        ...spec.init,
        method: spec.method,
        headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}), ...spec.headers },
        ...(body !== undefined ? { body } : {}),
        ...(signal ? { signal } : {}),
      })
    } catch (cause) {
      throw new NetworkError(url, { cause })
    }
    if (spec.task && RETRY_LATER_STATUSES.has(response.status)) {
      throw new RetryLaterError(url, response.status, parseRetryAfter(response.headers.get('retry-after'), (this.options.now ?? Date.now)()))
    }
    const answer = await readAnswer(response, url, spec.answer, spec.task)
    const parsed = spec.schema.safeParse(answer.result)
    if (!parsed.success) throw new WrongResponseFormatError(url, parsed.error.message)
    return { ...answer, result: parsed.data }
  }

  /**
   * An enveloped call's validated `result`. A call that carried the customer's token and was
   * answered 401 (an expired access token, spec §4 "Token handling on a 401") is sent once more
   * with the renewed token; a 401 after that, or without a renewal, is the caller's ApiError.
   */
  private async call<S extends z.ZodType>(
    url: string,
    init: { method: string; body?: string; mode?: RequestMode },
    schema: S,
    timeoutMs?: number,
  ): Promise<z.infer<S>> {
    const { method, body, ...rest } = init
    const send = (to: string) => this.request({ url: to, method, body, init: rest, answer: 'envelope', schema, timeoutMs })
    try {
      return (await send(url)).result
    } catch (error) {
      const stale = tokenOf(url)
      if (!(error instanceof ApiError) || error.code !== 401 || !stale || !this.options.renewToken) throw error
      const fresh = await this.options.renewToken(stale)
      if (!fresh || fresh === stale) throw error
      return (await send(withToken(url, fresh))).result
    }
  }

  // --- reachability -----------------------------------------------------------------------

  /** GET /api (the version; never cached): true for any HTTP answer, false when the network fails. */
  async ping(): Promise<boolean> {
    try {
      await this.request({ url: this.url('/api', {}, false), method: 'GET', init: { cache: 'no-store' }, answer: 'none', schema: z.unknown() })
      return true
    } catch {
      return false
    }
  }

  // --- sync tasks (spec §3, §4 "Sync task") -----------------------------------------------

  /**
   * Sends a stored task with its placeholders filled in ({{token}} in the URL and headers,
   * {{cartId}} in the URL) and returns its envelope whatever the `code`. May fail:
   * CartIdMissingError (nothing sent), NetworkError, RetryLaterError, BadContentTypeError,
   * WrongResponseFormatError.
   */
  async sendTask(task: TaskRequest, context: TaskContext): Promise<Answer> {
    let url = task.url
    if (url.includes('{{cartId}}')) {
      const cartId = context.cartId()
      if (!cartId) throw new CartIdMissingError(task.url)
      url = url.replaceAll('{{cartId}}', encodeURIComponent(cartId))
    }
    url = url.replaceAll('{{token}}', context.token ? encodeURIComponent(context.token) : '')
    if (!/^https?:/.test(url)) url = `${this.base()}${url}`
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(task.payload.headers)) headers[k] = v.replaceAll('{{token}}', context.token ?? '')
    return this.request({ url, method: task.payload.method, headers, body: task.payload.body, answer: 'envelope', schema: z.unknown(), task: true })
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

  /** Shipping methods for an address in `country` (only the country matters to this shop). */
  shippingMethods(cartId: string, country: string): Promise<ShippingMethod[]> {
    const body = JSON.stringify({ address: { country_id: country } })
    return this.call(this.url('/api/cart/shipping-methods', { cartId, storeCode: this.storeCode }), { method: 'POST', body }, CartShippingMethodsResultSchema)
  }

  /** Stores the country and method on the server cart; answers its payment methods and totals with that method. */
  shippingInformation(
    cartId: string,
    choice: { country: string; carrierCode: string; methodCode: string },
  ): Promise<{ payment_methods: PaymentMethod[]; totals: Totals }> {
    const body = JSON.stringify({
      addressInformation: {
        shippingAddress: { countryId: choice.country },
        shippingCarrierCode: choice.carrierCode,
        shippingMethodCode: choice.methodCode,
      },
    })
    return this.call(
      this.url('/api/cart/shipping-information', { cartId, storeCode: this.storeCode }),
      { method: 'POST', body },
      CartShippingInformationResultSchema,
    )
  }

  paymentMethods(cartId: string): Promise<PaymentMethod[]> {
    return this.call(this.url('/api/cart/payment-methods', { cartId, storeCode: this.storeCode }), { method: 'GET' }, CartPaymentMethodsResultSchema)
  }

  /** An unknown, switched-off or expired code is an ApiError 404. */
  applyCoupon(cartId: string, coupon: string): Promise<true> {
    const url = this.url('/api/cart/apply-coupon', { cartId, coupon, storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: '{}' }, CartApplyCouponResultSchema)
  }

  deleteCoupon(cartId: string): Promise<true> {
    const url = this.url('/api/cart/delete-coupon', { cartId, storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: '{}' }, CartDeleteCouponResultSchema)
  }

  // --- user (spec §7 "User", contract §2.1) -----------------------------------------------

  /** A new account (no token is sent: it is a guest's call). 400 refuses a field or a taken e-mail address. */
  createUser(body: UserCreateBody): Promise<Customer> {
    const url = this.url('/api/user/create', { storeCode: this.storeCode }, false)
    return this.call(url, { method: 'POST', body: JSON.stringify(body) }, CustomerSchema)
  }

  /** The access token and its refresh token; 401 a wrong e-mail or password, 429 past the login limit. */
  async login(username: string, password: string): Promise<TokenPair> {
    const url = this.url('/api/user/login', { storeCode: this.storeCode }, false)
    return this.tokenPair(url, JSON.stringify({ username, password }))
  }

  /** A new pair for the refresh token (rotated: the old one is spent); 401 when it is refused. */
  async refreshToken(refreshToken: string): Promise<TokenPair> {
    const url = this.url('/api/user/refresh', { storeCode: this.storeCode }, false)
    return this.tokenPair(url, JSON.stringify({ refreshToken }))
  }

  private async tokenPair(url: string, body: string): Promise<TokenPair> {
    const answer = await this.request({ url, method: 'POST', body, answer: 'envelope', schema: z.string().min(1) })
    const refresh = z.object({ refreshToken: z.string().min(1) }).safeParse(answer.meta)
    if (!refresh.success) throw new WrongResponseFormatError(url, 'no meta.refreshToken')
    return { accessToken: answer.result, refreshToken: refresh.data.refreshToken }
  }

  /** Revokes the login's tokens (the access token's and `refreshToken`); sent as it stands, never renewed. */
  async logout(accessToken: string | null, refreshToken: string | null): Promise<void> {
    const url = `${this.base()}/api/user/logout?${new URLSearchParams({ storeCode: this.storeCode, ...(accessToken ? { token: accessToken } : {}) }).toString()}`
    await this.request({ url, method: 'POST', body: JSON.stringify(refreshToken ? { refreshToken } : {}), answer: 'envelope', schema: z.literal(true) })
  }

  /** The logged-in customer's profile (the token is renewed on a 401). */
  me(): Promise<Customer> {
    return this.call(this.url('/api/user/me', { storeCode: this.storeCode }), { method: 'GET' }, CustomerSchema)
  }

  /** Saves the profile; the answer is the customer as stored. */
  updateMe(customer: { email: string; firstname: string; lastname: string }): Promise<Customer> {
    const url = this.url('/api/user/me', { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify({ customer }) }, CustomerSchema)
  }

  /** Asks for the password-reset mail (contract §2.1); the answer never says whether the address has an account. */
  resetPassword(email: string): Promise<unknown> {
    const url = this.url('/api/user/reset-password', { storeCode: this.storeCode }, false)
    return this.call(url, { method: 'POST', body: JSON.stringify({ email }) }, z.unknown())
  }

  // --- gift card extension (spec §7 "Gift card") ---------------------------------------

  private giftCardUrl(action: 'check' | 'activate' | 'remove', code: string, cartId?: string): string {
    return this.url(`/api/ext/giftcard/${action}/${encodeURIComponent(code)}`, { cartId, storeCode: this.storeCode }, false)
  }

  /** A card's balance and state; an unknown code is an ApiError 404 with `{ errorMessage, reason }`. */
  checkGiftCard(code: string): Promise<GiftCardCheckResult> {
    return this.call(this.giftCardUrl('check', code), { method: 'GET' }, GiftCardCheckResultSchema)
  }

  /** Applies a card to the cart; unknown (404) or unable to pay (400: used, expired, disabled) is an ApiError with `{ errorMessage, reason }`. */
  applyGiftCard(cartId: string, code: string): Promise<GiftCardCheckResult> {
    return this.call(this.giftCardUrl('activate', code, cartId), { method: 'POST', body: '{}' }, GiftCardCheckResultSchema)
  }

  /** Takes a card off the cart (true also when the cart did not hold it). */
  removeGiftCard(cartId: string, code: string): Promise<true> {
    return this.call(this.giftCardUrl('remove', code, cartId), { method: 'POST', body: '{}' }, GiftCardRemoveResultSchema)
  }

  // --- order (contract §2.3) ------------------------------------------------------------

  /**
   * POST /api/order. Placed (200, also the answer to a retry of the same order_id) or refused (409
   * with its reason). May fail: NetworkError (no answer: the order may or may not be stored, so it
   * is resent with the same order_id), RetryLaterError, ApiError (400 bad body, 404 unknown cart),
   * BadContentTypeError, WrongResponseFormatError.
   */
  async placeOrder(body: OrderBody): Promise<OrderAnswer> {
    const url = this.url('/api/order', { storeCode: this.storeCode }, false)
    const answer = await this.request({ url, method: 'POST', body: JSON.stringify(body), answer: 'envelope', schema: z.unknown(), task: true })
    const parsed = answer.code === 200 ? OrderResultSchema.safeParse(answer.result) : answer.code === 409 ? OrderRefusalSchema.safeParse(answer.result) : null
    if (!parsed) throw new ApiError(answer.code, answer.result, url)
    if (!parsed.success) throw new WrongResponseFormatError(url, parsed.error.message)
    return answer.code === 200 ? { kind: 'placed', result: parsed.data as OrderResult } : { kind: 'refused', refusal: parsed.data as OrderRefusal }
  }

  // --- payment provider service (spec §7) ------------------------------------------------

  /** The payment request of a stored order (by its number): the provider's page. 409/502/404 are ApiErrors. */
  postPayment(orderNumber: string): Promise<PostPaymentAnswer> {
    const url = this.url('/api/ext/payment/post-payment', { storeCode: this.storeCode }, false)
    return this.call(url, { method: 'POST', body: JSON.stringify({ order_id: orderNumber }) }, PostPaymentAnswerSchema)
  }

  /** The payment status of a stored order (by its number) as the provider says it now. 404 (no such order or payment) is an ApiError. */
  paymentStatus(orderNumber: string): Promise<PaymentStatusAnswer> {
    const url = this.url('/api/ext/payment/get-payment-status', { storeCode: this.storeCode }, false)
    return this.call(url, { method: 'POST', body: JSON.stringify({ order_id: orderNumber }) }, PaymentStatusAnswerSchema)
  }

  // --- VAT check (spec §7) --------------------------------------------------------------

  vatCheck(countryCode: string, vatNumber: string, options: { timeoutMs?: number } = {}): Promise<VatCheckResult> {
    const url = this.url('/api/ext/vat-check/check', { countryCode, vatNumber, storeCode: this.storeCode }, false)
    return this.call(url, { method: 'GET' }, VatCheckResultSchema, options.timeoutMs)
  }

  // --- stock (contract §2.4) ------------------------------------------------------------

  checkStock(sku: string, options: { timeoutMs?: number } = {}): Promise<StockItem> {
    return this.call(this.url('/api/stock/check', { sku, storeCode: this.storeCode }, false), { method: 'GET' }, StockItemSchema, options.timeoutMs)
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
    const body = JSON.stringify(query)
    const { result } = await this.request({ url, method: 'POST', body, answer: 'either', schema: SearchResponseSchema, timeoutMs: params.timeoutMs })
    if ('total' in result) return { total: result.total, documents: result.hits }
    const total = typeof result.hits.total === 'number' ? result.hits.total : result.hits.total.value
    return { total, documents: result.hits.hits.map((hit) => hit._source) }
  }

  /**
   * The catalogue's documents of `skus` in `index` (whatever their visibility), as the wire sends
   * them; one sku is asked with `eq`, as a product page always has.
   */
  async productsBySku(
    index: string,
    skus: readonly string[],
    params: Pick<SearchParams, 'includeFields' | 'timeoutMs'> = {},
  ): Promise<Record<string, unknown>[]> {
    const value = skus.length === 1 ? { eq: skus[0]! } : { in: [...skus] }
    const query: SearchQuery = { _appliedFilters: [{ attribute: 'sku', value, scope: 'default' }], _availableFilters: [], _appliedSort: [] }
    return (await this.search(index, 'product', query, { ...params, size: skus.length })).documents
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
    const body = JSON.stringify({ url: url.replace(/^\/+/, '') })
    return (await this.request({ url: endpoint, method: 'POST', body, answer: 'bare', schema: UrlMapResponseSchema })).result
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
