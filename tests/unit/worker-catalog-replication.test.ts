/**
 * The DataService (what the worker exposes) replicating the catalogue from a fake back end's feed
 * on real RxDB (memory storage, ajv validation as in development): leadership, category pages with
 * facets, and live changes from the feed stream. Databases are closed after each test (free-tier cap
 * of 13 open collections per realm).
 */
import { describe, expect, it, vi } from 'vitest'
import type { CategoryPage, SyncStatus } from '../../workers/contract/views'
import type { EventSourceFactory, EventSourceLike } from '../../replication/catalog-pull'
import { FakeBackend, useBackendServices } from './worker-backend'
import { waitFor } from './worker-harness'

const { start } = useBackendServices()

describe('DataService (worker): catalogue replication', () => {
  it('becomes leader, replicates the catalogue and answers category pages with facets', async () => {
    const backend = new FakeBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader && s.productCount === 60)
    expect(status()?.lastPulledAt).not.toBeNull()

    let page: CategoryPage | undefined
    await service.subscribeCategoryPage({ categoryId: 20, filters: { color: ['50'] }, sort: 'price_desc', size: 5 }, (p) => {
      page = p
    })
    const result = await waitFor(
      () => page,
      (p) => p.total > 0,
    )
    expect(result.items.length).toBeLessThanOrEqual(5)
    expect(result.items.every((i) => i.color_options.includes(50))).toBe(true)
    expect(result.items[0]!.final_price_incl_tax).toBeGreaterThan(result.items[1]!.final_price_incl_tax)
    expect(result.facets.find((f) => f.attribute_code === 'color')?.label).toBe('Colour')
    // the categories and attributes replicate beside the products: the product count says nothing of them
    await vi.waitFor(async () => expect((await service.getCategoryBySlug('odd'))?.id).toBe(21))
    await vi.waitFor(async () => expect((await service.listAttributes(['color']))[0]?.options).toHaveLength(3))
  })

  it('says it is replicating, online, from the moment it leads until the catalogue has caught up once', async () => {
    const backend = new FakeBackend()
    const { service } = await start(backend)
    const seen: SyncStatus[] = []
    await service.subscribeSyncStatus((s) => seen.push(s))
    await waitFor(
      () => seen.at(-1),
      (s) => s.productCount === 60 && !s.replicating,
    )
    // a page reads "ready" when not replicating: never before every product is there
    const early = seen.filter((s) => s.isLeader && s.online && !s.replicating && s.productCount < 60)
    expect(early).toEqual([])
    expect(seen.some((s) => s.isLeader && s.replicating)).toBe(true)
  })

  it('live changes from the feed stream reach the local catalogue (update and tombstone)', async () => {
    const backend = new FakeBackend()
    const sources: { url: string; source: EventSourceLike }[] = []
    const factory: EventSourceFactory = (url) => {
      const source: EventSourceLike = { onmessage: null, onerror: null, close: () => undefined }
      sources.push({ url, source })
      return source
    }
    const { service, status } = await start(backend, { eventSource: factory })
    await waitFor(status, (s) => s.productCount === 60)
    expect(sources[0]?.url).toBe('http://shop.test/api/ext/replication/v1/en/stream?projection=light')
    let page: CategoryPage | undefined
    await service.subscribeCategoryPage({ categoryId: 20, filters: {}, sort: 'price_desc', size: 100 }, (p) => {
      page = p
    })
    const before = await waitFor(
      () => page,
      (p) => p.total === 30,
    )
    expect(before.items[0]?.sku).toBe('SKU-60')

    const changed = {
      ...backend.products[1]!,
      price_incl_tax: 999,
      final_price_incl_tax: 999,
      original_price_incl_tax: 999,
      updated_at: '2026-03-01T00:00:00.000Z',
    }
    const gone = { ...backend.products[59]!, _deleted: true, updated_at: '2026-03-01T00:00:01.000Z' }
    sources[0]!.source.onmessage?.({
      data: JSON.stringify({ type: 'changes', collection: 'products', documents: [changed, gone], checkpoint: { id: gone.id, updatedAt: gone.updated_at } }),
    })
    const after = await waitFor(
      () => page,
      (p) => p.total === 29 && p.items[0]?.sku === 'SKU-2',
    )
    expect(after.items[0]?.final_price_incl_tax).toBe(99900)
    await waitFor(status, (s) => s.productCount === 59)
  })
})
