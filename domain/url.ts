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

/** Link options (spec §2; src/config.ts holds the shop's values). */
export interface LinkOptions {
  /** product and category links use their url_path (resolved by the URL dispatcher) */
  useUrlDispatcher: boolean
}

/** Product route names: the product type id plus "-product" (simple-product, configurable-product). */
export function productRouteName(typeId: string): string {
  return `${typeId}-product`
}

/** What a product link needs; `sku` is the shown (child) sku, `parentSku` the parent's when it differs. */
export interface ProductForLink {
  sku: string
  type_id: string
  slug: string
  url_path?: string | null
  parentSku?: string | null
  configurable_children?: readonly unknown[] | null
  configurable_options?: readonly unknown[] | null
}

function hasConfigurableChoice(product: ProductForLink): boolean {
  return Boolean(product.configurable_children?.length || product.configurable_options?.length)
}

/**
 * A product's link (spec §2): with the URL-dispatcher option and a url_path, that path (a
 * configurable with options or children passes its child sku as `?childSku=`); otherwise the
 * `{type_id}-product` route `/p/{parentSku}/{slug}[/{childSku}]`.
 */
export function formatProductLink(product: ProductForLink, options: LinkOptions): string {
  const parentSku = product.parentSku || product.sku
  if (options.useUrlDispatcher && product.url_path) {
    const path = normalizePath(product.url_path)
    return hasConfigurableChoice(product) && product.sku !== parentSku ? `${path}?childSku=${encodeURIComponent(product.sku)}` : path
  }
  return productLink({ parentSku, slug: product.slug, childSku: product.sku })
}

/** A category's link: its url_path with the URL-dispatcher option, else `/c/{slug}`; none → `/`. */
export function formatCategoryLink(category: { slug: string; url_path?: string | null } | null | undefined, options: LinkOptions): string {
  if (!category) return '/'
  if (options.useUrlDispatcher && category.url_path) return normalizePath(category.url_path)
  return categoryLink(category)
}

/**
 * The category route's filterAttribute param (spec §2): a dash-separated list of lower-cased option
 * labels, spaces turned into underscores ("Dark Blue", "Red" → "dark_blue-red").
 */
export function formatFilterAttribute(labels: readonly string[]): string {
  return labels
    .map((label) => label.trim().toLowerCase().replace(/\s+/g, '_'))
    .filter(Boolean)
    .join('-')
}

/** The option labels (lower-cased, underscores back to spaces) named by a filterAttribute param. */
export function parseFilterAttribute(value: string | null | undefined): string[] {
  if (!value) return []
  return value
    .split('-')
    .map((part) => part.trim().replace(/_/g, ' '))
    .filter(Boolean)
}

/** Does an option label match one named in a filterAttribute (case and space/underscore-insensitive)? */
export function matchesFilterAttribute(label: string, value: string | null | undefined): boolean {
  const wanted = formatFilterAttribute([label])
  return parseFilterAttribute(value).some((part) => formatFilterAttribute([part]) === wanted)
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
