/**
 * What a page load of the app should answer (issue 13): the app's HTML with 200 for pages that
 * exist, 301 to the canonical address (a configurable child's own path, a product's or category's
 * old slug), and the app's HTML with 404 for what the catalogue does not have, so search engines and
 * shared links see the truth. The app renders its own not-found page either way.
 */
import { classifyAppPath } from '../../domain/app-routes'
import type { StoreCode } from '../../domain/store-views'
import { categoryLink, productLink } from '../../domain/url'
import { hasCategoryPage, toRequestPath } from '../../domain/url-rewrite.schema'
import type { Storage } from '../storage'
import type { UrlService } from './url-service'

export type PageStatus = { status: 200 } | { status: 301; location: string } | { status: 404 }

type Doc = Record<string, unknown>

const PAGE: PageStatus = { status: 200 }
const NOT_FOUND: PageStatus = { status: 404 }

const canonicalSlug = (doc: Doc): string => String(doc.slug ?? doc.url_key ?? '')

export function createPageStatus(storage: Storage, urls: UrlService) {
  return {
    /** `rawPath`: the store-relative path as requested (still percent-encoded); a location is store-relative too. */
    async of(storeCode: StoreCode, rawPath: string): Promise<PageStatus> {
      const child = await urls.childRedirect(storeCode, rawPath)
      if (child) return { status: 301, location: child }
      const path = toRequestPath(rawPath)
      const page = classifyAppPath(path)
      switch (page.kind) {
        case 'home':
        case 'fixed':
          return PAGE
        case 'product': {
          const doc = await storage.products.findBySku(storeCode, page.sku)
          if (!doc) return NOT_FOUND
          // a child's sku in the parent's place that is not redirected (direct access allowed) is its own page
          if (doc.sku !== page.sku) return PAGE
          const children = Array.isArray(doc.configurable_children) ? (doc.configurable_children as Doc[]) : []
          const childSku = page.childSku !== undefined && children.some((c) => c.sku === page.childSku) ? page.childSku : undefined
          const slug = canonicalSlug(doc)
          if (slug === page.slug && childSku === page.childSku) return PAGE
          return { status: 301, location: productLink({ parentSku: page.sku, slug: slug || page.slug, ...(childSku ? { childSku } : {}) }) }
        }
        case 'category': {
          const bySlug = await storage.urls.findCategoryBySlug(storeCode, page.slug)
          if (bySlug) return hasCategoryPage(bySlug) ? PAGE : NOT_FOUND
          // an old slug of a category that is still there (its name changed): its id says which
          const byId = page.id === undefined ? null : await storage.urls.findCategoryById(storeCode, page.id)
          const slug = byId && hasCategoryPage(byId) ? canonicalSlug(byId) : ''
          return slug === '' ? NOT_FOUND : { status: 301, location: categoryLink({ slug }) }
        }
        case 'dispatcher':
          return (await urls.map({ url: `/${path}`, includeFields: ['id'], excludeFields: [] }, storeCode)) ? PAGE : NOT_FOUND
      }
    },
  }
}
export type PageStatusService = ReturnType<typeof createPageStatus>
