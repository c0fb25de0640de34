/**
 * The client's network code (replication/) against the real server over real HTTP: the catalogue
 * pull from our feed and, for a back end without the feed extension, from paging /api/catalog;
 * and the spec's cart sync creating, updating, replacing and deleting server cart lines.
 */
import { describe, expect, it } from 'vitest'
import type { ReplicatedCollection } from '../../domain/api/replication.schema'
import { ApiClient, type FetchLike } from '../../replication/api-client'
import { createCatalogPullHandler, type PullSource } from '../../replication/catalog-pull'
import { syncCart, type CartSyncDeps } from '../../replication/cart-sync'
import { localItem, MemoryCartStore } from '../unit/cart-fakes'
import { useTestServer } from './helpers'

const server = useTestServer({ listen: true })

const realFetch: FetchLike = (url, init) => fetch(url, init)
/** The real server with the feed extension's path renamed away: what a stock vue-storefront-api answers (404). */
const fetchWithoutFeed: FetchLike = (url, init) => fetch(url.replace('/api/ext/replication/', '/api/ext/not-installed/'), init)

async function pullAll(fetchImpl: FetchLike, collection: ReplicatedCollection, batchSize: number) {
  const api = new ApiClient({ baseUrl: server.baseUrl, storeCode: 'nl', fetch: fetchImpl })
  const sources = new Set<PullSource>()
  const pull = createCatalogPullHandler({
    api,
    collection,
    index: 'polder_nl',
    projection: 'light',
    toLocal: (doc) => doc,
    onBatch: (info) => sources.add(info.source),
  })
  const ids: string[] = []
  let checkpoint: Parameters<typeof pull>[0]
  for (let round = 0; round < 100; round++) {
    const batch = await pull(checkpoint, batchSize)
    if (batch.documents.length === 0) break
    ids.push(...batch.documents.map((d) => d.id))
    checkpoint = batch.checkpoint
  }
  return { ids, sources: [...sources] }
}

async function catalogueIds(type: 'product' | 'category'): Promise<string[]> {
  const res = await fetch(`${server.baseUrl}/api/catalog/polder_nl/${type}/_search?size=4000`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _appliedFilters: [] }),
  })
  const body = (await res.json()) as { hits: { hits: { _id: string }[] } }
  return body.hits.hits.map((h) => h._id).sort()
}

describe('catalogue pull', () => {
  it('pulls every product once from the feed, in small batches', async () => {
    const { ids, sources } = await pullAll(realFetch, 'products', 3)
    expect(sources).toEqual(['feed'])
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(await catalogueIds('product'))
  })

  it('falls back to paging /api/catalog when the feed extension is absent, with the same result', async () => {
    const feed = await pullAll(realFetch, 'products', 4)
    const fallback = await pullAll(fetchWithoutFeed, 'products', 4)
    expect(fallback.sources).toEqual(['catalog'])
    expect(new Set(fallback.ids).size).toBe(fallback.ids.length)
    expect([...fallback.ids].sort()).toEqual([...feed.ids].sort())
    const categories = await pullAll(fetchWithoutFeed, 'categories', 2)
    expect([...categories.ids].sort()).toEqual(await catalogueIds('category'))
  })
})

describe('cart sync against the real cart API', () => {
  const api = () => new ApiClient({ baseUrl: server.baseUrl, storeCode: 'nl', fetch: realFetch })
  const store = new MemoryCartStore()
  let clock = 1_000
  const deps = (): CartSyncDeps => ({ api: api(), store, now: () => ++clock })
  const serverLines = async () => {
    const cartId = (await store.getState()).serverCartId!
    const lines = await api().pullCart(cartId)
    return lines.map((l) => `${l.sku}×${l.qty}`).sort()
  }

  it('creates the server cart and pushes local lines (no-item)', async () => {
    await store.putItem(localItem('SOCK-1', 2))
    await store.putItem(localItem('TEE-RED-M', 1, { parentSku: 'TEE', type_id: 'configurable' }))
    const result = await syncCart(deps(), { forceClientState: true })
    expect(result.cartId).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(result.diff.items.map((e) => e.status).sort()).toEqual(['no-item', 'no-item'])
    expect(await serverLines()).toEqual(['SOCK-1×2', 'TEE-RED-M×1'])
    for (const item of await store.getItems()) expect(item.server_item_id).toBeGreaterThan(0)
    // NL VAT 21 %: the server's grand total is the sum of its rows incl. tax (store pickup is free)
    const rows = result.totals!.items.reduce((sum, i) => sum + i.row_total_incl_tax, 0)
    expect(result.totals!.grand_total).toBeCloseTo(rows, 2)
    expect(result.totals!.grand_total).toBeGreaterThan(0)
  })

  it('pushes a changed quantity (wrong-qty) and deletes a line removed locally', async () => {
    const sock = (await store.getItems()).find((i) => i.sku === 'SOCK-1')!
    await store.putItem({ ...sock, prev_qty: sock.qty, qty: 3 })
    const tee = (await store.getItems()).find((i) => i.sku === 'TEE-RED-M')!
    await store.removeItem(tee.key)
    const result = await syncCart(deps(), { forceClientState: true })
    expect(result.diff.items.map((e) => `${e.sku}:${e.status}`).sort()).toEqual(['SOCK-1:wrong-qty', 'TEE-RED-M:no-item'])
    expect(await serverLines()).toEqual(['SOCK-1×3'])
  })

  it('reports no changes when both sides agree', async () => {
    const result = await syncCart(deps(), { forceClientState: true })
    expect(result.diff.items.every((e) => e.status === 'no-changes')).toBe(true)
    expect(result.diff.isEmpty()).toBe(true)
    expect(await serverLines()).toEqual(['SOCK-1×3'])
  })

  it('replaces a cart the server does not know with a fresh guest cart holding the local lines', async () => {
    const unknown = 'Z'.repeat(32)
    await store.setState({ serverCartId: unknown, syncedHash: null })
    const result = await syncCart(deps(), { forceClientState: true })
    expect(result.cartId).not.toBe(unknown)
    expect(result.events.some((e) => e.type === 'cartReplaced')).toBe(true)
    expect(await serverLines()).toEqual(['SOCK-1×3'])
  })
})
