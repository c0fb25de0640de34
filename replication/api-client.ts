/**
 * The one gateway from the browser to the headless API (STYLE.md: one fetch per outside system).
 * fetch is injected so the worker passes the real one and tests pass fakes. Every call, the sync
 * queue's tasks and the reachability probe included, goes through one `request` (replication/api-pipeline): one fetch,
 * the answer read as its kind (envelope, bare, either: replication/api-answer), the result checked
 * against its domain/api schema, and an optional time-out (replication/time-out). Nobody outside
 * replication/ builds an API URL. The calls are grouped: the pipeline (api-pipeline), the cart,
 * gift card, order, payment, VAT and stock calls (api-shop-calls), the social-login calls
 * (api-social-calls), and here the customer, catalogue, URL, price, recommendation and
 * replication calls.
 */
import { z } from 'zod'
import type { SearchQuery } from '../domain/api/catalog.schema'
import { RenderListResultSchema, type RenderListResult } from '../domain/api/catalog.schema'
import { CmsAnswerSchema, CmsBlogPostAnswerSchema, type CmsAnswer, type CmsBlogPostAnswer } from '../domain/api/cms.schema'
import { RecommendationResultTextSchema, type RecommendationResult } from '../domain/api/recommendations.schema'
import { REPLICATION_VERSION } from '../domain/api/replication.schema'
import type { Checkpoint, Projection, PullResult, ReplicatedCollection } from '../domain/api/replication.schema'
import { STOCK_SUBSCRIPTION_PATH, type StockSubscriptionRequest } from '../domain/api/stock-alert.schema'
import { NewsletterStatusSchema, NewsletterUnsubscribeResultSchema, type NewsletterStatus } from '../domain/api/newsletter.schema'
import { PrivacyExportSchema, type PrivacyExport } from '../domain/api/privacy.schema'
import {
  RETURN_CREATE_PATH,
  RETURNABLE_PATH,
  ReturnableResultSchema,
  ReturnResultSchema,
  type ReturnableRequest,
  type ReturnableResult,
  type ReturnRequest,
  type ReturnResult,
} from '../domain/api/return.schema'
import {
  CustomerSchema,
  OrderHistoryResultSchema,
  type AddressInputWire,
  type Customer,
  type MeUpdateBody,
  type OrderHistoryResult,
  type UserCreateBody,
} from '../domain/api/user.schema'
import { addressBookBody, IDEMPOTENCY_KEY_HEADER, type AddressBookCustomer } from '../domain/api/address-book'
import { UrlMapResponseSchema } from '../domain/api/url.schema'
import { REVIEW_CREATE_PATH, type ReviewInput } from '../domain/api/review.schema'
import { REVIEW_STATUS_CODES, ReviewSchema, type Review } from '../domain/review.schema'
import type { UrlMapAnswer } from '../domain/api/url.schema'
import { WrongResponseFormatError } from './api-errors'
import { PullResultSchema, SearchResponseSchema, type SearchPage, type SearchParams, type TaskRequest, type TokenPair } from './api-types'
import { SocialCalls } from './api-social-calls'

export type { Answer } from './api-answer'
export type { CartItemUpdate, OrderAnswer, SearchPage, SearchParams, TaskContext, TaskRequest, TokenPair } from './api-types'
export type { ApiClientOptions, FetchLike } from './api-pipeline'

export class ApiClient extends SocialCalls {
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

  /** Revokes the login's tokens (the access token's and `refreshToken`); sent as it stands, never renewed. */
  async logout(accessToken: string | null, refreshToken: string | null): Promise<void> {
    const url = `${this.base()}/api/user/logout?${new URLSearchParams({ storeCode: this.storeCode, ...(accessToken ? { token: accessToken } : {}) }).toString()}`
    await this.request({ url, method: 'POST', body: JSON.stringify(refreshToken ? { refreshToken } : {}), answer: 'envelope', schema: z.literal(true) })
  }

  /** The logged-in customer's profile (the token is renewed on a 401). */
  me(): Promise<Customer> {
    return this.call(this.url('/api/user/me', { storeCode: this.storeCode }), { method: 'GET' }, CustomerSchema)
  }

  /**
   * Saves the profile; the answer is the customer as stored. A new e-mail address needs
   * `currentPassword` (400 without it or with a wrong one); it is sent only when given.
   */
  updateMe(customer: { email: string; firstname: string; lastname: string }, currentPassword?: string): Promise<Customer> {
    const url = this.url('/api/user/me', { storeCode: this.storeCode })
    const body: MeUpdateBody = currentPassword === undefined ? { customer } : { customer, currentPassword }
    return this.call(url, { method: 'POST', body: JSON.stringify(body) }, CustomerSchema)
  }

