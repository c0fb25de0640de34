/**
 * Start-up: find the store view from host and path (unknown prefix → /en/), start the data worker
 * for it, load its dictionary, then create the router under the store's basepath and render.
 */
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import TypesafeI18n from '../locales/i18n-react'
import { loadLocaleAsync } from '../locales/i18n-util.async'
import { FALLBACK_PATH, readConfig } from './config'
import { startDataClient } from './data/data-client'
import { createAppRouter } from './router'
import { registerServiceWorker } from './sw-register'
import { PanelsProvider } from './ui/panels'
import { NotificationsProvider } from './ui/notifications'
import { StoreViewProvider } from './ui/store-view'
import './styles.css'

async function start(): Promise<void> {
  const config = readConfig(window.location)
  if (!config) {
    window.location.replace(FALLBACK_PATH)
    return
  }
  const { storeView, basePath } = config
  document.documentElement.lang = storeView.htmlLang

  startDataClient({ storeCode: storeView.storeCode, apiBaseUrl: config.apiBaseUrl, replicationMode: config.replicationMode }).catch((error: unknown) =>
    console.error('[data] worker init failed', error),
  )
  registerServiceWorker()

  await loadLocaleAsync(storeView.dictionary)
  const router = createAppRouter(basePath, { storeCode: storeView.storeCode })

  const root = document.getElementById('root')
  if (!root) throw new Error('#root missing in index.html')
  createRoot(root).render(
    <StrictMode>
      <StoreViewProvider storeView={storeView} basePath={basePath}>
        <TypesafeI18n locale={storeView.dictionary}>
          <NotificationsProvider>
            <PanelsProvider>
              <RouterProvider router={router} />
            </PanelsProvider>
          </NotificationsProvider>
        </TypesafeI18n>
      </StoreViewProvider>
    </StrictMode>,
  )
}

void start()
