/**
 * A fresh data directory's first start (server/open-shop.ts, server/http/shop-preparing.ts), on real
 * storage and real sockets: the server listens while the catalogue is seeded, answers every request
 * but the health check 503 with Retry-After (an API call in its store view's words, a page request
 * with a page of its own), and says it is open only once the seed is done. The seed here waits for
 * the test's word, then imports the small fixture shop, so no demo shop is generated.
 */
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HealthEnvelopeSchema } from '../../domain/api/health.schema'
import fr from '../../locales/fr/server'
import nl from '../../locales/nl/server'
import { createShopReadiness } from '../../server/http/shop-preparing'
import { openShop } from '../../server/open-shop'
import { importShop } from '../../server/services/catalog-import'
import { buildFixtureShop } from './fixtures'
import { startTestServer, type TestServer } from './helpers'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const SEARCH = { _appliedFilters: [{ attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' }] }

function listenOn(shop: TestServer): () => Promise<string> {
  return async () => {
    await shop.app.listen({ port: 0, host: '127.0.0.1' })
    return `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`
  }
}

async function health(address: string): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const res = await fetch(`${address}/api/health`)
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: HealthEnvelopeSchema.parse(await res.json()) }
}

describe('a fresh shop opens only once it is seeded', () => {
  it('answers 503 with Retry-After while seeding, in the store view’s language, and says it is open when the seed is done', async () => {
    const readiness = createShopReadiness('seeding')
    const shop = (server = await startTestServer({ seed: false, readiness }))
    const lines: string[] = []
    let release!: () => void
    const waiting = new Promise<void>((resolve) => (release = resolve))
    let address = ''
    const opening = openShop({
      app: shop.app,
      storage: shop.storage,
      readiness,
      log: (line) => lines.push(line),
      listen: async () => (address = await listenOn(shop)()),
      seed: async (progress) => {
        progress('  importing the fixture shop')
        await waiting
        await importShop(shop.storage, buildFixtureShop(), new Date('2026-06-15T12:00:00Z'))
      },
    })
    await vi.waitFor(() => expect(lines).toContain('  importing the fixture shop'))
    expect(lines[0]).toBe(
      `Polder is seeding the demo shop into the empty catalogue: until it is ready, ${address} answers 503 and ${address}/api/health says "seeding"`,
    )
    expect(lines.some((line) => line.includes('is open'))).toBe(false)

    expect(await health(address)).toEqual({ status: 503, retryAfter: '10', body: { code: 503, result: { status: 'seeding' } } })

    const search = await fetch(`${address}/api/catalog/polder_nl/product/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SEARCH),
    })
    expect(search.status).toBe(503)
    expect(search.headers.get('retry-after')).toBe('10')
    expect(search.headers.get('cache-control')).toBe('no-cache, no-store')
    expect(await search.json()).toEqual({ code: 503, result: nl.serverErrors.shopPreparing })
    // the client's reachability probe, and a write: nothing is served from a half-filled shop
    expect((await fetch(`${address}/api`)).status).toBe(503)
    expect((await fetch(`${address}/api/cart/create`, { method: 'POST' })).status).toBe(503)

    const page = await fetch(`${address}/be/c/bikes-3`, { headers: { accept: 'text/html,application/xhtml+xml' } })
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('10')
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await page.text()
    expect(html).toContain('<html lang="nl-BE">')
    expect(html).toContain(`<h1>${nl.serverErrors.shopPreparingTitle}</h1>`)
    expect(html).toContain(nl.serverErrors.shopPreparingPage)
    expect(html).toContain('<meta http-equiv="refresh" content="10">')
    const french = await (await fetch(`${address}/fr/`, { headers: { accept: 'text/html' } })).text()
    expect(french).toContain(`<h1>${fr.serverErrors.shopPreparingTitle}</h1>`)

    release()
    await opening
    expect(lines.at(-1)).toBe(`Polder is open at ${address}/en/ (French store view also at ${address.replace('://', '://fr.')}/)`)
    expect(lines.filter((line) => line.includes('is open'))).toHaveLength(1)
    expect(readiness.state).toBe('ok')
    expect(await health(address)).toEqual({ status: 200, retryAfter: null, body: { code: 200, result: { status: 'ok' } } })
    const open = await fetch(`${address}/api/catalog/polder_nl/product/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SEARCH),
    })
    expect(open.status).toBe(200)
    expect(((await open.json()) as { hits: { total: { value: number } } }).hits.total.value).toBeGreaterThan(0)
  })

  it('opens all the same when the seed fails, the failure in the log', async () => {
    const readiness = createShopReadiness('seeding')
    const shop = (server = await startTestServer({ seed: false, readiness }))
    const lines: string[] = []
    let address = ''
    await openShop({
      app: shop.app,
      storage: shop.storage,
      readiness,
      log: (line) => lines.push(line),
      listen: async () => (address = await listenOn(shop)()),
      seed: () => Promise.reject(new Error('the generator ran out of names')),
    })
    expect(lines.slice(1)).toEqual([
      'Seeding the demo shop failed: Error: the generator ran out of names',
      `Polder is open at ${address}/en/ (French store view also at ${address.replace('://', '://fr.')}/)`,
    ])
    expect((await health(address)).body).toEqual({ code: 200, result: { status: 'ok' } })
  })

  it('opens a stocked shop after warming it, without seeding, and answers at once', async () => {
    const readiness = createShopReadiness('ok')
    const shop = (server = await startTestServer({ readiness }))
    const lines: string[] = []
    let address = ''
    const seed = vi.fn(() => Promise.resolve())
    await openShop({
      app: shop.app,
      storage: shop.storage,
      readiness,
      log: (line) => lines.push(line),
      listen: async () => (address = await listenOn(shop)()),
      seed,
    })
    expect(seed).not.toHaveBeenCalled()
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^Warmed the catalogue in \d+ ms/)
    expect(lines[1]).toContain('Polder is open at')
    expect(await health(address)).toEqual({ status: 200, retryAfter: null, body: { code: 200, result: { status: 'ok' } } })
    expect((await fetch(`${address}/api`)).status).toBe(200)
  })
})
