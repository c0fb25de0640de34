/**
 * Link building and path normalisation (spec §2, "Route naming and link building"). Pure string
 * rules shared by the UI router and anything that renders links; no store prefix here: the router's
 * basepath adds it.
 */

/** Lower-case, accents dropped, anything but letters and digits collapsed to single dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A leading slash is added, the query string (and hash) and a trailing slash are removed. */
export function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? ''
  const withLeading = withoutQuery.startsWith('/') ? withoutQuery : `/${withoutQuery}`
  const collapsed = withLeading.replace(/\/{2,}/g, '/')
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') || '/' : collapsed
}

export interface ProductLinkTarget {
  parentSku: string
  slug: string
  /** a configurable's chosen child */
  childSku?: string | null
}

/** `/p/{parentSku}/{slug}`, or `/p/{parentSku}/{slug}/{childSku}` for a configurable's child. */
export function productLink({ parentSku, slug, childSku }: ProductLinkTarget): string {
  const base = `/p/${encodeURIComponent(parentSku)}/${encodeURIComponent(slug)}`
  return childSku && childSku !== parentSku ? `${base}/${encodeURIComponent(childSku)}` : base
}

/** `/c/{slug}`; with no category the link goes home. */
export function categoryLink(category: { slug: string } | null | undefined): string {
  return category ? `/c/${encodeURIComponent(category.slug)}` : '/'
}

/** The url key when configuration uses platform url keys, otherwise the slugified name plus the id. */
export function categorySlug(category: { id: number; name: string; url_key?: string }, useUrlKeys: boolean): string {
  if (useUrlKeys && category.url_key) return category.url_key
  return `${slugify(category.name)}-${category.id}`
}

/** A store-relative path under the store view's prefix ('' on the French host). */
export function withBasePath(basePath: string, path: string): string {
  const normalized = normalizePath(path)
  if (!basePath) return normalized
  return normalized === '/' ? `${basePath}/` : `${basePath}${normalized}`
}

/**
 * Query strings as shops write them: repeated keys for lists (?color=49&color=52&price=0-50), plain
 * values otherwise (the router's default would JSON-encode every value).
 */
export type SearchRecord = Record<string, unknown>

export function parseSearch(searchStr: string): SearchRecord {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)
  const result: Record<string, string | string[]> = {}
  for (const [key, value] of params) {
    const existing = result[key]
    if (existing === undefined) result[key] = value
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return result
}

export function stringifySearch(search: SearchRecord): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) params.append(key, String(item))
    } else if (typeof value === 'object') {
      params.append(key, JSON.stringify(value))
    } else {
      params.append(key, String(value as string | number | boolean))
    }
  }
  const str = params.toString()
  return str ? `?${str}` : ''
}
