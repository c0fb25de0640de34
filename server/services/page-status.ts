/**
 * What a page load of the app should answer: the app's HTML with 200 for pages that
 * exist, 301 to the canonical address (a configurable child's own path, a product's or category's
 * old slug), and the app's HTML with 404 for what the catalogue or the CMS does not have, so search engines and
 * shared links see the truth. The app renders its own not-found page either way.
 *
 * A 200 or 404 carries the page's head (page-head.ts: title, description, canonical, hreflang, Open
 * Graph, JSON-LD), built from the documents found here so a page load reads each of them once.
 */
import { classifyAppPath, type AppPath } from '../../domain/app-routes'
import type { SearchQuery } from '../../domain/api/catalog.schema'
import { categoryPageQuery, productSearchQuery, SEARCH_MIN_LENGTH } from '../../domain/listing'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { categoryLink, productLink } from '../../domain/url'
import { hasCategoryPage, toRequestPath } from '../../domain/url-rewrite.schema'
import type { Storage } from '../storage'
import type { CatalogService } from './catalog-service'
import { createPageHead, type PageHead } from './page-head'
import type { UrlService } from './url-service'

/** The app's pages whose first render's files a page load names in its HTML (server/http/page-preloads.ts). */
export type AppView = 'home' | 'category' | 'product' | 'search'

export type PageStatus =
  /** `view`: which of those pages the address opens, when it is one of them */
  { status: 200; head: PageHead; view?: AppView } | { status: 301; location: string } | { status: 404; head: PageHead }

type Doc = Record<string, unknown>

/**
 * A category or search page load preloads the pictures of its first tiles: a phone's first row (two columns).
 * They are the page's largest paint (Lighthouse: the LCP element), and the app asks for them only
 * once its worker has the page; named in the HTML they load beside the scripts.
 */
const PRELOADED_TILES = 2
/**
 * How long a page load waits for its first tiles' pictures before it goes without them: a guard
 * against a stuck or overloaded database, far above the few milliseconds the lookup takes.
 */
const TILES_TIME_LIMIT_MS = 500

/** The catalogue search the page loads read (the API's, with its caches): only what this module asks of it. */
export type PageCatalog = Pick<CatalogService, 'searchBytes'>

const canonicalSlug = (doc: Doc): string => String(doc.slug ?? doc.url_key ?? '')

