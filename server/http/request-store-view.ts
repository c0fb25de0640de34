/**
 * The store view a request speaks for, for the words the server says to any request on its own (a
 * database outage's message), whichever route it reached. The first that names one wins: the
 * path's store code (the replication feed), the `storeCode` query parameter, the `x-vs-store-code`
 * header (the API's calls), the catalogue index (one per store view), the page's address (a store
 * view's prefix or the French host), then the browser's language; else the default store view.
 */
import type { FastifyRequest } from 'fastify'
import { DEFAULT_STORE_CODE, isStoreCode, resolveStoreView, storeViewByIndex, type StoreCode } from '../../domain/store-views'

/** The store view of each language a browser may ask for, when the request names none. */
const BY_LANGUAGE: Readonly<Record<string, StoreCode>> = { en: 'en', nl: 'nl', fr: 'fr' }

/**
 * The store view an API call names (contract §1.2): the `storeCode` query parameter, which a
 * multistore VSF1 client appends to every call, else the `x-vs-store-code` header. A code that is not
 * one of the shop's is ignored, as vue-storefront-api ignores one outside its availableStores: the
 * call is answered as if it named none, never refused for it. Undefined: the call names no store view.
 */
export function askedStoreCode(request: FastifyRequest): StoreCode | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>
  for (const named of [query.storeCode, request.headers['x-vs-store-code']]) if (isStoreCode(named)) return named
  return undefined
}

export function requestStoreCode(request: FastifyRequest): StoreCode {
  const params = (request.params ?? {}) as Record<string, unknown>
  if (isStoreCode(params.storeCode)) return params.storeCode
  const asked = askedStoreCode(request)
  if (asked) return asked
  if (typeof params.index === 'string') {
    const byIndex = storeViewByIndex(params.index)
    if (byIndex) return byIndex.storeCode
  }
  const page = resolveStoreView(request.headers.host ?? '', request.url.split('?')[0] ?? '/')
  if (page) return page.storeView.storeCode
  return languageStore(request.headers['accept-language']) ?? DEFAULT_STORE_CODE
}

/** The first language of Accept-Language (in the order given) that is one of the shop's. */
function languageStore(header: string | undefined): StoreCode | undefined {
  for (const range of (header ?? '').split(',')) {
    const language = range.split(';')[0]?.trim().toLowerCase().split('-')[0] ?? ''
    const store = BY_LANGUAGE[language]
    if (store) return store
  }
  return undefined
}
