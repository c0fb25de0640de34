/**
 * `npm run bench:isolation`: does a shopper's cart and checkout stay quick while clients loop the
 * costliest catalogue search the API allows?
 *
 * A real shop (PGlite by default, a fresh PostgreSQL database with DATABASE_URL) on N generated
 * products. N clients, each from an address of its own (X-Forwarded-For, the server trusting its
 * proxy), loop `costliestCatalogQuery` back to back; meanwhile one shopper, from yet another
 * address, reads a cart and places an order (a new cart with one line each time) again and again.
 * Prints p50 / p95 of the cart reads and the order placements, and what the catalogue answered.
 *
 * Usage: npm run bench:isolation [-- --products 2000] [--clients 8] [--seconds 20] [--port 3470]
 *        [--data-dir dir] (a PGlite directory seeded before, served as it is)
 *        [--text "cotton shirt"] (the costliest search with the shopper's words too)
 */
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEFAULT_LIMITS } from '../../server/config'
import { NL_ADDRESS } from '../integration/order-fixtures'
import { costliestCatalogQuery } from './costly-catalog-query'
import { startShop } from './shop'
import { ms, summary } from './stats'

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    clients: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '20' },
    port: { type: 'string', default: '3470' },
    'data-dir': { type: 'string' },
    text: { type: 'string' },
  },
})
const products = Number(args.products)
const clients = Number(args.clients)
const seconds = Number(args.seconds)
const databaseUrl = process.env.DATABASE_URL || undefined

const shop = await startShop(products, Number(args.port), {
  databaseUrl,
  seededDataDir: databaseUrl ? undefined : args['data-dir'],
  readyPath: '/api',
  // the shopper places many orders from one address; the looping clients each have their own
  env: {
    TRUST_PROXY: 'true',
    RATE_LIMIT_ORDERS: '0',
    RATE_LIMIT_CART_CREATES: '0',
    RATE_LIMIT_WRITES: '0',
    // the shop's own limit on catalogue searches (each looping client stays under it)
    RATE_LIMIT_CATALOG: process.env.RATE_LIMIT_CATALOG ?? String(DEFAULT_LIMITS.catalogSearchesPerMinute),
  },
})

const SHOPPER = { 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.1' }

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = SHOPPER): Promise<{ status: number; body: string }> {
  const res = await fetch(`${shop.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, body: await res.text() }
}

async function result<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await call(method, path, body)
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${res.body.slice(0, 300)}`)
  return (JSON.parse(res.body) as { result: T }).result
}

const ADDRESS = NL_ADDRESS

