/**
 * The app's page addresses (src/router.tsx), as the server needs them to answer a page load with
 * the right status (an unknown URL is a 404, never a soft one): a store-relative path is a page the
 * app always has, a product or category the catalogue must have, or a path only the URL dispatcher
 * can resolve. tests/unit/app-routes.test.ts keeps this table and the router's paths together.
 */

/** Paths the app answers whatever the catalogue holds (lists, account, checkout, status pages). */
export const FIXED_APP_PATHS: readonly string[] = [
  'compare',
  'wishlist',
  'brands',
  'blog',
  'checkout',
  'checkout/cart',
  'success',
  'cancel',
  'error',
  'maintenance',
  'submit-return',
  'kiosk',
  'my-account',
  'my-account/recently-viewed',
  'my-account/shipping-details',
  'my-account/newsletter',
  'my-account/orders',
  'my-account/privacy',
  'my-account/social',
]

/** Parameterised pages whose content the client loads itself (search words, CMS and blog slugs, tokens). */
export const OPEN_APP_PATTERNS: readonly RegExp[] = [
  /^search\/[^/]+$/,
  // a CMS page's identifier may hold slashes (a child page under its parent: `service/returns`)
  /^i\/[^/]+(?:\/[^/]+)*$/,
  /^blog\/category\/[^/]+$/,
  /^blog\/[^/]+$/,
  /^my-account\/orders\/[^/]+$/,
  /^create-password\/token\/[^/]+\/email\/[^/]+$/,
  /^auth\/callback\/[^/]+$/,
]

export type AppPath =
  | { kind: 'home' }
  | { kind: 'fixed' }
  | { kind: 'product'; sku: string; slug: string; childSku?: string }
  | { kind: 'category'; slug: string; id?: number }
  /** anything else: a url_path or rewrite for the URL dispatcher, or nothing */
  | { kind: 'dispatcher' }

/** Classifies a decoded, store-relative request path without leading or trailing slashes. */
export function classifyAppPath(path: string): AppPath {
  if (path === '') return { kind: 'home' }
  if (FIXED_APP_PATHS.includes(path) || OPEN_APP_PATTERNS.some((p) => p.test(path))) return { kind: 'fixed' }
  const parts = path.split('/')
  if (parts[0] === 'p' && (parts.length === 3 || parts.length === 4) && parts.slice(1).every(Boolean)) {
    return { kind: 'product', sku: parts[1]!, slug: parts[2]!, ...(parts[3] ? { childSku: parts[3] } : {}) }
  }
  if (parts[0] === 'c' && parts.length === 2 && parts[1]) {
    const id = /-(\d+)$/.exec(parts[1])?.[1]
    return { kind: 'category', slug: parts[1], ...(id ? { id: Number(id) } : {}) }
  }
  return { kind: 'dispatcher' }
}

/**
 * The same page in another store view (the store switcher): a store-relative path and
 * query to keep, or '' for that store view's home. Products and categories keep their address (the
 * server answers the other language's slug with a 301 to its own), searches their words, lists and
 * account pages their path; CMS pages, blog posts and URL-dispatcher paths, whose slugs are per
 * language, lead home.
 */
export function pathInOtherStoreView(path: string, query = ''): string {
  const kind = classifyAppPath(path).kind
  if (kind === 'product' || kind === 'category') return `${path}${query}`
  if (kind === 'fixed' && !/^(i|blog|create-password|auth)\//.test(path)) return `${path}${/^search\//.test(path) ? query : ''}`
  return ''
}
