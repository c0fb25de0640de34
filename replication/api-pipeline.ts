/**
 * The pipeline of the one gateway (replication/api-client): one private `request` (one fetch, the
 * answer read as its kind, the result checked against its domain/api schema, an optional
 * time-out), the token renewal on a 401, reachability and the sync queue's tasks. The calls
 * themselves are grouped on top of it (api-shop-calls, api-client); nobody else builds an API URL.
 */
import { z } from 'zod'
import type { StoreCode } from '../domain/store-views'
import { readAnswer, type Answer } from './api-answer'
import { ApiError, CartIdMissingError, NetworkError, parseRetryAfter, RETRY_LATER_STATUSES, RetryLaterError, WrongResponseFormatError } from './api-errors'
import { type RequestSpec, type TaskContext, type TaskRequest, type TokenPair } from './api-types'
import { withTimeout } from './time-out'
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
  /** sent with every call: a shop tablet's pass (domain/api/kiosk.schema KIOSK_PASS_HEADER) */
  deviceHeaders?: Readonly<Record<string, string>>
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

export class ApiPipeline {
  constructor(protected readonly options: ApiClientOptions) {}

  get storeCode(): StoreCode {
    return this.options.storeCode
  }

  /** Absolute URL of an API path, with the store code and (when logged in) the token. */
  protected url(path: string, query: Record<string, string | number | undefined> = {}, withToken = true): string {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
    const token = withToken ? this.options.getToken?.() : null
    if (token) params.set('token', token)
    const qs = params.toString()
    return `${this.base()}${path}${qs ? `?${qs}` : ''}`
  }

  protected base(): string {
    return this.options.baseUrl.replace(/\/$/, '')
  }

  /**
   * The one request of the client: fetch (a rejection is a NetworkError), the answer read as its
   * kind (replication/api-answer), the result checked against its schema, all within `timeoutMs`.
   */
  protected request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<Answer<z.infer<S>>> {
    if (spec.timeoutMs === undefined) return this.exchange(spec)
    const controller = new AbortController()
    return withTimeout(this.exchange(spec, controller.signal), spec.timeoutMs, () => controller.abort())
  }

  protected async exchange<S extends z.ZodType>(spec: RequestSpec<S>, signal?: AbortSignal): Promise<Answer<z.infer<S>>> {
    const { url, body } = spec
    let response: Response
    try {
      response = await this.options.fetch(url, {
        ...spec.init,
        method: spec.method,
        headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}), ...this.options.deviceHeaders, ...spec.headers },
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
  protected async call<S extends z.ZodType>(
    url: string,
    init: { method: string; body?: string; mode?: RequestMode; headers?: Record<string, string> },
    schema: S,
    timeoutMs?: number,
  ): Promise<z.infer<S>> {
    const { method, body, headers, ...rest } = init
    const send = (to: string) => this.request({ url: to, method, body, headers, init: rest, answer: 'envelope', schema, timeoutMs })
    try {
      return (await send(url)).result
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 401) throw error
      const renewed = await this.renewedUrl(url)
      if (!renewed) throw error
      return (await send(renewed)).result
    }
  }

  /**
   * `url` with a renewed token, after it carried the customer's token and was answered 401 (spec §4
   * "Token handling on a 401"); null when it carried none or the token cannot be renewed.
   */
  protected async renewedUrl(url: string): Promise<string | null> {
    const stale = tokenOf(url)
    const fresh = stale ? await this.renewedToken(stale) : null
    return fresh ? withToken(url, fresh) : null
  }

  /** A fresh token for `stale`, after a call that carried it was answered 401; null when it cannot be renewed. */
  protected async renewedToken(stale: string): Promise<string | null> {
    if (!this.options.renewToken) return null
    const fresh = await this.options.renewToken(stale)
    return fresh && fresh !== stale ? fresh : null
  }

  /** A login's answer (the password login, the refresh, the social login): the access token as `result`, its refresh token in `meta`. */
  protected async tokenPair(url: string, body: string): Promise<TokenPair> {
    const answer = await this.request({ url, method: 'POST', body, answer: 'envelope', schema: z.string().min(1) })
    const refresh = z.object({ refreshToken: z.string().min(1) }).safeParse(answer.meta)
    if (!refresh.success) throw new WrongResponseFormatError(url, 'no meta.refreshToken')
    return { accessToken: answer.result, refreshToken: refresh.data.refreshToken }
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
}
