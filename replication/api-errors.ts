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

  private static describe(result: unknown): string {
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
  constructor(readonly url: string, readonly contentType: string | null) {
    super('Error with response - bad content-type!')
  }
}

/** JSON without the `{code, result}` envelope, an empty body, or a result that fails its schema. */
export class WrongResponseFormatError extends Error {
  override readonly name = 'WrongResponseFormatError'
  constructor(readonly url: string, readonly detail?: string) {
    super('Unhandled error, wrong response format!')
  }
}

/** fetch itself rejected: offline, DNS, connection refused, aborted. Worth retrying later. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  constructor(readonly url: string, options?: { cause?: unknown }) {
    super(`Network request to ${url} failed`, options)
  }
}

/** True for failures that say nothing about the request itself: try again when online. */
export function isTransientError(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof BadContentTypeError
}
