/**
 * /api/url/map (contract §2.7): a shop URL to the product, category, CMS page, blog post or blog
 * category it shows, as a bare ES-like hit (or null). The url_rewrites table answers; only a store view with no rewrites at
 * all (a database imported before they existed, until its next import) has the legacy Magento paths
 * and the products' and categories' url_paths looked up directly, so its URLs keep resolving while
 * an unknown URL elsewhere costs two indexed lookups, not scans of the catalogue.
 */
import type { UrlMapEntityType, UrlMapHit, UrlMapRequest, UrlMapResponse } from '../../domain/api/url.schema'
import { DEFAULT_STORE_CODE, isStoreCode, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { hasCategoryPage, parseLegacyPath, toRequestPath, type UrlRewriteEntityType } from '../../domain/url-rewrite.schema'
import type { Storage } from '../storage'
import { filterSource, parseFieldPaths } from './source-filter'
import { productLink } from '../../domain/url'

/** Always kept when the client narrows _source: the dispatcher builds its route from them. */
const ROUTING_FIELDS = ['id', 'sku', 'type_id', 'url_key', 'url_path', 'slug', 'identifier']

type Doc = Record<string, unknown>

interface Resolved {
  type: UrlRewriteEntityType
  doc: Doc
  redirect?: UrlMapHit['redirect']
}

const HIT_TYPE: Record<UrlRewriteEntityType, UrlMapEntityType> = {
  product: 'product',
  category: 'category',
  'cms-page': 'cms_page',
  'blog-post': 'cms_blog',
  'blog-category': 'cms_blog_category',
}

/**
 * The store view (query or header first, else the URL's own prefix, else en) and the request path
 * with that store view's prefix removed. A prefix naming another store view than the one asked for
 * stays part of the path: that URL belongs to the other store view and is not found here.
 */
export function splitStoreUrl(url: string, asked: StoreCode | undefined): { storeCode: StoreCode; path: string } {
  const path = toRequestPath(url)
  const [first = '', ...rest] = path.split('/')
  const storeCode = asked ?? (isStoreCode(first) ? first : DEFAULT_STORE_CODE)
  return { storeCode, path: first === storeCode ? rest.join('/') : path }
}

function urlPathOf(doc: Doc): string {
  return typeof doc.url_path === 'string' ? toRequestPath(doc.url_path) : ''
}

export interface UrlServiceOptions {
  /**
   * Spec §2/§4 "A configurable child product opened directly is redirected to its parent (301 on
   * the server) when direct access is prevented": on by default.
   */
  preventChildDirectAccess?: boolean
}

/** `/p/{sku}/{slug}[/{childSku}]` (domain/url productLink) split; null for any other path. */
function productRoutePath(path: string): { sku: string } | null {
  const parts = path.split('/')
  // already decoded by toRequestPath
  if (parts[0] !== 'p' || parts.length < 3 || parts.length > 4 || !parts[1]) return null
  return { sku: parts[1] }
}

export function createUrlService(storage: Storage, options: UrlServiceOptions = {}) {
  const { urls } = storage
  const preventChildDirectAccess = options.preventChildDirectAccess ?? true

  async function load(storeCode: StoreCode, type: UrlRewriteEntityType, id: number): Promise<Doc | null> {
    if (type === 'product') return urls.findProductById(storeCode, id)
    if (type === 'category') {
      const category = await urls.findCategoryById(storeCode, id)
      return category && hasCategoryPage(category) ? category : null
    }
    if (type === 'blog-post') return storage.cms.blogPosts.findActiveById(storeCode, id)
    if (type === 'blog-category') return storage.cms.blogCategories.findActiveById(storeCode, id)
    return storage.cms.pages.findActiveById(storeCode, id)
  }

  async function fromRewrite(storeCode: StoreCode, path: string): Promise<Resolved | null | undefined> {
    const rewrite = await urls.findByRequestPath(storeCode, path)
    if (!rewrite) return undefined
    const doc = await load(storeCode, rewrite.entity_type, rewrite.entity_id)
    if (!doc) return null
    const redirect = rewrite.redirect_type === 0 ? undefined : { code: rewrite.redirect_type, target: `/${rewrite.target_path}` }
    return { type: rewrite.entity_type, doc, redirect }
  }

  async function fromCatalogue(storeCode: StoreCode, path: string): Promise<Resolved | null> {
    const legacy = parseLegacyPath(path)
    if (legacy) {
      const doc = await load(storeCode, legacy.entity_type, legacy.entity_id)
      if (!doc || urlPathOf(doc) === '') return null
      // a configurable child's legacy id lands on its parent, with the child chosen
      const children = Array.isArray(doc.configurable_children) ? (doc.configurable_children as Doc[]) : []
      const child = doc.id === legacy.entity_id ? undefined : children.find((c) => c.id === legacy.entity_id)
      const query = typeof child?.sku === 'string' ? `?childSku=${encodeURIComponent(child.sku)}` : ''
      return { type: legacy.entity_type, doc, redirect: { code: 301, target: `/${urlPathOf(doc)}${query}` } }
    }
    const product = await urls.findProductByUrlPath(storeCode, path)
    if (product) return { type: 'product', doc: product }
    const category = await urls.findCategoryByUrlPath(storeCode, path)
    return category && hasCategoryPage(category) ? { type: 'category', doc: category } : null
  }

  /** A rewrite target with `?childSku=` as the parent's /p/ address with that child chosen: the address the app links to, one hop and no query. */
  async function parentLinkOf(storeCode: StoreCode, targetPath: string): Promise<string | null> {
    const childSku = new URL(`/${targetPath}`, 'http://x').searchParams.get('childSku')
    const parent = childSku ? await storage.products.findBySku(storeCode, childSku) : null
    const slug = String(parent?.slug ?? parent?.url_key ?? '')
    return childSku && parent && parent.sku !== childSku && slug !== '' ? productLink({ parentSku: String(parent.sku), slug, childSku }) : null
  }

  return {
    /**
     * Where a full page load of a configurable child's own path must go instead (store-relative,
     * e.g. `/p/TEE/tee-100/TEE-RED-S`), or null. Two forms: the product route with the child's sku
     * in the parent's place (`p/TEE-RED-S/...`) for a child not visible on its own (visibility 1),
     * and the child's own url or legacy address (a rewrite that sends it to the parent with ?childSku=).
     */
    async childRedirect(storeCode: StoreCode, storeRelativePath: string): Promise<string | null> {
      if (!preventChildDirectAccess) return null
      const path = toRequestPath(storeRelativePath)
      if (path === '') return null
      const route = productRoutePath(path)
      if (route) {
        const doc = await storage.products.findBySku(storeCode, route.sku)
        if (!doc || doc.sku === route.sku || doc.type_id !== 'configurable' || doc.status !== 1) return null
        const children = Array.isArray(doc.configurable_children) ? (doc.configurable_children as Doc[]) : []
        const child = children.find((c) => c.sku === route.sku)
        if (!child || (child.visibility !== undefined && child.visibility !== 1)) return null
        return productLink({ parentSku: String(doc.sku), slug: String(doc.slug ?? doc.url_key ?? ''), childSku: route.sku })
      }
      const rewrite = await urls.findByRequestPath(storeCode, path)
      if (rewrite?.entity_type !== 'product' || rewrite.redirect_type !== 301 || !rewrite.target_path.includes('childSku=')) return null
      return (await parentLinkOf(storeCode, rewrite.target_path)) ?? `/${rewrite.target_path}`
    },

    async map(request: UrlMapRequest, askedStoreCode: StoreCode | undefined): Promise<UrlMapResponse> {
      const include = parseFieldPaths(request.includeFields.length > 0 ? [...request.includeFields, ...ROUTING_FIELDS] : [], 'includeFields')
      const exclude = parseFieldPaths(request.excludeFields, 'excludeFields')
      const { storeCode, path } = splitStoreUrl(request.url, askedStoreCode)
      if (path === '') return null // the home page is a route of its own, not a mapping
      const found = await fromRewrite(storeCode, path)
      const resolved = found !== undefined ? found : (await urls.hasAny(storeCode)) ? null : await fromCatalogue(storeCode, path)
      if (!resolved) return null
      const type = HIT_TYPE[resolved.type]
      return {
        _index: `${STORE_VIEWS[storeCode].index}_${type}`,
        _type: type,
        _id: String(resolved.doc.id ?? ''),
        _score: 1,
        _source: filterSource(resolved.doc, include, exclude),
        ...(resolved.redirect ? { redirect: resolved.redirect } : {}),
      }
    },
  }
}
export type UrlService = ReturnType<typeof createUrlService>