try {
  // simple products in stock, taken in turn so no one runs out
  const listed = await call('POST', '/api/catalog/polder_en/product/_search?size=300&_source_include=sku', {
    _appliedFilters: [
      { attribute: 'type_id', value: { eq: 'simple' } },
      { attribute: 'stock.is_in_stock', value: { eq: true } },
    ],
  })
  const listedSkus = (JSON.parse(listed.body) as { hits: { hits: { _source: { sku: string } }[] } }).hits.hits.map((h) => h._source.sku)
  // those a cart takes without options to choose
  const probeCart = await result<string>('POST', '/api/cart/create')
  const skus: string[] = []
  for (const sku of listedSkus) {
    const res = await call('POST', `/api/cart/update?cartId=${probeCart}`, { cartItem: { quoteId: probeCart, sku, qty: 1 } })
    if (res.status === 200) skus.push(sku)
  }
  if (skus.length === 0) throw new Error(`no simple product in stock: ${listed.body.slice(0, 300)}`)

  let placed = 0
  async function placeOrder(timed: number[]): Promise<void> {
    const cartId = await result<string>('POST', '/api/cart/create')
    // the next product still in stock (each order holds its line's stock until it is paid)
    let sku = ''
    while (!sku) {
      if (skus.length === 0) throw new Error('every product of the bench is out of stock')
      const candidate = skus[placed++ % skus.length]!
      const added = await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku: candidate, qty: 1 } })
      if (added.status === 200) sku = candidate
      else skus.splice(skus.indexOf(candidate), 1)
    }
    const order = {
      order_id: `bench-${Date.now()}-${placed}`,
      cart_id: cartId,
      user_id: '',
      store_code: 'en',
      transmited: true,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      products: [{ sku, qty: 1, price: 0.01, name: sku, product_type: 'simple' }],
      addressInformation: {
        shippingAddress: ADDRESS,
        billingAddress: ADDRESS,
        shipping_method_code: 'flatrate',
        shipping_carrier_code: 'flatrate',
        payment_method_code: 'banktransfer',
        payment_method_additional: {},
      },
    }
    const started = performance.now()
    const res = await call('POST', '/api/order', order)
    timed.push(performance.now() - started)
    if (res.status !== 200) throw new Error(`POST /api/order answered ${res.status}: ${res.body.slice(0, 300)}`)
  }

  /** the shopper: a cart read and an order, a short pause, again, until `until` and at least `least` times */
  async function shopper(until: number, least = 0) {
    const cartReads: number[] = []
    const orders: number[] = []
    const cartId = await result<string>('POST', '/api/cart/create')
    await result('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { quoteId: cartId, sku: skus[0]!, qty: 1 } })
    while (Date.now() < until || cartReads.length < least) {
      const started = performance.now()
      const res = await call('GET', `/api/cart/pull?cartId=${cartId}`)
      cartReads.push(performance.now() - started)
      if (res.status !== 200) throw new Error(`GET /api/cart/pull answered ${res.status}: ${res.body.slice(0, 300)}`)
      await placeOrder(orders)
      await sleep(100)
    }
    return { cartReads: summary(cartReads), orders: summary(orders) }
  }

  const answers = new Map<number, number>()
  const searchTimes: number[] = []
  let nonce = 0
  let looping = true
  async function loopingClient(i: number) {
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${i + 1}` }
    while (looping) {
      const costliest = costliestCatalogQuery(++nonce)
      const { query } = costliest
      const body = args.text ? { ...costliest.body, _searchText: args.text } : costliest.body
      const started = performance.now()
      const res = await call('POST', `/api/catalog/polder_en/product/_search${query}`, body, headers)
      searchTimes.push(performance.now() - started)
      answers.set(res.status, (answers.get(res.status) ?? 0) + 1)
      if (res.status === 400) throw new Error(`the costly query was refused: ${res.body.slice(0, 300)}`)
    }
  }

  const print = (label: string, r: Awaited<ReturnType<typeof shopper>>) =>
    console.log(
      `${label}: cart read p50 ${ms(r.cartReads.p50)} p95 ${ms(r.cartReads.p95)} (n ${r.cartReads.n}); ` +
        `order p50 ${ms(r.orders.p50)} p95 ${ms(r.orders.p95)} (n ${r.orders.n})`,
    )

  console.log(
    `${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${products} products, ${clients} looping clients, ${seconds} s${args.text ? `, the search with the words "${args.text}"` : ''}`,
  )
  print('alone', await shopper(Date.now() + 5000))
  const [loaded] = await Promise.all([
    (async () => {
      await sleep(1000) // the loop under way
      try {
        return await shopper(Date.now() + seconds * 1000, 10)
      } finally {
        looping = false
      }
    })(),
    ...Array.from({ length: clients }, (_, i) => loopingClient(i)),
  ])
  print(`while ${clients} clients loop the costliest search`, loaded)
  const search = summary(searchTimes)
  const statuses = [...answers.entries()].map(([status, n]) => `${status}: ${n}`).join(', ')
  console.log(`the costliest search: p50 ${ms(search.p50)} p95 ${ms(search.p95)}; answers ${statuses}`)
} finally {
  await shop.stop()
}
