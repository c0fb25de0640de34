/**
 * A kiosk keeps every product's listing picture (the tile's 295×295, domain/images) in the service
 * worker's picture cache, so category pages and search results show pictures offline, not only the
 * ones already seen. The warm-up fetches the pictures the cache lacks, a few at a time, and stops
 * when the device goes offline or the run is superseded; what it could not fetch is tried at the
 * next run. Pure over its ports: the cache, the network and the storage estimate are given.
 *
 * Within the quota: the pictures are the first thing a device gives up for room (the catalogue,
 * the cart and the orders waiting come before them). The warm-up stops fetching once the browser
 * says the origin has used ROOM_LOW of its quota, or refuses a write (QuotaExceededError); past
 * ROOM_HIGH (the catalogue grew, orders piled up) `makeRoomForPictures` drops the pictures used
 * longest ago until ROOM_LOW. The gap between the two keeps a full device from fetching and dropping
 * the same pictures in turn.
 */
import { imageUrl, PRODUCT_TILE_IMAGE } from '../domain/images'
import { IMAGE_CACHE, PICTURE_MAX_AGE_S } from './cache-names'

export const ROOM_LOW = 0.8
export const ROOM_HIGH = 0.9
/** how many pictures the warm-up fetches between two looks at the storage estimate */
const ROOM_CHECK_EVERY = 25

export interface PictureCache {
  has(url: string): Promise<boolean>
  /** stores the picture as used now */
  put(url: string, response: Response): Promise<void>
  /** the pictures held */
  count(): Promise<number>
  /** keeps the `keep` pictures used most recently, drops the rest */
  trim(keep: number): Promise<void>
}

export interface StorageEstimateLike {
  usage?: number | undefined
  quota?: number | undefined
}

export interface PictureWarmupDeps {
  cache: PictureCache
  fetch: (url: string) => Promise<Response>
  /** false: stop (offline, or a newer run took over) */
  go: () => boolean
  /** the browser's storage estimate (navigator.storage.estimate); without it, no limit is known */
  storage?: () => Promise<StorageEstimateLike>
  concurrency?: number
}

/** The share of the quota in use; 0 when the browser tells neither. */
async function used(storage: PictureWarmupDeps['storage']): Promise<number> {
  const estimate = await storage?.().catch(() => null)
  return estimate?.quota && estimate.usage !== undefined ? estimate.usage / estimate.quota : 0
}

const isQuotaError = (error: unknown) => error instanceof Error && error.name === 'QuotaExceededError'

export interface PictureWarmup {
  /** distinct listing pictures of the catalogue */
  total: number
  /** in the cache before this run */
  cached: number
  fetched: number
  failed: number
  /** the run stopped because storage is short */
  full?: true
}

/** The listing pictures' addresses of `paths` (the products' `image`), each once. */
export function listingPictureUrls(paths: Iterable<string | undefined>): string[] {
  const urls = new Set<string>()
  for (const path of paths) {
    const url = imageUrl(path, PRODUCT_TILE_IMAGE.width, PRODUCT_TILE_IMAGE.height)
    if (url) urls.add(url)
  }
  return [...urls]
}

export async function warmPictures(urls: readonly string[], deps: PictureWarmupDeps): Promise<PictureWarmup> {
  const result: PictureWarmup = { total: urls.length, cached: 0, fetched: 0, failed: 0 }
  if ((await used(deps.storage)) >= ROOM_LOW) return { ...result, full: true }
  let next = 0
  let sinceCheck = 0
  const go = () => result.full === undefined && deps.go()
  const worker = async () => {
    while (next < urls.length && go()) {
      const url = urls[next++]!
      if (await deps.cache.has(url)) {
        result.cached++
        continue
      }
      try {
        const response = await deps.fetch(url)
        if (!response.ok) throw new Error(`${url}: ${response.status}`)
        await deps.cache.put(url, response)
        result.fetched++
        if (++sinceCheck >= ROOM_CHECK_EVERY) {
          sinceCheck = 0
          if ((await used(deps.storage)) >= ROOM_LOW) result.full = true
        }
      } catch (error) {
        if (isQuotaError(error)) result.full = true
        else result.failed++
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 4) }, worker))
  return result
}

/**
 * Past ROOM_HIGH of the quota, drops the pictures used longest ago, a tenth of those left at a
 * time, until ROOM_LOW or none is left to drop. Answers how many were dropped.
 */
export async function makeRoomForPictures(cache: PictureCache, storage: NonNullable<PictureWarmupDeps['storage']>): Promise<number> {
  if ((await used(storage)) < ROOM_HIGH) return 0
  let dropped = 0
  for (let held = await cache.count(); held > 0 && (await used(storage)) > ROOM_LOW;) {
    await cache.trim(Math.floor(held * 0.9))
    const left = await cache.count()
    // the pictures the cache holds but whose use is not known (kept before uses were recorded) stay
    if (left >= held) break
    dropped += held - left
    held = left
  }
  return dropped
}

/**
 * The browser's Cache Storage as the warm-up's cache (the service worker reads the same cache, and
 * records each picture's use in the same place: workbox-expiration's timestamps).
 */
export function browserPictureCache(origin: string): PictureCache {
  const open = () => caches.open(IMAGE_CACHE)
  // loaded where Cache Storage is (workbox reads the global scope as it loads)
  const expiration = async (config: { maxEntries?: number; maxAgeSeconds?: number }) =>
    new (await import('workbox-expiration')).CacheExpiration(IMAGE_CACHE, config)
  const href = (url: string) => new URL(url, origin).href
  return {
    has: async (url) => (await (await open()).match(href(url))) !== undefined,
    put: async (url, response) => {
      await (await open()).put(href(url), response)
      await (await expiration({ maxAgeSeconds: PICTURE_MAX_AGE_S })).updateTimestamp(href(url))
    },
    count: async () => (await (await open()).keys()).length,
    trim: async (keep) => (await expiration({ maxEntries: Math.max(1, keep) })).expireEntries(),
  }
}
