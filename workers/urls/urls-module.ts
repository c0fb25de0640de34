/** The URL dispatcher of the opened store view (workers/urls/resolve-url) as the worker's API. */
import type { UrlResolution } from '../contract/views'
import type { DataApi } from '../data-api'
import type { WorkerSession } from '../worker-session'
import { resolveUrl } from './resolve-url'

export function urlsApi(session: WorkerSession, isOnline: () => boolean) {
  return {
    resolveUrl: (path: string): Promise<UrlResolution> => {
      const { db, config, api } = session.store
      return resolveUrl({ urls: db.urls, storeCode: config.storeCode, isOnline, mapUrl: (url) => api.mapUrl(url), now: session.now }, path)
    },
  } satisfies Partial<DataApi>
}
