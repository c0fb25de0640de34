/**
 * The analytics events the data worker recorded (workers/analytics), as the tag manager's side of
 * the page takes them (src/consent/consent-root.tsx): how many wait, taking them out, and the
 * shopper's answer the worker records by.
 */
import { getDataClient } from './data-client'
import { useSubscription } from './use-subscription'
import type { EcommerceEvent } from '../../domain/analytics'

/** How many events wait (undefined until the worker answers); no subscription while `watch` is false. */
export function useAnalyticsQueue(watch: boolean): number | undefined {
  return useSubscription<number>(watch ? 'analytics-queue' : null, (cb) => getDataClient().subscribeAnalyticsQueue(cb)).value
}

export function takeAnalyticsEvents(): Promise<EcommerceEvent[]> {
  return getDataClient().takeAnalyticsEvents()
}

export function setAnalyticsConsent(granted: boolean): void {
  getDataClient()
    .setAnalyticsConsent(granted)
    .catch((error: unknown) => console.error('[analytics] the consent was not told to the worker', error))
}
