/**
 * What the shop runs for cookies and tags on every page, a chunk loaded once the first load has
 * ended with the footer (src/components/footer-blocks.tsx), or on the checkout's pages on its own
 * (src/consent/lazy-consent.tsx): the consent banner, and the tag manager when
 * the shop has a container (its id comes with the shop's details through the data worker, kept for
 * offline). The tag manager hears every answer, the first and later ones.
 */
import { useEffect } from 'react'
import { useShopDetails } from '../data/hooks'
import { ConsentBanner } from './consent-banner'
import { currentConsent, onConsentChange } from './consent-store'
import { applyConsent, startTagManager } from './tag-manager'

function useTagManager(containerId: string | undefined): void {
  useEffect(() => {
    if (!containerId) return
    startTagManager(containerId)
    const record = currentConsent()
    if (record) applyConsent(record)
    return onConsentChange((changed) => {
      if (changed) applyConsent(changed)
    })
  }, [containerId])
}

export function ConsentRoot() {
  useTagManager(useShopDetails()?.tagManagerId)
  return <ConsentBanner />
}