export function createPageStatus(storage: Storage, urls: UrlService, catalog?: PageCatalog) {
  const heads = createPageHead(storage)
  const page = (head: PageHead, view?: AppView): PageStatus => ({ status: 200, head, ...(view ? { view } : {}) })

  /**
   * The pictures of the first products of a catalogue query (the catalogue search the API answers,
   * with its caches). A failed read, or one slower than TILES_TIME_LIMIT_MS, costs the preload and
   * the first screen's pictures only, never the page.
   */
  async function tilesOf(storeCode: StoreCode, query: SearchQuery): Promise<string[]> {
    if (!catalog) return []
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<string[]>((resolve) => (timer = setTimeout(() => resolve([]), TILES_TIME_LIMIT_MS)))
    const read = (async () => {
      const bytes = await catalog.searchBytes(STORE_VIEWS[storeCode].index, 'product', query, { size: PRELOADED_TILES, include: 'image', compact: false })
      const answer = JSON.parse(bytes.toString('utf8')) as { hits: { hits: { _source: { image?: unknown } }[] } }
      return answer.hits.hits.flatMap((hit) => (typeof hit._source.image === 'string' && hit._source.image !== '' ? [hit._source.image] : []))
    })().catch(() => [])
    try {
      return await Promise.race([read, late])
    } finally {
      clearTimeout(timer)
    }
  }
  /** A category page's first tiles, asked as the worker asks for that page on a first visit (domain/listing categoryPageQuery, position order), so the order cache serves both. */
  const firstTiles = (storeCode: StoreCode, categoryId: number) => tilesOf(storeCode, categoryPageQuery({ sort: 'position', categoryId }, [categoryId]))
  /** A search's first results, best matches first (domain/listing productSearchQuery, as the worker searches). */
  const searchTiles = (storeCode: StoreCode, query: string): Promise<string[]> =>
    query.trim().length >= SEARCH_MIN_LENGTH ? tilesOf(storeCode, productSearchQuery(query.trim())) : Promise.resolve([])
  const category = async (storeCode: StoreCode, doc: Doc): Promise<PageHead> => heads.category(storeCode, doc, firstTiles(storeCode, Number(doc.id)))

  const notFound = (storeCode: StoreCode): PageStatus => ({ status: 404, head: heads.notFound(storeCode) })

  /**
   * Search results have a head of their own (their first results' pictures; noindex when nothing was
   * found); a CMS page, blog category or blog post is the content's, a 404 when the store view has
   * none by that identifier or url key that is active or published; the rest are fixed pages.
   */
  async function fixedPage(storeCode: StoreCode, path: string): Promise<PageStatus> {
    const search = /^search\/(.+)$/.exec(path)?.[1]
    if (search !== undefined) return page(heads.search(storeCode, search, await searchTiles(storeCode, search)), 'search')
    const identifier = /^i\/(.+)$/.exec(path)?.[1]
    if (identifier !== undefined) return contentPage(storeCode, await storage.cms.pages.findActiveByIdentifier(storeCode, identifier), heads.cmsPage)
    if (path === 'blog') return page(heads.blog(storeCode))
    const blogCategory = /^blog\/category\/([^/]+)$/.exec(path)?.[1]
    if (blogCategory !== undefined)
      return contentPage(storeCode, await storage.cms.blogCategories.findActiveByIdentifier(storeCode, blogCategory), heads.blogCategory)
    const blogPost = /^blog\/([^/]+)$/.exec(path)?.[1]
    if (blogPost !== undefined) return contentPage(storeCode, await storage.cms.blogPosts.findActiveByIdentifier(storeCode, blogPost), heads.blogPost)
    return page(heads.fixed(storeCode, path))
  }

  async function contentPage(storeCode: StoreCode, doc: Doc | null, head: (storeCode: StoreCode, doc: Doc) => Promise<PageHead>): Promise<PageStatus> {
    return doc ? page(await head(storeCode, doc)) : notFound(storeCode)
  }

  /** A product's page, or a 301 to its canonical address (its current slug, a child it really has). */
  async function productPage(storeCode: StoreCode, route: Extract<AppPath, { kind: 'product' }>): Promise<PageStatus> {
    const doc = await storage.products.findBySku(storeCode, route.sku)
    if (!doc) return notFound(storeCode)
    // a child's sku in the parent's place that is not redirected (direct access allowed) is its own page
    if (doc.sku !== route.sku) return page(await heads.product(storeCode, doc, route.sku), 'product')
    const children = Array.isArray(doc.configurable_children) ? (doc.configurable_children as Doc[]) : []
    const childSku = route.childSku !== undefined && children.some((c) => c.sku === route.childSku) ? route.childSku : undefined
    const slug = canonicalSlug(doc)
    if (slug === route.slug && childSku === route.childSku) return page(await heads.product(storeCode, doc, childSku), 'product')
    return { status: 301, location: productLink({ parentSku: route.sku, slug: slug || route.slug, ...(childSku ? { childSku } : {}) }) }
  }

  /** A category's page by its slug, or a 301 from an old slug of a category that is still there (its id says which). */
  async function categoryPage(storeCode: StoreCode, route: Extract<AppPath, { kind: 'category' }>): Promise<PageStatus> {
    const bySlug = await storage.urls.findCategoryBySlug(storeCode, route.slug)
    if (bySlug) return hasCategoryPage(bySlug) ? page(await category(storeCode, bySlug), 'category') : notFound(storeCode)
    const byId = route.id === undefined ? null : await storage.urls.findCategoryById(storeCode, route.id)
    const slug = byId && hasCategoryPage(byId) ? canonicalSlug(byId) : ''
    return slug === '' ? notFound(storeCode) : { status: 301, location: categoryLink({ slug }) }
  }

  /**
   * Where a 301 of the url map (a legacy Magento address `catalog/product/view/id/{n}` or
   * `catalog/category/view/id/{n}`, or a rewrite to a product's or category's current path) moves for
   * good: the /p/ or /c/ address the app links to, so a search engine keeps one address per page. A
   * configurable child's legacy id keeps its child chosen (the url map's target names it).
   */
  function movedFor(type: string, doc: Doc, target: string): string | undefined {
    const slug = canonicalSlug(doc)
    if (slug === '') return undefined
    if (type === 'product' && typeof doc.sku === 'string') {
      const childSku = new URL(target, 'http://x').searchParams.get('childSku') ?? undefined
      return productLink({ parentSku: doc.sku, slug, ...(childSku ? { childSku } : {}) })
    }
    if (type === 'category' && hasCategoryPage(doc)) return categoryLink({ slug })
    return undefined
  }

  /**
   * The URL dispatcher's page shows the product, category or content; its head names the /p/, /c/, /i/ or /blog/ address the app links to.
   * A CMS page's legacy Magento address (`cms/page/view/page_id/{n}`, a 301 rewrite) moves for good
   * to the page's own /i/ address in the same store view; the url map finds only active pages.
   */
  async function dispatcherPage(storeCode: StoreCode, path: string): Promise<PageStatus> {
    const hit = await urls.map({ url: `/${path}`, includeFields: [], excludeFields: [] }, storeCode)
    if (!hit) return notFound(storeCode)
    const identifier = hit._source.identifier
    if (hit._type === 'cms_page' && hit.redirect?.code === 301 && typeof identifier === 'string' && identifier !== '') {
      return { status: 301, location: `/i/${identifier.split('/').map(encodeURIComponent).join('/')}` }
    }
    const moved = hit.redirect?.code === 301 ? movedFor(hit._type, hit._source, hit.redirect.target) : undefined
    if (moved) return { status: 301, location: moved }
    if (hit._type === 'product') return page(await heads.product(storeCode, hit._source))
    if (hit._type === 'category') return page(await category(storeCode, hit._source))
    if (hit._type === 'cms_page') return page(await heads.cmsPage(storeCode, hit._source))
    if (hit._type === 'cms_blog') return page(await heads.blogPost(storeCode, hit._source))
    if (hit._type === 'cms_blog_category') return page(await heads.blogCategory(storeCode, hit._source))
    return page(heads.fixed(storeCode, path))
  }

  return {
    /** `rawPath`: the store-relative path as requested (still percent-encoded); a location is store-relative too. */
    async of(storeCode: StoreCode, rawPath: string): Promise<PageStatus> {
      const child = await urls.childRedirect(storeCode, rawPath)
      if (child) return { status: 301, location: child }
      const path = toRequestPath(rawPath)
      const route = classifyAppPath(path)
      switch (route.kind) {
        case 'home':
          return page(await heads.home(storeCode), 'home')
        case 'fixed':
          return fixedPage(storeCode, path)
        case 'product':
          return productPage(storeCode, route)
        case 'category':
          return categoryPage(storeCode, route)
        case 'dispatcher':
          return dispatcherPage(storeCode, path)
      }
    },
  }
}
export type PageStatusService = ReturnType<typeof createPageStatus>
