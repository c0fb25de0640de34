/**
 * A kiosk keeps every product's listing picture (the tile's 295×295, domain/images) in the service
 * worker's picture cache, so category pages and search results show pictures offline, not only the
 * ones already seen. The warm-up fetches the pictures the cache lacks, a few at a time, and stops
 * when the device goes offline or the run is superseded; what it could not fetch is tried at the
 * next run. Pure over its ports: the cache and the network are given.
 */
import { imageUrl, PRODUCT_TILE_IMAGE } from '../domain/images'
import { IMAGE_CACHE } from './cache-names'

export interface PictureCache {
  has(url: string): Promise<boolean>
  put(url: string, response: Response): Promise<void>
}

export interface PictureWarmupDeps {
  cache: PictureCache
  fetch: (url: string) => Promise<Response>
  /** false: stop (offline, or a newer run took over) */
  go: () => boolean
  concurrency?: number
}

export interface PictureWarmup {
  /** distinct listing pictures of the catalogue */
  total: number
  /** in the cache before this run */
  cached: number
  fetched: number
  failed: number
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
  let next = 0
  const worker = async () => {
    while (next < urls.length && deps.go()) {
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
      } catch {
        result.failed++
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency ?? 4) }, worker))
  return result
}

/** The browser's Cache Storage as the warm-up's cache (the service worker reads the same cache). */
export function browserPictureCache(origin: string): PictureCache {
  const open = () => caches.open(IMAGE_CACHE)
  return {
    has: async (url) => (await (await open()).match(new URL(url, origin).href)) !== undefined,
    put: async (url, response) => (await open()).put(new URL(url, origin).href, response),
  }
}
