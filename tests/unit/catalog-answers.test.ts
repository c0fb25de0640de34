/** The catalogue answer cache's rules: recency eviction by count and bytes, and a change during a query. */
import { describe, expect, it } from 'vitest'
import type { SearchQuery } from '../../domain/api/catalog.schema'
import { createCatalogAnswers, etagOf, ifNoneMatchHolds } from '../../server/services/catalog-answers'
import type { CatalogParams, CatalogService } from '../../server/services/catalog-service'
import { createChangeFeed } from '../../server/storage/change-feed'

const query = {} as SearchQuery
const params = (size: number): CatalogParams => ({ size, compact: false })

/** A catalogue whose answer is `{size, version}`; counts the searches it runs, can hold one open. */
function fakeCatalog() {
  let version = 1
  let searches = 0
  let hold: Promise<void> | null = null
  const catalog: Pick<CatalogService, 'searchAnswer'> = {
    async searchAnswer(_index: string, _type: string, _q: SearchQuery, p: CatalogParams) {
      searches += 1
      const v = version
      if (hold) await hold
      return { body: Buffer.from(JSON.stringify({ size: p.size, version: v, pad: 'x'.repeat(p.size ?? 0) })), digest: `size${p.size}v${v}` }
    },
  }
  return {
    catalog,
    searches: () => searches,
    bump: () => (version += 1),
    holdNext(): () => void {
      let release!: () => void
      hold = new Promise((r) => (release = r))
      return () => {
        hold = null
        release()
      }
    },
  }
}

describe('catalogue answers cache', () => {
  it('answers a repeat from memory until that store view changes', async () => {
    const fake = fakeCatalog()
    const feed = createChangeFeed()
    const answers = createCatalogAnswers(fake.catalog, feed)
    const a = await answers.answer('polder_nl', 'product', query, params(1))
    await answers.answer('polder_nl', 'product', query, params(1))
    expect(fake.searches()).toBe(1)
    // another store view's change leaves nl's answer alone
    feed.publish({ storeCode: 'fr', collection: 'products', rows: [], resync: true })
    await answers.answer('polder_nl', 'product', query, params(1))
    expect(fake.searches()).toBe(1)
    fake.bump()
    feed.publish({ storeCode: 'nl', collection: 'products', rows: [], resync: true })
    const b = await answers.answer('polder_nl', 'product', query, params(1))
    expect(fake.searches()).toBe(2)
    expect(b.etag).not.toBe(a.etag)
    expect(JSON.parse(b.body.toString()).version).toBe(2)
  })

  it('does not keep an answer whose query ran while the catalogue changed', async () => {
    const fake = fakeCatalog()
    const feed = createChangeFeed()
    const answers = createCatalogAnswers(fake.catalog, feed)
    const release = fake.holdNext()
    const pending = answers.answer('polder_nl', 'product', query, params(1))
    fake.bump()
    feed.publish({ storeCode: 'nl', collection: 'products', rows: [], resync: true })
    release()
    expect(JSON.parse((await pending).body.toString()).version).toBe(1)
    const next = await answers.answer('polder_nl', 'product', query, params(1))
    expect(JSON.parse(next.body.toString()).version).toBe(2)
    expect(fake.searches()).toBe(2)
  })

  it('evicts the least recently used answer past the count and the byte limits', async () => {
    const fake = fakeCatalog()
    const answers = createCatalogAnswers(fake.catalog, createChangeFeed(), { maxEntries: 2, maxBytes: 1000 })
    await answers.answer('polder_en', 'product', query, params(1))
    await answers.answer('polder_en', 'product', query, params(2))
    await answers.answer('polder_en', 'product', query, params(1)) // 1 is now the most recent
    await answers.answer('polder_en', 'product', query, params(3)) // evicts 2
    expect(fake.searches()).toBe(3)
    await answers.answer('polder_en', 'product', query, params(1))
    expect(fake.searches()).toBe(3)
    await answers.answer('polder_en', 'product', query, params(2))
    expect(fake.searches()).toBe(4)
    expect(answers.stats().entries).toBe(2)

    // bytes: one answer of ~990 bytes pushes the others out; one over the limit is never kept
    await answers.answer('polder_en', 'product', query, params(960))
    expect(answers.stats().entries).toBe(1)
    expect(answers.stats().bytes).toBeLessThanOrEqual(1000)
    await answers.answer('polder_en', 'product', query, params(1200))
    await answers.answer('polder_en', 'product', query, params(1200))
    expect(fake.searches()).toBe(7)
    expect(answers.stats().bytes).toBeLessThanOrEqual(1000)
  })

  it('stops listening to the change feed when closed', async () => {
    const fake = fakeCatalog()
    const feed = createChangeFeed()
    const answers = createCatalogAnswers(fake.catalog, feed)
    await answers.answer('polder_nl', 'product', query, params(1))
    answers.close()
    feed.publish({ storeCode: 'nl', collection: 'products', rows: [], resync: true })
    await answers.answer('polder_nl', 'product', query, params(1))
    expect(fake.searches()).toBe(1)
  })

  it('compares If-None-Match weakly, in lists and with *', () => {
    const tag = etagOf('{"a":1}')
    expect(tag).toMatch(/^W\/"/)
    expect(etagOf('{"a":1}')).toBe(tag)
    expect(etagOf('{"a":2}')).not.toBe(tag)
    expect(ifNoneMatchHolds(undefined, tag)).toBe(false)
    expect(ifNoneMatchHolds('', tag)).toBe(false)
    expect(ifNoneMatchHolds('*', tag)).toBe(true)
    expect(ifNoneMatchHolds(tag.slice(2), tag)).toBe(true)
    expect(ifNoneMatchHolds(`"other", ${tag}`, tag)).toBe(true)
    expect(ifNoneMatchHolds('"other"', tag)).toBe(false)
  })
})
