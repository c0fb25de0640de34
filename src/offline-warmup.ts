/**
 * Offline before the service worker (issue 12): a first visit runs only what its page needs, and the
 * other shopping pages' chunks and the panels opened by a click are fetched once the page is on screen,
 * loaded and the browser is idle, so a shopper who loses the network right after the first page can
 * still open them (the service worker's precache takes over from the next load on). The
 * 'polder:offline-warmup' mark tells where the first load ends (tests/e2e/first-load-budget.spec.ts).
 */
export const WARMUP_MARK = 'polder:offline-warmup'

export function warmUpAfterFirstPage(loaders: readonly (() => Promise<unknown> | undefined)[]): void {
  const run = () => {
    performance.mark(WARMUP_MARK)
    for (const load of loaders) load()?.catch((error: unknown) => console.warn('[app] offline warm-up: a chunk did not load', error))
  }
  // Safari has no requestIdleCallback
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200))
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
