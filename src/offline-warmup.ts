/**
 * Offline before the service worker: a first visit runs only what its page needs, and the
 * other shopping pages' chunks and the panels opened by a click are fetched once the page is on screen,
 * loaded and the browser is idle, so a shopper who loses the network right after the first page can
 * still open them (the service worker's precache takes over from the next load on). The
 * 'polder:offline-warmup' mark tells where the first load ends (tests/e2e/first-load-budget.spec.ts).
 */
import { afterFirstLoad } from './after-first-load'

export const WARMUP_MARK = 'polder:offline-warmup'

let endFirstLoad: () => void = () => undefined

/**
 * Settles when the first load is over: the page is on screen, loaded, the data worker started and
 * the browser idle (the warm-up's start, its mark). What a page can do without at first (the product
 * grid's virtualiser, src/routes/catalog/grid-window.ts) is fetched then.
 */
export const firstLoadEnded = new Promise<void>((resolve) => {
  endFirstLoad = resolve
})

/** below this much of an idle period left, the next chunk waits for the next idle period */
const MIN_IDLE_MS = 8

/**
 * `after`: what the first page still needs from the network besides the document (the data
 * worker's start: its script, then its first requests). Throttled to a phone's bandwidth, chunks
 * fetched while the worker's script loads slow it down and the page (its LCP) with it.
 */
export function warmUpAfterFirstPage(loaders: readonly (() => Promise<unknown> | undefined)[], after: Promise<unknown> = Promise.resolve()): void {
  const queue = [...loaders]
  let marked = false
  // one chunk at a time, as long as the idle period lasts: starting every chunk's import at once
  // (each adds its modulepreload and stylesheet links) makes one long task after the first page
  const run = (deadline?: IdleDeadline) => {
    if (!marked) {
      performance.mark(WARMUP_MARK)
      marked = true
      endFirstLoad()
    }
    do {
      const load = queue.shift()
      load?.()?.catch((error: unknown) => console.warn('[app] offline warm-up: a chunk did not load', error))
    } while (queue.length > 0 && deadline !== undefined && deadline.timeRemaining() > MIN_IDLE_MS)
    if (queue.length > 0) whenIdle()
  }
  // Safari has no requestIdleCallback
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200))
  afterFirstLoad(after, whenIdle)
}
