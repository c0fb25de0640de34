/**
 * The URL dispatcher's lookup (spec §2 "Navigation behaviour", §4 "Rewrites"; contract §4.4): a
 * store-relative path → the app route it shows. The `urls` collection answers first (a stored miss
 * is an answer); otherwise, online, /api/url/map does and its answer is stored; offline there is
 * nothing to ask, which the UI tells the shopper (spec: "not available in Offline mode").
 *
 * Never throws for a network or server failure: those are `offline-unavailable` (no connection),
 * `server-trouble` (a 5xx, a broken or late answer while online: the shopper gets a Retry,
 * not "page not found") or `none` (any other refusal: "a non-ok response gives null"), and none of
 * them is stored, so the next visit asks again.
 */
import type { RxCollection } from 'rxdb'
import type { UrlMapAnswer } from '../../domain/api/url.schema'
import { normalizePath, productLink, slugify } from '../../domain/url'
import type { StoreCode } from '../../domain/store-views'
import { ApiError, failureReason } from '../../replication/api-errors'
import type { UrlResolution } from '../contract/views'
import type { UrlDoc } from './url-schema'

export interface ResolveUrlDeps {
  urls: RxCollection<UrlDoc>
  storeCode: StoreCode
  isOnline: () => boolean
  mapUrl: (url: string) => Promise<UrlMapAnswer>
  now: () => number
}

/** The cache key: normalised, decoded, without this store view's prefix. */
export function urlCacheKey(path: string, storeCode: StoreCode): string {
  let normalized = normalizePath(path)
  try {
    normalized = decodeURI(normalized)
  } catch {
    // a stray % is part of the path
  }
  const prefix = `/${storeCode}`
  if (normalized === prefix) return '/'
  return normalized.startsWith(`${prefix}/`) ? normalized.slice(prefix.length) : normalized
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null)

/** The app route of a hit, or null when its _source lacks what the route needs. */
export function routeOfHit(hit: NonNullable<UrlMapAnswer>): string | null {
  const source = hit._source
  if (hit._type === 'product') {
    const sku = text(source.sku)
    const slug = text(source.slug) ?? text(source.url_key) ?? (text(source.name) ? slugify(String(source.name)) : null)
    if (!sku || !slug) return null
    const query = hit.redirect?.target.split('?')[1] ?? ''
    const childSku = new URLSearchParams(query).get('childSku')
    return productLink({ parentSku: sku, slug, childSku })
  }
  if (hit._type === 'category') {
    const slug = text(source.slug) ?? (text(source.name) && text(source.id) ? `${slugify(String(source.name))}-${String(source.id)}` : null)
    return slug ? `/c/${encodeURIComponent(slug)}` : null
  }
  const identifier = text(source.identifier) ?? text(source.url_key)
  // an identifier's slashes stay path separators (a child page: /i/customer-service/gift-wrapping)
  return identifier ? `/i/${identifier.split('/').map(encodeURIComponent).join('/')}` : null
}

/**
 * How long a stored miss holds (spec §4 "Rewrites": no redirect is cached as false): a shop can
 * add a rewrite later, so after a day an online visit asks again. Offline the stored miss still
 * answers. Hits and 301s do not expire (a 301 is permanent).
 */
export const URL_MISS_TTL_MS = 24 * 60 * 60 * 1000

function fromDoc(doc: UrlDoc): UrlResolution {
  if (doc.kind === 'none') return { kind: 'none' }
  return { kind: doc.kind, to: doc.to, redirect: doc.redirect === 301 ? 301 : null }
}

export async function resolveUrl(deps: ResolveUrlDeps, path: string): Promise<UrlResolution> {
  const key = urlCacheKey(path, deps.storeCode)
  if (key === '/') return { kind: 'none' }
  const stored = await deps.urls.findOne(key).exec()
  const doc = stored ? (stored.toJSON() as UrlDoc) : null
  const expiredMiss = doc !== null && doc.kind === 'none' && deps.now() - doc.resolved_at > URL_MISS_TTL_MS
  if (doc && (!expiredMiss || !deps.isOnline())) return fromDoc(doc)
  if (!deps.isOnline()) return { kind: 'offline-unavailable' }

  let hit: UrlMapAnswer
  try {
    hit = await deps.mapUrl(key)
  } catch (error) {
    if (failureReason(error, deps.isOnline()) === 'offline') return { kind: 'offline-unavailable' }
    if (error instanceof ApiError && error.code < 500) return { kind: 'none' }
    return { kind: 'server-trouble' }
  }
  const to = hit ? routeOfHit(hit) : null
  if (!hit || !to) {
    await deps.urls.upsert({ path: key, kind: 'none', to: '', redirect: 0, resolved_at: deps.now() })
    return { kind: 'none' }
  }
  const redirect = hit.redirect ? hit.redirect.code : null
  // a 302 is temporary: asked again next time
  if (redirect !== 302) {
    await deps.urls.upsert({ path: key, kind: hit._type, to, redirect: redirect ?? 0, resolved_at: deps.now() })
  }
  return { kind: hit._type, to, redirect }
}
