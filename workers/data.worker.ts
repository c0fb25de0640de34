/**
 * The data worker: RxDB and all network work run here, off the main thread; the UI calls the
 * DataApi through Comlink (stack-notes Q2). Must not import main-thread code (React, src/).
 * Functions cannot be structured-cloned, so every unsubscribe handle goes back as a Comlink proxy,
 * and UI callbacks arrive as proxies.
 */
// first: before any schema is used (domain/zod-setup)
import '../domain/zod-setup'
import * as Comlink from 'comlink'
import type { RxStorage } from 'rxdb'
import type { EventSourceLike } from '../replication/catalog-pull'
import type { DataApi } from './data-api'
import { DataService } from './data-service'

const service = new DataService({
  fetch: (input, init) => fetch(input, init),
  eventSource: (url) => {
    const source = new EventSource(url)
    const like: EventSourceLike = {
      onmessage: null,
      onerror: null,
      close: () => source.close(),
    }
    source.onmessage = (event: MessageEvent<string>) => like.onmessage?.({ data: event.data })
    source.onerror = (event) => like.onerror?.(event)
    return like
  },
  initialOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  // dev-mode and ajv only in development: the static condition lets the production build drop them
  wrapStorage: import.meta.env.DEV
    ? async (storage: RxStorage<unknown, unknown>) => (await import('./db/dev-storage')).withDevMode(storage)
    : undefined,
})

const api: DataApi = {
  init: (config) => service.init(config),
  setOnline: (online) => service.setOnline(online),
  subscribeSyncStatus: async (cb) => Comlink.proxy(await service.subscribeSyncStatus(cb)),
  subscribeCategories: async (cb) => Comlink.proxy(await service.subscribeCategories(cb)),
  getCategoryBySlug: (slug) => service.getCategoryBySlug(slug),
  listAttributes: (codes) => service.listAttributes(codes),
  subscribeCategoryPage: async (query, cb) => Comlink.proxy(await service.subscribeCategoryPage(query, cb)),
  searchProducts: (query, options) => service.searchProducts(query, options),
  subscribeProduct: async (parentSku, cb) => Comlink.proxy(await service.subscribeProduct(parentSku, cb)),
  subscribeCart: async (cb) => Comlink.proxy(await service.subscribeCart(cb)),
  applyCartCommand: (command) => service.applyCartCommand(command),
  subscribeLists: async (cb) => Comlink.proxy(await service.subscribeLists(cb)),
  applyListCommand: (command) => service.applyListCommand(command),
  subscribeCompare: async (cb) => Comlink.proxy(await service.subscribeCompare(cb)),
  recordProductView: (sku) => service.recordProductView(sku),
  resolveUrl: (path) => service.resolveUrl(path),
  getLinkedProducts: (skus) => service.getLinkedProducts(skus),
  getRelatedProducts: (sku, limit) => service.getRelatedProducts(sku, limit),
  listBrands: () => service.listBrands(),
}

Comlink.expose(api)