  /** Asks for the password-reset mail (contract §2.1); the answer never says whether the address has an account. */
  resetPassword(email: string): Promise<unknown> {
    const url = this.url('/api/user/reset-password', { storeCode: this.storeCode }, false)
    return this.call(url, { method: 'POST', body: JSON.stringify({ email }) }, z.unknown())
  }

  /** Sets the password with the reset mail's token (no access token); 400 `{errorMessage}` for a spent, expired or wrong token. */
  createPassword(email: string, resetToken: string, newPassword: string): Promise<unknown> {
    const url = this.url('/api/user/create-password', { storeCode: this.storeCode }, false)
    return this.call(url, { method: 'POST', body: JSON.stringify({ email, resetToken, newPassword }) }, z.unknown())
  }

  /** The logged-in customer's new password; 400 `{errorMessage}` when the current one is wrong. */
  changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
    const url = this.url('/api/user/change-password', { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify({ currentPassword, newPassword }) }, z.unknown())
  }

  /** One page of the customer's placed orders, newest first (spec §7; defaults 20 and 1). */
  orderHistory(pageSize = 20, currentPage = 1): Promise<OrderHistoryResult> {
    const url = this.url('/api/user/order-history', { storeCode: this.storeCode, pageSize, currentPage })
    return this.call(url, { method: 'GET' }, OrderHistoryResultSchema)
  }

  /**
   * Creates (no id) or updates one address of the customer's book; the answer is the customer with
   * every address. `requestKey` names this save (the Idempotency-Key header): sent again, it adds nothing.
   */
  saveAddress(customer: AddressBookCustomer, address: AddressInputWire, requestKey?: string): Promise<Customer> {
    const url = this.url(`/api/ext/address-book/customer/${customer.id}`, { storeCode: this.storeCode })
    const headers = requestKey ? { [IDEMPOTENCY_KEY_HEADER]: requestKey } : undefined
    return this.call(url, { method: 'PUT', body: JSON.stringify(addressBookBody(customer, address)), headers }, CustomerSchema)
  }

  /** Removes one address of the customer's book. */
  deleteAddress(addressId: number): Promise<unknown> {
    const url = this.url(`/api/ext/address-book/address/${addressId}`, { storeCode: this.storeCode })
    return this.call(url, { method: 'DELETE', body: JSON.stringify({ addressId }) }, z.unknown())
  }

  // --- queued writes: the same calls as sync tasks, their token filled in when the outbox sends them ---

  /**
   * A back-in-stock subscription (domain/api/stock-alert.schema), always queued: sent once, online or
   * later. A customer's carries their token (the subscription is then theirs); a guest's none.
   */
  stockSubscriptionTask(request: StockSubscriptionRequest, asCustomer: boolean): TaskRequest {
    const query = asCustomer ? `storeCode=${this.storeCode}&token={{token}}` : `storeCode=${this.storeCode}`
    return { url: `${STOCK_SUBSCRIPTION_PATH}?${query}`, payload: { method: 'POST', headers: {}, body: JSON.stringify(request) } }
  }

  /** The profile edit (POST /api/user/me), queued while offline. */
  profileTask(customer: { email: string; firstname: string; lastname: string }): TaskRequest {
    return {
      url: `/api/user/me?token={{token}}&storeCode=${this.storeCode}`,
      payload: { method: 'POST', headers: {}, body: JSON.stringify({ customer }) },
    }
  }

  /** An address saved while offline; `requestKey` names the save, so a resend after a lost answer adds nothing. */
  saveAddressTask(customer: AddressBookCustomer, address: AddressInputWire, requestKey: string): TaskRequest {
    return {
      url: `/api/ext/address-book/customer/${customer.id}?token={{token}}&storeCode=${this.storeCode}`,
      payload: { method: 'PUT', headers: { [IDEMPOTENCY_KEY_HEADER]: requestKey }, body: JSON.stringify(addressBookBody(customer, address)) },
    }
  }

  /** An address removed while offline. */
  deleteAddressTask(addressId: number): TaskRequest {
    return {
      url: `/api/ext/address-book/address/${addressId}?token={{token}}&storeCode=${this.storeCode}`,
      payload: { method: 'DELETE', headers: {}, body: JSON.stringify({ addressId }) },
    }
  }

  // --- newsletter and data protection extensions (spec §7; domain/api/newsletter and privacy schemas) ---

  /** The address's newsletter state. */
  newsletterStatus(email: string): Promise<NewsletterStatus> {
    const url = this.url('/api/ext/newsletter/subscribe', { email, storeCode: this.storeCode }, false)
    return this.call(url, { method: 'GET' }, NewsletterStatusSchema)
  }

  /** Double opt-in: 'pending' (the confirmation mail went out, in the store view's language) or 'subscribed'; the token ties it to the customer. */
  newsletterSubscribe(email: string): Promise<NewsletterStatus> {
    const url = this.url('/api/ext/newsletter/subscribe', { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify({ email }) }, NewsletterStatusSchema)
  }

  /**
   * The signed-in customer's own address: the token shows the server it is theirs (an address alone
   * unsubscribes nothing: the server then mails the address its unsubscribe link, and it stays
   * subscribed until the link is used, which is the state answered here).
   */
  async newsletterUnsubscribe(email: string): Promise<NewsletterStatus> {
    const url = this.url('/api/ext/newsletter/subscribe', { storeCode: this.storeCode })
    const result = await this.call(url, { method: 'DELETE', body: JSON.stringify({ email }) }, NewsletterUnsubscribeResultSchema)
    return result === 'unsubscribe-mail-sent' ? 'subscribed' : result
  }

  /** What of a delivered order may still be returned (domain/api/return.schema); a guest's order with its key. */
  returnable(request: ReturnableRequest): Promise<ReturnableResult> {
    const url = this.url(RETURNABLE_PATH, { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify(request) }, ReturnableResultSchema)
  }

  /** A return of some of the order's lines: its number (the shopper gets a mail with it). */
  createReturn(request: ReturnRequest): Promise<ReturnResult> {
    const url = this.url(RETURN_CREATE_PATH, { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify(request) }, ReturnResultSchema)
  }

  /** The customer's data export; 400 `{errorMessage}` for a wrong password. */
  privacyDownload(password: string): Promise<PrivacyExport> {
    const url = this.url('/api/ext/data-protection/download', { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify({ password }) }, PrivacyExportSchema)
  }

  /** anonymise or delete the customer's account (the password again); the session ends on the server. */
  privacyErase(action: 'anonymise' | 'delete', password: string): Promise<true> {
    const url = this.url(`/api/ext/data-protection/${action}`, { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify({ password }) }, z.literal(true))
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

  /**
   * The approved reviews of a product in `index`, newest first, as many as `size` (the catalogue
   * answers approved ones only, whatever the filter says), and how many there are.
   */
  async productReviews(
    index: string,
    productId: number,
    size: number,
    params: Pick<SearchParams, 'timeoutMs'> = {},
  ): Promise<{ total: number; reviews: Review[] }> {
    const query: SearchQuery = {
      _appliedFilters: [
        { attribute: 'product_id', value: { eq: productId }, scope: 'default' },
        { attribute: 'review_status', value: { eq: REVIEW_STATUS_CODES.approved }, scope: 'default' },
      ],
      _availableFilters: [],
      _appliedSort: [],
    }
    const page = await this.search(index, 'review', query, { ...params, size })
    const reviews = z.array(ReviewSchema).safeParse(page.documents)
    if (!reviews.success) throw new WrongResponseFormatError(`/api/catalog/${index}/review/_search`, reviews.error.message)
    return { total: page.total, reviews: reviews.data }
  }

  /**
   * A review as a sync task (spec §7 "POST /api/review/create"): sent with the customer's token when
   * `asCustomer` (the server takes the author from it), else a guest's, who confirms it by mail.
   */
  reviewTask(review: ReviewInput, asCustomer: boolean): TaskRequest {
    const token = asCustomer ? 'token={{token}}&' : ''
    return {
      url: `${REVIEW_CREATE_PATH}?${token}storeCode=${this.storeCode}`,
      payload: { method: 'POST', headers: {}, body: JSON.stringify({ review }) },
    }
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

  // --- CMS (spec §7 "CMS": the extension, under VSF1's name) --------------------------------

  /** An active CMS page by identifier in the store view with `storeId`; 404 (ApiError) when there is none. */
  cmsPageByIdentifier(identifier: string, storeId: number): Promise<CmsAnswer> {
    const url = this.url(`/api/ext/cms-data/cmsPageIdentifier/${encodeURIComponent(identifier)}/storeId/${storeId}`, {}, false)
    return this.call(url, { method: 'GET' }, CmsAnswerSchema)
  }

  /** A published blog post, whole, by url_key in the store view with `storeId`; 404 (ApiError) when there is none. */
  cmsBlogPostByUrlKey(urlKey: string, storeId: number): Promise<CmsBlogPostAnswer> {
    const url = this.url(`/api/ext/cms-data/cmsBlogIdentifier/${encodeURIComponent(urlKey)}/storeId/${storeId}`, {}, false)
    return this.call(url, { method: 'GET' }, CmsBlogPostAnswerSchema)
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
