/**
 * The DataService's product pages against a fake back end on real RxDB: full documents fetched
 * online and kept for offline, unknown skus, and prices refreshed through render-list. Databases
 * are closed after each test.
 */
import { describe, expect, it } from 'vitest'
import type { ProductView } from '../../workers/contract/views'
import { FakeBackend, useBackendServices } from './worker-backend'
import { waitFor } from './worker-harness'

const { start } = useBackendServices()

describe('DataService (worker): product pages', () => {
  it('product pages: fetched online and kept, then served offline; unknown skus are missing', async () => {
    const backend = new FakeBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const states: string[] = []
    await service.subscribeProduct('SKU-1', (view) => states.push(view.state))
    // the price refresh (no render-list here: it fails) may emit the ready view once more
    expect(states.slice(0, 2)).toEqual(['loading', 'ready'])
    expect(new Set(states.slice(1))).toEqual(new Set(['ready']))

    await service.setOnline(false)
    const offline: string[] = []
    await service.subscribeProduct('SKU-1', (view) => offline.push(`${view.state}:${view.product?.description ?? ''}`))
    expect(offline).toEqual(['loading:', 'ready:A full document'])
    const never: string[] = []
    await service.subscribeProduct('SKU-9', (view) => never.push(view.state))
    expect(never).toEqual(['loading', 'offline-unavailable'])

    await service.setOnline(true)
    const missing: string[] = []
    await service.subscribeProduct('NOPE', (view) => missing.push(view.state))
    expect(missing).toEqual(['loading', 'missing'])
  })

  it('product pages: prices refreshed through render-list online are current; offline they are not', async () => {
    const backend = new FakeBackend()
    backend.renderList = true
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    let view: ProductView | undefined
    await service.subscribeProduct('SKU-1', (v) => {
      view = v
    })
    const fresh = await waitFor(
      () => view,
      (v) => v.priceIsCurrent === true,
    )
    expect(fresh.product?.final_price_incl_tax).toBe(9.99)
    expect(fresh.priceRefreshedAt).toEqual(expect.any(String))
    expect(backend.requests.filter((r) => r === 'GET /api/product/render-list')).toHaveLength(1)

    await service.setOnline(false)
    let offline: ProductView | undefined
    await service.subscribeProduct('SKU-1', (v) => {
      offline = v
    })
    const stale = await waitFor(
      () => offline,
      (v) => v.state === 'ready',
    )
    expect(stale.priceIsCurrent).toBe(false)
    expect(stale.priceRefreshedAt).toBe(fresh.priceRefreshedAt)
    expect(backend.requests.filter((r) => r === 'GET /api/product/render-list')).toHaveLength(1)
  })
})
