/**
 * The client's one time-out (spec §9: search-like calls answer within 5000 ms or count as no
 * answer). Used by ApiClient's request for calls given a `timeoutMs`, and by callers that bound
 * work of their own (the recommendation visitor). The timer is always cleared, so a settled call
 * leaves nothing behind to keep a test or a worker alive.
 */

/** The work did not settle within its time-out. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError'
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`)
  }
}

/**
 * `work`, or a TimeoutError after `ms`; `onTimeout` runs when the time is up (ApiClient aborts the
 * fetch there, so a slow answer stops using the connection).
 */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new TimeoutError(ms))
      onTimeout?.()
    }, ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
