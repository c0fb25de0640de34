/**
 * The kiosk's one door from the shop's pages (the setup screen at /kiosk, through
 * src/routes/url-dispatcher-page.tsx; a kiosk tablet's start, src/app.tsx): a small chunk
 * that loads the setup screen or the tablet's runtime with their words, so the app names one file
 * for the kiosk, not every file the kiosk's pages need.
 */
import type { AnyRouter } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import type { StoreView } from '../../domain/store-views'
import { withLaterWords } from '../dictionary'

const SetupPage = lazy(() => withLaterWords(import('../routes/kiosk/kiosk-setup-page'), ['kiosk']).then((module) => ({ default: module.KioskSetupPage })))

export function KioskSetupRoute() {
  return (
    <Suspense fallback={null}>
      <SetupPage />
    </Suspense>
  )
}

export async function startKiosk(router: AnyRouter, storeView: StoreView): Promise<void> {
  const runtime = await withLaterWords(import('./kiosk-runtime'), ['kiosk'])
  runtime.startKiosk(router, storeView)
}
