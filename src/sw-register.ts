/**
 * Registers the service worker (app shell and offline caches) and reports its life cycle. Plain
 * browser API (workbox-window would add to every first load for nothing more): registered once the
 * page has loaded, so the precache does not compete with the first page's own requests (src/later-start.ts
 * calls it as the offline warm-up's first step, after the first load); a new
 * version takes over at once (the data lives in IndexedDB, not in the shell: nothing is lost).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  // in development vite-plugin-pwa serves the TypeScript worker as a module at /dev-sw.js
  const url = import.meta.env.PROD ? '/service-worker.js' : '/dev-sw.js?dev-sw'
  const container = navigator.serviceWorker
  const hadController = container.controller !== null
  const takeOver = (worker: ServiceWorker) => {
    console.info('[sw] update available: a new version of Polder is ready and takes over now')
    worker.postMessage({ type: 'SKIP_WAITING' })
  }
  const register = () =>
    container
      .register(url, { scope: '/', type: import.meta.env.PROD ? 'classic' : 'module' })
      .then((registration) => {
        if (registration.waiting && container.controller) takeOver(registration.waiting)
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && container.controller) takeOver(installing)
            if (installing.state === 'activated' && !hadController) console.info('[sw] app shell cached for offline use')
          })
        })
      })
      .catch((error: unknown) => console.error('[sw] registration failed', error))
  container.addEventListener('controllerchange', () => {
    if (hadController) console.info('[sw] updated app shell is now in control')
  })
  // the worker's own claim can miss a page that opened while it was activating (a browser race seen
  // on first visits): once a worker is active, an uncontrolled page asks it to claim it
  void container.ready.then((registration) => {
    if (!container.controller) registration.active?.postMessage({ type: 'CLAIM' })
  })
  // installing precaches the whole app: called after the first load (the offline warm-up's first
  // step), so it does not slow the first page's own downloads on a phone's bandwidth
  void register()
}
