/** The kiosk's picture warm-up (replication/picture-warmup): what it fetches, how many at once, and when it stops. */
import { describe, expect, it } from 'vitest'
import { listingPictureUrls, warmPictures, type PictureCache } from '../../replication/picture-warmup'

function memoryCache(held: string[] = []): PictureCache & { urls: Set<string> } {
  const urls = new Set(held)
  return { urls, has: async (url) => urls.has(url), put: async (url) => void urls.add(url) }
}

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
})
