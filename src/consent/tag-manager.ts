/**
 * Google Tag Manager under Consent Mode v2. Nothing happens without a container id (the server's
 * GTM_ID): no dataLayer, no script. With one, the consent defaults (all denied) are the dataLayer's
 * first entry; the container's script is added only once the shopper consents to analytics, after
 * a consent update that grants what they chose. A later withdrawal is pushed as an update too: the
 * loaded container then keeps its tags from storing anything.
 */
import type { EcommerceEvent } from '../../domain/analytics'
import type { ConsentRecord } from './consent-record'

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com'

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

type ConsentState = 'granted' | 'denied'

/**
 * gtag's own form: the tag manager reads consent commands only from an `arguments` object pushed to
 * the dataLayer, never from an array or a plain object.
 */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- see above: the Arguments object itself must be pushed
  window.dataLayer!.push(arguments)
}

const state = (granted: boolean): ConsentState => (granted ? 'granted' : 'denied')

let started: { containerId: string; loaded: boolean; failed?: boolean; applied?: ConsentRecord } | undefined

/** The defaults, once per page, before anything else goes to the dataLayer. */
export function startTagManager(containerId: string): void {
  if (started) return
  started = { containerId, loaded: false }
  window.dataLayer = window.dataLayer ?? []
  gtag('consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' })
}

/** The shopper's answer: pushed as a consent update, and the container loaded at the first consent to analytics. */
export function applyConsent(record: ConsentRecord): void {
  // the same answer heard again (the banner's chunk mounted by another layout) is not pushed twice
  if (!started || started.applied === record) return
  started.applied = record
  gtag('consent', 'update', {
    ad_storage: state(record.marketing),
    ad_user_data: state(record.marketing),
    ad_personalization: state(record.marketing),
    analytics_storage: state(record.analytics),
  })
  if (record.analytics && !started.loaded) {
    window.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
    loadContainer()
  }
}

function loadContainer(): void {
  const loading = started!
  loading.loaded = true
  const script = document.createElement('script')
  script.async = true
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(loading.containerId)}`
  // offline (a page opened from the cache): asked for again once the connection is back
  script.onerror = () => {
    script.remove()
    loading.failed = true
  }
  document.head.append(script)
}

/** Back online: a container that failed to load is asked for again (it reads the dataLayer from its start when it comes). */
export function retryTagManager(): void {
  if (!started?.failed) return
  started.failed = false
  loadContainer()
}

/**
 * One e-commerce event (domain/analytics) to the dataLayer, after clearing the previous event's
 * ecommerce object, as GA4 asks: the dataLayer merges pushes, so an item list would carry over.
 */
export function pushEcommerceEvent(event: EcommerceEvent): void {
  if (!started) return
  window.dataLayer!.push({ ecommerce: null })
  window.dataLayer!.push(event)
}
