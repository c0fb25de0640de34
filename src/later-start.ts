/**
 * What starts once the first page is on screen (src/app.tsx, the offline warm-up's first step): the
 * service worker's registration, and on an in-store tablet (kiosk mode) the kiosk's status line and
 * shopper turns. Neither is part of any first load.
 */
import type { AnyRouter } from '@tanstack/react-router'
import type { AppConfig } from './config'
import { registerServiceWorker } from './sw-register'

export function startLater(router: AnyRouter, config: AppConfig): void {
  registerServiceWorker()
  if (config.replicationMode === 'kiosk') {
    void import('./kiosk/kiosk-entry')
      .then(({ startKiosk }) => startKiosk(router, config.storeView))
      .catch((error: unknown) => console.error('[kiosk] the kiosk could not start', error))
  }
}
