import { describe, expect, it } from 'vitest'
import { createStoreGenerationCache } from '../../server/services/store-generation-cache'
import { createChangeFeed, type ChangeEvent } from '../../server/storage/change-feed'

const change = (storeCode: string): ChangeEvent => ({ storeCode, collection: 'products', rows: [], resync: true })

describe('the store generation cache', () => {
  it("keeps values until that store view's catalogue changes; another store view's change leaves them", () => {
    const feed = createChangeFeed()
    const cache = createStoreGenerationCache<string>(feed, { maxEntries: 10 })
    cache.keep('en', 'a', cache.generation('en'), 'A')
    cache.keep('nl', 'a', cache.generation('nl'), 'NL-A')
    expect(cache.get('en', 'a')).toBe('A')
    feed.publish(change('nl'))
    expect(cache.get('en', 'a')).toBe('A')
    expect(cache.get('nl', 'a')).toBeUndefined()
    feed.publish(change('en'))
    expect(cache.get('en', 'a')).toBeUndefined()
  })

  it('refuses a value taken while a change landed (its generation read before the change)', () => {
    const feed = createChangeFeed()
    const cache = createStoreGenerationCache<string>(feed, { maxEntries: 10 })
    const before = cache.generation('en')
    feed.publish(change('en'))
    cache.keep('en', 'a', before, 'stale')
    expect(cache.get('en', 'a')).toBeUndefined()
    cache.keep('en', 'a', cache.generation('en'), 'fresh')
    expect(cache.get('en', 'a')).toBe('fresh')
  })

  it('drops the least recently used past its entries or its weight, and keeps nothing heavier than the whole budget', () => {
    const feed = createChangeFeed()
    const cache = createStoreGenerationCache<string>(feed, { maxEntries: 3, maxWeight: 10, weigh: (v) => v.length })
    const keep = (key: string, value: string) => cache.keep('en', key, cache.generation('en'), value)
    keep('a', 'aaa')
    keep('b', 'bbb')
    keep('c', 'ccc')
    expect(cache.get('en', 'a')).toBe('aaa') // a is now the most recently used
    keep('d', 'd') // four entries: b goes
    expect(cache.get('en', 'b')).toBeUndefined()
    expect(['a', 'c', 'd'].map((k) => cache.get('en', k))).toEqual(['aaa', 'ccc', 'd'])
    keep('e', 'eeeeeee') // weight 3 + 3 + 1 + 7 = 14 > 10: a and c go (least recently used first)
    expect(['a', 'c', 'd', 'e'].map((k) => cache.get('en', k))).toEqual([undefined, undefined, 'd', 'eeeeeee'])
    expect(cache.stats().weight).toBe(8)
    keep('f', 'f'.repeat(11))
    expect(cache.get('en', 'f')).toBeUndefined()
    expect(cache.get('en', 'e')).toBe('eeeeeee')
  })
})
