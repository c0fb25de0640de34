/** The kiosk's picture warm-up (replication/picture-warmup): what it fetches, how many at once, and when it stops. */
import { describe, expect, it } from 'vitest'
import { listingPictureUrls, makeRoomForPictures, ROOM_HIGH, ROOM_LOW, warmPictures, type PictureCache } from '../../replication/picture-warmup'

const PICTURE_BYTES = 10_000

/** Cache Storage as the warm-up sees it: each picture's last use (a put or `use`), the most recent kept by trim. */
function memoryCache(held: string[] = []): PictureCache & { urls: Set<string>; use(url: string): void } {
  const usedAt = new Map(held.map((url, i) => [url, i]))
  let clock = held.length
  const urls = {
    has: (url: string) => usedAt.has(url),
    get size() {
      return usedAt.size
    },
  } as unknown as Set<string>
  return {
    urls,
    use: (url) => void usedAt.set(url, clock++),
    has: async (url) => usedAt.has(url),
    put: async (url) => void usedAt.set(url, clock++),
    count: async () => usedAt.size,
    trim: async (keep) => {
      const newestFirst = [...usedAt.entries()].sort((a, b) => b[1] - a[1])
      for (const [url] of newestFirst.slice(keep)) usedAt.delete(url)
    },
  }
}

/** The origin's storage: its other data plus the pictures held, against a quota. */
const storageOf = (cache: PictureCache, other: number, quota: number) => async () => ({ usage: other + (await cache.count()) * PICTURE_BYTES, quota })

describe('kiosk picture warm-up', () => {
  it('names each product picture once, at the tile’s size, and skips products without one', () => {
    expect(listingPictureUrls(['/catalog/product/polo/222428/1.png', undefined, 'catalog/product/polo/222428/1.png', '/catalog/product/cap/1/1.png'])).toEqual([
      '/img/295/295/resize/catalog/product/polo/222428/1.png',
      '/img/295/295/resize/catalog/product/cap/1/1.png',
    ])
  })

  it('fetches only what the cache lacks, at most `concurrency` at once; a failure is counted and left for the next run', async () => {
    const urls = Array.from({ length: 20 }, (_, i) => `/img/295/295/resize/p/${i}.png`)
    const cache = memoryCache(urls.slice(0, 5))
    let inFlight = 0
    let most = 0
    const asked: string[] = []
    const result = await warmPictures(urls, {
      cache,
      go: () => true,
      concurrency: 3,
      fetch: async (url) => {
        asked.push(url)
        inFlight++
        most = Math.max(most, inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        return new Response('png', { status: url.endsWith('/7.png') ? 500 : 200 })
      },
    })
    expect(result).toEqual({ total: 20, cached: 5, fetched: 14, failed: 1 })
    expect(asked.toSorted()).toEqual(urls.slice(5).toSorted())
    expect(most).toBe(3)
    expect(cache.urls.has('/img/295/295/resize/p/7.png')).toBe(false)
    expect(cache.urls.size).toBe(19)
  })

  it('stops when told to (offline): nothing more is asked', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `/img/295/295/resize/p/${i}.png`)
    let online = true
    const asked: string[] = []
    const result = await warmPictures(urls, {
      cache: memoryCache(),
      go: () => online,
      concurrency: 1,
      fetch: async (url) => {
        asked.push(url)
        if (asked.length === 3) online = false
        return new Response('png')
      },
    })
    expect(asked).toHaveLength(3)
    expect(result.fetched).toBe(3)
  })

  it('stops fetching once the origin has used its share of the quota, and when a write is refused', async () => {
    const urls = Array.from({ length: 200 }, (_, i) => `/img/295/295/resize/p/${i}.png`)
    const cache = memoryCache()
    // room for 100 pictures below ROOM_LOW
    const quota = (100 * PICTURE_BYTES) / ROOM_LOW
    const result = await warmPictures(urls, {
      cache,
      go: () => true,
      concurrency: 1,
      storage: storageOf(cache, 0, quota),
      fetch: async () => new Response('png'),
    })
    expect(result.full).toBe(true)
    // looked at every 25 pictures: no more than that past the line
    expect(result.fetched).toBeGreaterThanOrEqual(100)
    expect(result.fetched).toBeLessThanOrEqual(125)
    // full already: nothing is fetched
    const again = await warmPictures(urls, { cache, go: () => true, storage: storageOf(cache, 0, quota), fetch: async () => new Response('png') })
    expect(again).toMatchObject({ fetched: 0, full: true })

    const refusing = memoryCache()
    let puts = 0
    const put = refusing.put
    refusing.put = async (url, response) => {
      if (++puts > 3) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      await put(url, response)
    }
    const refused = await warmPictures(urls, { cache: refusing, go: () => true, concurrency: 2, fetch: async () => new Response('png') })
    expect(refused).toMatchObject({ fetched: 3, failed: 0, full: true })
  })

  it('past the high line, drops the pictures used longest ago down to the low line; below it, none', async () => {
    const urls = Array.from({ length: 100 }, (_, i) => `/img/295/295/resize/p/${i}.png`)
    const cache = memoryCache(urls)
    // the shoppers looked at the first ten lately
    for (const url of urls.slice(0, 10)) cache.use(url)
    const quota = 1_000_000
    expect(await makeRoomForPictures(cache, storageOf(cache, quota * ROOM_HIGH - 100 * PICTURE_BYTES - 1, quota))).toBe(0)
    expect(cache.urls.size).toBe(100)
    // the catalogue grew: 40 pictures' worth over the high line
    const storage = storageOf(cache, quota * ROOM_HIGH - 60 * PICTURE_BYTES, quota)
    const dropped = await makeRoomForPictures(cache, storage)
    const { usage } = await storage()
    expect(usage / quota).toBeLessThanOrEqual(ROOM_LOW)
    expect(dropped).toBe(100 - cache.urls.size)
    // the pictures seen lately stay; the ones used longest ago went
    for (const url of urls.slice(0, 10)) expect(cache.urls.has(url), url).toBe(true)
    expect(cache.urls.has(urls[10]!)).toBe(false)
    expect(cache.urls.has(urls[99]!)).toBe(true)
  })
})
