/**
 * What can go wrong when the client talks to the headless API. Callers branch on the class, never
 * on message text (the messages are the spec's §8 texts, kept for logs and notifications).
 */

/** The server answered with the envelope and a non-200 `code` (404 unknown cart, 401 token, ...). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly code: number,
    readonly result: unknown,
    readonly url: string,
  ) {
    super(`API ${url} answered ${code}: ${ApiError.describe(result)}`)
  }

  /** the server's own words: the result string, or its errorMessage/message */
  static describe(result: unknown): string {
    if (typeof result === 'string') return result
    if (result && typeof result === 'object') {
      const record = result as Record<string, unknown>
      if (typeof record.errorMessage === 'string') return record.errorMessage
      if (typeof record.message === 'string') return record.message
    }
    return JSON.stringify(result) ?? String(result)
  }
}

/** The answer was not JSON (a proxy page, an HTML error, a captive portal). */
export class BadContentTypeError extends Error {
  override readonly name = 'BadContentTypeError'
  constructor(
    readonly url: string,
    readonly contentType: string | null,
    /** the HTTP status it came with, when known */
    readonly status?: number,
  ) {
    super('Error with response - bad content-type!')
  }
}

/**
 * The server has no such route: a 404 in our envelope, or the HTML page express answers for a path
 * nothing handles (a stock vue-storefront-api has no JSON not-found answer, so a missing extension
 * looks like that there). Only for asking whether an extension is installed: elsewhere an
 * enveloped 404 means an unknown cart or code.
 */
export function isRouteMissing(error: unknown): boolean {
  return (error instanceof ApiError && error.code === 404) || (error instanceof BadContentTypeError && error.status === 404)
}

/** JSON without the `{code, result}` envelope, an empty body, or a result that fails its schema. */
export class WrongResponseFormatError extends Error {
  override readonly name = 'WrongResponseFormatError'
  constructor(
    readonly url: string,
    readonly detail?: string,
  ) {
    super('Unhandled error, wrong response format!')
  }
}

/** fetch itself rejected: offline, DNS, connection refused, aborted. Worth retrying later. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor(
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(`Network request to ${url} failed`, options)
  }
}

/**
 * Statuses that say "not now" of a well-formed request (too many requests, a stalled upload, a
 * gateway or a busy server): the same request may succeed later, so a write is kept and sent again.
 */
export const RETRY_LATER_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504])

/** The server answered "not now" (RETRY_LATER_STATUSES); `retryAfterMs` from its Retry-After, if any. */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError'
  constructor(
    readonly url: string,
    readonly status: number,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`API ${url} answered ${status}: try again later`)
  }
}

/** Retry-After in ms: delta-seconds or an HTTP date; nothing for a missing or unreadable header. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (!header) return undefined
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** True for failures that say nothing against the request itself: try it again later. */
export function isTransientError(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    error instanceof BadContentTypeError ||
    error instanceof RetryLaterError ||
    (error instanceof ApiError && RETRY_LATER_STATUSES.has(error.code))
  )
}

/** How long to wait before trying again: the server's Retry-After, else 1 s doubling per attempt, at most 60 s. */
export function retryDelayMs(error: unknown, attempt: number): number {
  const asked = error instanceof RetryLaterError ? error.retryAfterMs : undefined
  const backoff = 1000 * 2 ** Math.max(0, Math.min(attempt, 6))
  return Math.min(60_000, Math.max(1000, asked ?? backoff))
}

/** Spec §8: a sync task needs the cart id and there is none; refused before anything is sent. */
export class CartIdMissingError extends Error {
  override readonly name = 'CartIdMissingError'
  constructor(readonly url: string) {
    super(`Error executing sync task ${url} the required cartId argument is null. Re-creating shopping cart synchro.`)
  }
}

/**
 * Why an answer came from the device instead of the server, in the three words the shopper is told:
 * `offline` when the worker knows it has no network (the browser says so, or the server
 * cannot be reached), `slow` when the server did not answer within the caller's time-out, and
 * `server-trouble` for everything else that fails while online (a 5xx, a proxy page, a broken answer).
 */
export type FailureReason = 'offline' | 'server-trouble' | 'slow'

/**
 * The reason of a failed request. `online` is the worker's view *after* the failure: a fetch that
 * rejects with a network error has marked the server unreachable by then (workers/connectivity),
 * so it reads as offline; a time-out is recognised by its name (replication/time-out's TimeoutError
 * or the platform's AbortSignal.timeout), so this module needs no import of it.
 */
export function failureReason(error: unknown, online: boolean): FailureReason {
  if (!online) return 'offline'
  if (error instanceof Error && error.name === 'TimeoutError') return 'slow'
  return 'server-trouble'
}
