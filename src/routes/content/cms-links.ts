/**
 * Where a link inside CMS HTML goes: a path of this store view's app, navigated by the router
 * without a page load, or anything else (another origin, another store view, a file or an API
 * address), which the browser follows. The shop's HTML writes its links site-relative with the
 * store prefix (`/en/i/terms-and-conditions`); the French host has no prefix, so the store view's
 * own prefix is taken off whatever the basepath, and the router adds its basepath back.
 */
import { isStoreCode } from '../../../domain/store-views'

const NOT_APP_PATH = /^\/(?:api|img|assets)\/|\.[a-z0-9]{2,5}$/i

/** The store-relative path (with its query and hash) `href` opens in the app; null when the browser should follow it. */
export function appPathOf(href: string, currentUrl: string, storeCode: string): string | null {
  let url: URL
  try {
    url = new URL(href, currentUrl)
  } catch {
    return null
  }
  if (url.origin !== new URL(currentUrl).origin) return null
  const first = url.pathname.split('/')[1] ?? ''
  let path = url.pathname
  if (first === storeCode) path = url.pathname.slice(storeCode.length + 1) || '/'
  // another store view: a full page load (spec §2: moving between store views)
  else if (isStoreCode(first)) return null
  if (NOT_APP_PATH.test(path)) return null
  return `${path}${url.search}${url.hash}`
}
