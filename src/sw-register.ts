/** Registers the service worker (app shell and offline caches) and reports its life cycle. */
import { Workbox } from 'workbox-window'

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  // in development vite-plugin-pwa serves the TypeScript worker as a module at /dev-sw.js
  const url = import.meta.env.PROD ? '/service-worker.js' : '/dev-sw.js?dev-sw'
  const wb = new Workbox(url, { scope: '/', type: import.meta.env.PROD ? 'classic' : 'module' })
  wb.addEventListener('waiting', () => {
    console.info('[sw] update available: a new version of Polder is ready and takes over now')
    // the data lives in IndexedDB, not in the shell: taking over at once loses nothing
    wb.messageSkipWaiting()
  })
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) console.info('[sw] updated app shell is now in control')
  })
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) console.info('[sw] app shell cached for offline use')
  })
  wb.register().catch((error: unknown) => console.error('[sw] registration failed', error))
}
