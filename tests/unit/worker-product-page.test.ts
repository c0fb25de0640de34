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
    await waitFor(status, (s) => s.isLeader && s.productCount > 0)
    const states: string[] = []
    await service.subscribeProduct('SKU-1', (view) => states.push(view.state))
    // the listing's light document at once, then the full one; the price refresh (no render-list
    // here: it fails) may emit the ready view once more
    expect(states.slice(0, 3)).toEqual(['loading', 'light', 'ready'])
    expect(new Set(states.slice(2))).toEqual(new Set(['ready']))

    await service.setOnline(false)
    const offline: string[] = []
    await service.subscribeProduct('SKU-1', (view) => offline.push(`${view.state}:${view.product?.description ?? ''}`))
    expect(offline).toEqual(['loading:', 'ready:A full document'])
    // never viewed but listed: its light document, full details when back online
    const listed: string[] = []
    await service.subscribeProduct('SKU-9', (view) => listed.push(`${view.state}:${view.fullDetails ?? ''}:${view.light?.name ?? ''}`))
    expect(listed).toEqual(['loading::', `light:offline:${backend.products.find((p) => p.sku === 'SKU-9')?.name}`])
    const never: string[] = []
    await service.subscribeProduct('NOT-HERE', (view) => never.push(view.state))
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

  it('the server answering 500 while online: the page is shown from the light document with server trouble, the status says so, never offline', async () => {
    const backend = new FakeBackend()
    const answer = backend.fetch
    let broken = false
    backend.fetch = async (input, init) => (broken && input.includes('/api/catalog') ? new Response('oops', { status: 500 }) : answer(input, init))
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader && s.productCount > 0)
    broken = true
    const views: ProductView[] = []
    await service.subscribeProduct('SKU-1', (view) => views.push(view))
    expect(views.map((v) => (v.state === 'light' ? `light:${v.fullDetails}` : v.state))).toEqual(['loading', 'light:loading', 'light:server-trouble'])
    expect(views[1]?.light?.sku).toBe('SKU-1')
    const troubled = await waitFor(status, (s) => s.serverTrouble)
    expect(troubled.online).toBe(true)

    // the server answers again: a new subscription (the page's Retry) gets the full document
    broken = false
    const retried: string[] = []
    await service.subscribeProduct('SKU-1', (view) => retried.push(view.state))
    expect(retried.slice(0, 3)).toEqual(['loading', 'light', 'ready'])
    expect((await waitFor(status, (s) => !s.serverTrouble)).online).toBe(true)
  })
})
