/**
 * All configuration the UI reads, in one place: which store view the page belongs to (from host and
 * path), where the API lives and how this device replicates the catalogue.
 */
import type { ReplicationMode } from './data/worker-types'
import { resolveStoreView, type StoreView } from '../domain/store-views'

import { KIOSK_PASS_KEY, REPLICATION_MODE_KEY } from './kiosk/kiosk-keys'
/** Where an unknown store prefix goes (a full page load). */
export const FALLBACK_PATH = '/en/'

/**
 * Link building (spec §2, src/components/shop-links.tsx). With the URL-dispatcher option
 * (`VITE_URL_DISPATCHER=true` at build time) category and product links are the shop's url_paths,
 * resolved by the URL dispatcher (online, or from the locally stored mapping). Off by default:
 * Polder links to its own routes (/p/…, /c/…) so every link works offline, and the dispatcher still
 * answers shop paths typed or bookmarked. Category slugs are the slugified name plus the id (the
 * seed writes them), not the platform url keys.
 */
export const LINK_OPTIONS: { readonly useUrlDispatcher: boolean; readonly useUrlKeys: boolean } = {
  useUrlDispatcher: import.meta.env.VITE_URL_DISPATCHER === 'true',
  useUrlKeys: false,
}

/**
 * Spec §4 "Coming back online", configuration orders.offline_orders.automatic_transmission_enabled:
 * orders placed offline are sent by themselves unless the build says
 * `VITE_OFFLINE_ORDERS_AUTOMATIC_TRANSMISSION=false`; then the shopper confirms them first. A device
 * may say otherwise in localStorage (`confirm` or `automatic`), as it chooses its replication mode
 * (a kiosk whose staff checks each order before it goes out).
 */
export const ORDER_TRANSMISSION_KEY = 'polder-order-transmission'
const AUTOMATIC_ORDER_TRANSMISSION: boolean = import.meta.env.VITE_OFFLINE_ORDERS_AUTOMATIC_TRANSMISSION !== 'false'

/** A value the device keeps in localStorage; null when none, or when storage is blocked (private mode, policies: the defaults still work). */
function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function readAutomaticOrderTransmission(): boolean {
  const chosen = stored(ORDER_TRANSMISSION_KEY)
  return chosen === 'confirm' ? false : chosen === 'automatic' ? true : AUTOMATIC_ORDER_TRANSMISSION
}

export interface AppConfig {
  storeView: StoreView
  /** the router's basepath: '/nl', or '' on the French host */
  basePath: string
  apiBaseUrl: string
  replicationMode: ReplicationMode
  /** orders placed offline are sent by themselves (else the shopper confirms them first) */
  automaticOrderTransmission: boolean
  /** the shop's tablet: its pass from the setup screen (src/kiosk/kiosk-settings) */
  kioskPass: string | null
}

function readApiBaseUrl(origin: string): string {
  const configured: unknown = import.meta.env.VITE_API_BASE_URL
  const base = typeof configured === 'string' && configured.trim() ? configured.trim() : origin
  return base.replace(/\/+$/, '')
}

/** null when the path names no store view: the caller redirects to FALLBACK_PATH. */
export function readConfig(location: Pick<Location, 'host' | 'pathname' | 'origin'>): AppConfig | null {
  const resolved = resolveStoreView(location.host, location.pathname)
  if (!resolved) return null
  return {
    storeView: resolved.storeView,
    basePath: resolved.basePath,
    apiBaseUrl: readApiBaseUrl(location.origin),
    replicationMode: stored(REPLICATION_MODE_KEY) === 'kiosk' ? 'kiosk' : 'shopper',
    automaticOrderTransmission: readAutomaticOrderTransmission(),
    kioskPass: stored(KIOSK_PASS_KEY),
  }
}
