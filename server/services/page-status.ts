/**
 * What a page load of the app should answer (issue 13): the app's HTML with 200 for pages that
 * exist, 301 to the canonical address (a configurable child's own path, a product's or category's
 * old slug), and the app's HTML with 404 for what the catalogue does not have, so search engines and
 * shared links see the truth. The app renders its own not-found page either way.
 *
 * A 200 or 404 carries the page's head (page-head.ts: title, description, canonical, hreflang, Open
 * Graph, JSON-LD), built from the documents found here so a page load reads each of them once.
 */
import { classifyAppPath } from '../../domain/app-routes'
import type { StoreCode } from '../../domain/store-views'
import { categoryLink, productLink } from '../../domain/url'
import { hasCategoryPage, toRequestPath } from '../../domain/url-rewrite.schema'
import type { Storage } from '../storage'
import { createPageHead, type PageHead } from './page-head'
import type { UrlService } from './url-service'

/** The app's pages whose first render's files a page load names in its HTML (server/http/page-preloads.ts). */
export type AppView = 'home' | 'category' | 'product' | 'search'

export type PageStatus =
  /** `view`: which of those pages the address opens, when it is one of them */
  { status: 200; head: PageHead; view?: AppView } | { status: 301; location: string } | { status: 404; head: PageHead }

type Doc = Record<string, unknown>

const canonicalSlug = (doc: Doc): string => String(doc.slug ?? doc.url_key ?? '')

export function createPageStatus(storage: Storage, urls: UrlService) {
  const heads = createPageHead(storage)
  const page = (head: PageHead, view?: AppView): PageStatus => ({ status: 200, head, ...(view ? { view } : {}) })

  return {
    /** `rawPath`: the store-relative path as requested (still percent-encoded); a location is store-relative too. */
    async of(storeCode: StoreCode, rawPath: string): Promise<PageStatus> {
      const child = await urls.childRedirect(storeCode, rawPath)
      if (child) return { status: 301, location: child }
      const path = toRequestPath(rawPath)
      const notFound: PageStatus = { status: 404, head: heads.notFound(storeCode) }
      const route = classifyAppPath(path)
      switch (route.kind) {
        case 'home':
          return page(heads.home(storeCode), 'home')
        case 'fixed':
          return page(heads.fixed(storeCode, path), /^search\//.test(path) ? 'search' : undefined)
        case 'product': {
          const doc = await storage.products.findBySku(storeCode, route.sku)
          if (!doc) return notFound
          // a child's sku in the parent's place that is not redirected (direct access allowed) is its own page
          if (doc.sku !== route.sku) return page(await heads.product(storeCode, doc, route.sku), 'product')
          const children = Array.isArray(doc.configurable_children) ? (doc.configurable_children as Doc[]) : []
          const childSku = route.childSku !== undefined && children.some((c) => c.sku === route.childSku) ? route.childSku : undefined
          const slug = canonicalSlug(doc)
          if (slug === route.slug && childSku === route.childSku) return page(await heads.product(storeCode, doc, childSku), 'product')
          return { status: 301, location: productLink({ parentSku: route.sku, slug: slug || route.slug, ...(childSku ? { childSku } : {}) }) }
        }
        case 'category': {
          const bySlug = await storage.urls.findCategoryBySlug(storeCode, route.slug)
          if (bySlug) return hasCategoryPage(bySlug) ? page(await heads.category(storeCode, bySlug), 'category') : notFound
          // an old slug of a category that is still there (its name changed): its id says which
          const byId = route.id === undefined ? null : await storage.urls.findCategoryById(storeCode, route.id)
          const slug = byId && hasCategoryPage(byId) ? canonicalSlug(byId) : ''
          return slug === '' ? notFound : { status: 301, location: categoryLink({ slug }) }
        }
        case 'dispatcher': {
          // the URL dispatcher's page shows the product or category; its head names the /p/ or /c/ address the app links to
          const hit = await urls.map({ url: `/${path}`, includeFields: [], excludeFields: [] }, storeCode)
          if (!hit) return notFound
          if (hit._type === 'product') return page(await heads.product(storeCode, hit._source))
          if (hit._type === 'category') return page(await heads.category(storeCode, hit._source))
          return page(heads.fixed(storeCode, path))
        }
      }
    },
  }
}
export type PageStatusService = ReturnType<typeof createPageStatus>
