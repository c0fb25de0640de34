/**
 * What the shop runs for cookies and tags on every page, a chunk loaded once the first load has
 * ended with the footer (src/components/footer-blocks.tsx), or on the checkout's pages on its own
 * (src/consent/lazy-consent.tsx): the consent banner, and the tag manager when
 * the shop has a container (its id comes with the shop's details through the data worker, kept for
 * offline). The tag manager hears every answer, the first and later ones; the data worker hears
 * whether to record the shop's analytics events (only with a container and consent to analytics),
 * and the events it recorded go to the dataLayer here, once online.
 */
import { useEffect } from 'react'
import { useShopDetails, useSyncStatus } from '../data/hooks'
import { setAnalyticsConsent, takeAnalyticsEvents, useAnalyticsQueue } from '../data/use-analytics-queue'
import { ConsentBanner } from './consent-banner'
import { currentConsent, onConsentChange, useConsent } from './consent-store'
import { applyConsent, pushEcommerceEvent, retryTagManager, startTagManager } from './tag-manager'

/** `known`: the shop's details have answered (a container id or none). */
function useTagManager(containerId: string | undefined, known: boolean): void {
  useEffect(() => {
    if (!known) return
    if (!containerId) {
      setAnalyticsConsent(false)
      return
    }
    startTagManager(containerId)
    const record = currentConsent()
    setAnalyticsConsent(record?.analytics ?? false)
    if (record) applyConsent(record)
    return onConsentChange((changed) => {
      setAnalyticsConsent(changed?.analytics ?? false)
      if (changed) applyConsent(changed)
    })
  }, [containerId, known])
}

/**
 * The recorded events into the dataLayer, oldest first, while online: taken out of the worker's
 * queue as they go (each once, whichever tab takes it). Offline they wait in the worker, through
 * reloads; back online the container is asked for again if it failed to load, then they go.
 */
function useEventDelivery(active: boolean): void {
  const online = useSyncStatus()?.online ?? false
  const waiting = useAnalyticsQueue(active)
  useEffect(() => {
    if (active && online) retryTagManager()
  }, [active, online])
  useEffect(() => {
    if (!active || !online || !waiting) return
    void takeAnalyticsEvents()
      .then((events) => events.forEach(pushEcommerceEvent))
      .catch((error: unknown) => console.error('[analytics] events could not be taken', error))
  }, [active, online, waiting])
}

export function ConsentRoot() {
  const details = useShopDetails()
  const consent = useConsent()
  const containerId = details?.tagManagerId
  useTagManager(containerId, details !== undefined)
  useEventDelivery(Boolean(containerId) && consent.record?.analytics === true)
  return <ConsentBanner />
}
