/**
 * Clients looping catalogue searches must not stall the shop: a shopper's cart read and order stay
 * quick while eight clients loop the costliest search the limits allow (on PGlite's one connection
 * the shop's own work goes before queued searches; on PostgreSQL searches leave connections free),
 * and one address asking too many searches is told to wait.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { DEFAULT_LIMITS } from '../../server/config'
import { openDatabase } from '../../server/storage'
import { asBackgroundRead } from '../../server/storage/query-priority'
import { costliestCatalogQuery } from '../bench/costly-catalog-query'
import { percentile } from '../bench/stats'
import { json, startGeneratedShopServer, useTestServer } from './helpers'
import { orderBody } from './order-fixtures'

const SEARCH = '/api/catalog/polder_en/product/_search'

describe.skipIf(Boolean(process.env.DATABASE_URL))("PGlite's one connection", () => {
  it("runs a query of the shop's own work before the catalogue reads queued ahead of it", async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' })
    try {
      const done: string[] = []
      const slowRead = sql`SELECT count(*) FROM generate_series(1, 200000) AS g(i) WHERE i % 7 = 3`
      const reads = Array.from({ length: 4 }, (_, i) => asBackgroundRead(() => database.db.query(slowRead)).then(() => done.push(`read ${i}`)))
      const cartRead = database.db.query(sql`SELECT 1 AS one`).then(() => done.push('cart read'))
      await Promise.all([...reads, cartRead])
      // the read that held the connection finishes first; the cart read comes right after it
      expect(done).toEqual(['read 0', 'cart read', 'read 1', 'read 2', 'read 3'])
    } finally {
      await database.close()
    }
  })
})

describe('catalogue searches per address', () => {
  const LIMIT = 5
  const server = useTestServer({ limits: { ...DEFAULT_LIMITS, catalogSearchesPerMinute: LIMIT } })

  it('past the limit an address gets 429 with Retry-After, counted over GET and POST; other addresses and its cart are not held up', async () => {
    const from = (remoteAddress: string, method: 'GET' | 'POST') =>
      server.app.inject({
        method,
        url: method === 'GET' ? `${SEARCH}?request=${encodeURIComponent('{}')}` : SEARCH,
        payload: method === 'POST' ? {} : undefined,
        remoteAddress,
      })
    for (let i = 0; i < LIMIT; i++) expect((await from('10.0.0.1', i % 2 ? 'GET' : 'POST')).statusCode).toBe(200)
    for (const method of ['GET', 'POST'] as const) {
      const refused = await from('10.0.0.1', method)
      expect(refused.statusCode, refused.body).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(json<Envelope<string>>(refused).result).toMatch(/Too many requests: try again in \d+ seconds/)
    }
    expect((await from('10.0.0.2', 'POST')).statusCode).toBe(200)
    const cart = await server.app.inject({ method: 'POST', url: '/api/cart/create', remoteAddress: '10.0.0.1' })
    expect(cart.statusCode).toBe(200)
    const cartId = json<Envelope<string>>(cart).result
    expect((await server.app.inject({ method: 'GET', url: `/api/cart/pull?cartId=${cartId}`, remoteAddress: '10.0.0.1' })).statusCode).toBe(200)
  })
})

describe('eight clients looping the costliest allowed search', () => {
  const server = useTestServer(() => startGeneratedShopServer(500))
  const SHOPPER = '10.1.0.1'

  async function call(method: 'GET' | 'POST', url: string, payload?: object) {
    return server.app.inject({ method, url, payload, remoteAddress: SHOPPER })
  }

  /** a new cart holding one line of a simple product a cart takes without choices, and that product's sku */
  async function cartWithLine(skus: string[]): Promise<{ cartId: string; sku: string }> {
    const cartId = json<Envelope<string>>(await call('POST', '/api/cart/create')).result
    for (;;) {
      const sku = skus[0]
      if (!sku) throw new Error('no product left in stock')
      const added = await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku, qty: 1 } })
      if (added.statusCode === 200) {
        skus.push(skus.shift()!)
        return { cartId, sku }
      }
      skus.shift()
    }
  }

  it('a cart read and an order placement answer within 300 ms (p95) meanwhile', async () => {
    const listed = await call('POST', `${SEARCH}?size=200&_source_include=sku`, {
      _appliedFilters: [
        { attribute: 'type_id', value: { eq: 'simple' } },
        { attribute: 'stock.is_in_stock', value: { eq: true } },
      ],
    })
    const skus = json<{ hits: { hits: { _source: { sku: string } }[] } }>(listed).hits.hits.map((h) => h._source.sku)
    const shopperCart = await cartWithLine(skus)

    let looping = true
    let nonce = 0
    const answered = new Map<number, number>()
    const loops = Array.from({ length: 8 }, async (_, i) => {
      while (looping) {
        const { body, query } = costliestCatalogQuery(++nonce)
        const res = await server.app.inject({ method: 'POST', url: `${SEARCH}${query}`, payload: body, remoteAddress: `10.2.0.${i + 1}` })
        answered.set(res.statusCode, (answered.get(res.statusCode) ?? 0) + 1)
      }
    })
    const cartReads: number[] = []
    const orders: number[] = []
    try {
      // the searches under way
      await new Promise((resolve) => setTimeout(resolve, 1500))
      for (let round = 0; round < 20; round++) {
        let started = performance.now()
        const pulled = await call('GET', `/api/cart/pull?cartId=${shopperCart.cartId}`)
        cartReads.push(performance.now() - started)
        expect(pulled.statusCode, pulled.body).toBe(200)

        const { cartId, sku } = await cartWithLine(skus)
        started = performance.now()
        const placed = await call('POST', '/api/order', orderBody(cartId, [{ sku, qty: 1 }]))
        orders.push(performance.now() - started)
        expect(placed.statusCode, placed.body).toBe(200)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      looping = false
      await Promise.all(loops)
    }
    const figures = `cart reads ${cartReads.map(Math.round).join(' ')}; orders ${orders.map(Math.round).join(' ')}; searches ${JSON.stringify([...answered])}`
    // the searches were really running: answered, in time or not, and never refused
    expect(
      [...answered.keys()].every((status) => status === 200 || status === 503),
      figures,
    ).toBe(true)
    expect(percentile(cartReads, 95), figures).toBeLessThan(300)
    expect(percentile(orders, 95), figures).toBeLessThan(300)
  }, 120_000)
})
