/**
 * An in-memory HTTP back end with the API's cart, stock, catalogue, product render-list and
 * replication-feed semantics (60 light products in categories 20 "Even" and 21 "Odd", one colour
 * attribute), and a starter that runs a whole DataService against it on real RxDB and follows its
 * sync status and cart. Shared by the worker-*.test.ts files that drive the DataService end to end.
 */
import type { RxStorage } from 'rxdb'
import type { OrderBody } from '../../domain/api/order.schema'
import type { StockItem } from '../../domain/api/stock.schema'
import type { Product } from '../../domain/product.schema'
import type { CartView, SyncStatus } from '../../workers/contract/views'
import type { WorkerConfig } from '../../workers/contract/config'
import type { CartItemUpdate } from '../../replication/api-client'
import type { EventSourceFactory } from '../../replication/catalog-pull'
import { colourAttribute, testProduct } from '../fixtures/catalog'
import { FakeCartServer } from './cart-fakes'
import { json, useWorkerServices } from './worker-harness'

export interface WireDoc {
  id: string
  updated_at: string
  _deleted: boolean
  [key: string]: unknown
}

/** A light product as the replication feed sends it: SKU-i at url key p-i, 12.10 incl. VAT, in stock; `fields` override. */
export function wireProduct(i: number, fields: Record<string, unknown> = {}): WireDoc {
  return {
    id: String(i),
    sku: `SKU-${i}`,
    name: `Product ${i}`,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    url_key: `p-${i}`,
    url_path: `p-${i}.html`,
    slug: `p-${i}`,
    price: 10,
    price_incl_tax: 12.1,
    final_price_incl_tax: 12.1,
    original_price_incl_tax: 12.1,
    category_ids: [2],
    stock: { is_in_stock: true, qty: 10 },
    sold_qty: i,
    eol: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: `2026-02-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
    _deleted: false,
    ...fields,
  }
}

/** Products 1…count, even ones in category 20 "Even", odd ones in 21 "Odd", prices rising with i. */
function wireProducts(count: number): WireDoc[] {
  return Array.from({ length: count }, (_, index) => {
    const i = index + 1
    const price = 12.1 + i
    return wireProduct(i, {
      price_incl_tax: price,
      final_price_incl_tax: price,
      original_price_incl_tax: price,
      category_ids: [2, i % 2 === 0 ? 20 : 21],
      category: [{ category_id: 20, name: 'Even', position: i }],
      color: 49 + (i % 3),
    })
  })
}

/** A category as the replication feed sends it (slug = url key = url path). */
export function wireCategory(id: number, parentId: number, name: string, level: number, position: number): WireDoc {
  const slug = name.toLowerCase()
  return {
    id: String(id),
    parent_id: parentId,
    name,
    url_key: slug,
    url_path: slug,
    slug,
    path: parentId === 1 ? `1/${id}` : `1/${parentId}/${id}`,
    level,
    position,
    updated_at: '2026-01-01T00:00:00.000Z',
    _deleted: false,
  }
}

const categories: WireDoc[] = [wireCategory(2, 1, 'Root', 1, 0), wireCategory(20, 2, 'Even', 2, 1), wireCategory(21, 2, 'Odd', 2, 2)]
const colour = colourAttribute([
  ['49', 'Black'],
  ['50', 'Red'],
  ['51', 'Blue'],
])
const attributes: WireDoc[] = [{ ...colour, id: '93', _deleted: false }]

export function fullProduct(sku: string): Product {
  return testProduct(sku, {
    name: 'Product 1',
    url_key: 'p-1',
    url_path: 'p-1.html',
    slug: 'p-1',
    price_incl_tax: 12.1,
    final_price_incl_tax: 12.1,
    category_ids: [2, 21],
    stock: { is_in_stock: true, qty: 10, manage_stock: true },
    sold_qty: 1,
    updated_at: '2026-02-01T00:00:01.000Z',
    description: 'A full document',
  })
}

export class FakeBackend {
  cart = new FakeCartServer()
  products = wireProducts(60)
  stock = new Map<string, StockItem['stock_status']>()
  requests: string[] = []
  up = true
  /** answers /api/product/render-list (else 404, as a back end without it) */
  renderList = false

  fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    if (!this.up) throw new TypeError('Failed to fetch')
    const url = new URL(input)
    this.requests.push(`${init.method ?? 'GET'} ${url.pathname}`)
    const q = url.searchParams
    const body = (typeof init.body === 'string' ? JSON.parse(init.body) : {}) as { cartItem: CartItemUpdate & { item_id: number } }
    const feed = /^\/api\/ext\/replication\/v1\/en\/(products|categories|attributes)\/pull$/.exec(url.pathname)
    try {
      if (feed) {
        const all = { products: this.products, categories, attributes }[feed[1] as 'products']
        const sorted = [...all].sort((a, b) => (a.updated_at + a.id < b.updated_at + b.id ? -1 : 1))
        const after = q.get('updatedAt')
        const id = q.get('id') ?? ''
        const fresh = sorted.filter((d) => !after || d.updated_at > after || (d.updated_at === after && d.id > id))
        const page = fresh.slice(0, Number(q.get('limit') ?? 200))
        const last = page[page.length - 1]
        return json({ code: 200, result: { documents: page, checkpoint: last ? { id: last.id, updatedAt: last.updated_at } : null } })
      }
      switch (url.pathname) {
        case '/api/cart/create':
          return json({ code: 200, result: await this.cart.api.createCart() })
        case '/api/cart/pull':
          return json({ code: 200, result: await this.cart.api.pullCart(q.get('cartId')!) })
        case '/api/cart/update':
          return json({ code: 200, result: await this.cart.api.updateCartItem(q.get('cartId')!, body.cartItem) })
        case '/api/cart/delete':
          return json({ code: 200, result: await this.cart.api.deleteCartItem(q.get('cartId')!, body.cartItem) })
        case '/api/cart/totals':
          return json({ code: 200, result: await this.cart.api.cartTotals(q.get('cartId')!) })
        case '/api/cart/apply-coupon':
          return json({ code: 200, result: await this.cart.api.applyCoupon(q.get('cartId')!, q.get('coupon')!) })
        case '/api/cart/delete-coupon':
          return json({ code: 200, result: await this.cart.api.deleteCoupon(q.get('cartId')!) })
        case '/api/stock/check': {
          const sku = q.get('sku')!
          const status = this.stock.get(sku) ?? 'ok'
          const item: StockItem = {
            item_id: 1,
            product_id: 1,
            stock_id: 1,
            product_sku: sku,
            qty: status === 'ok' ? 50 : status === 'volatile' ? 2 : 0,
            is_in_stock: status !== 'out_of_stock',
            manage_stock: true,
            min_sale_qty: 1,
            max_sale_qty: 100,
            stock_status: status,
          }
          return json({ code: 200, result: item })
        }
        case '/api/product/render-list': {
          if (!this.renderList) break
          // SKU-1 costs 9.99 incl. tax now (the stored document says 12.10)
          const adj = {
            final_price: 8.26,
            regular_price: 8.26,
            special_price: null,
            minimal_price: 8.26,
            max_price: 8.26,
            minimal_regular_price: 8.26,
            max_regular_price: 8.26,
          }
          const info = {
            ...adj,
            final_price: 9.99,
            regular_price: 9.99,
            minimal_price: 9.99,
            max_price: 9.99,
            minimal_regular_price: 9.99,
            max_regular_price: 9.99,
          }
          const items = q.get('skus')!.split(',').includes('SKU-1')
            ? [
                {
                  id: 1,
                  sku: 'SKU-1',
                  name: 'Product 1',
                  type: 'simple',
                  url: '/en/p/SKU-1/p-1',
                  store_id: 1,
                  currency_code: 'EUR',
                  price_info: { ...info, formatted_prices: {}, extension_attributes: { tax_adjustments: adj, weee_attributes: [], weee_adjustment: '0' } },
                },
              ]
            : []
          return json({ code: 200, result: { items } })
        }
        case '/api/catalog/polder_en/product/_search': {
          const sku = (body as unknown as { _appliedFilters?: { value: { eq: string } }[] })._appliedFilters?.[0]?.value.eq
          const hits = sku === 'SKU-1' ? [{ _id: '1', _source: fullProduct('SKU-1') }] : []
          return json({ took: 1, timed_out: false, hits: { total: { value: hits.length }, hits } })
        }
      }
    } catch (error) {
      const code = (error as { code?: number }).code ?? 500
      return json({ code, result: (error as Error).message }, code)
    }
    return json({ code: 404, result: 'Not found' }, 404)
  }
}

export interface StartOptions {
  /** the browser's online flag at start (default true) */
  online?: boolean
  storage?: RxStorage<unknown, unknown>
  databaseName?: string
  eventSource?: EventSourceFactory
  /** the worker's configuration beyond the defaults (store view en, shopper mode) */
  config?: Partial<WorkerConfig>
}

/** Services on a fake back end, closed after each test; call once at the top of a test file. */
export function useBackendServices() {
  const services = useWorkerServices()
  async function start(backend: FakeBackend, { online = true, storage, databaseName, eventSource, config }: StartOptions = {}) {
    const service = await services.start(
      {
        fetch: backend.fetch,
        eventSource,
        ...(storage ? { storage } : {}),
        ...(databaseName ? { databaseName } : {}),
        initialOnline: online,
      },
      config,
    )
    let status: SyncStatus | undefined
    await service.subscribeSyncStatus((s) => {
      status = s
    })
    let cart: CartView | undefined
    await service.subscribeCart((c) => {
      cart = c
    })
    return { service, status: () => status, cart: () => cart }
  }
  return { start, stop: services.stop }
}

/** POST /api/order with the API's rules: idempotent by order_id, products = the cart's lines, one order per cart. */
export class OrderBackend extends FakeBackend {
  orders = new Map<string, { orderNumber: string; body: OrderBody }>()
  orderPosts: string[] = []
  outOfStock = new Set<string>()
  /** answers to drop after the server handled the request (the connection breaks on the way back) */
  dropAnswers = 0
  /** how long the shop takes over an order, and the most it was handed at once */
  orderDelayMs = 0
  maxOrdersAtOnce = 0
  private ordersAtOnce = 0
  private readonly base = this.fetch

  constructor() {
    super()
    this.fetch = async (input: string, init: RequestInit = {}) => {
      const url = new URL(input)
      if (url.pathname !== '/api/order') return this.base(input, init)
      if (!this.up) throw new TypeError('Failed to fetch')
      const body = JSON.parse(init.body as string) as OrderBody
      this.orderPosts.push(body.order_id)
      this.ordersAtOnce += 1
      this.maxOrdersAtOnce = Math.max(this.maxOrdersAtOnce, this.ordersAtOnce)
      try {
        if (this.orderDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.orderDelayMs))
      } finally {
        this.ordersAtOnce -= 1
      }
      const answer = this.placeOrder(body)
      if (this.dropAnswers > 0) {
        this.dropAnswers -= 1
        throw new TypeError('Failed to fetch')
      }
      return answer
    }
  }

  /** what the shop charges, unless a test sets it (the shop's own VAT decision) */
  grandTotal: number | null = null

  private placeOrder(body: OrderBody): Response {
    const stored = this.orders.get(body.order_id)
    const result = (number: string) => ({
      magentoOrderId: number,
      orderNumber: number,
      backendOrderId: number,
      transferedAt: '2026-01-01T00:00:00Z',
      status: 'pending',
      grand_total: this.grandTotal ?? Math.round(body.products.reduce((sum, p) => sum + (p.price ?? 0) * p.qty, 0) * 100) / 100,
    })
    if (stored) return json({ code: 200, result: result(stored.orderNumber) })
    const lines = this.cart.carts.get(body.cart_id)
    if (!lines) return json({ code: 404, result: 'No such entity with cartId' }, 404)
    if ([...this.orders.values()].some((o) => o.body.cart_id === body.cart_id)) {
      return json({ code: 409, result: { reason: 'cart_already_ordered', errorMessage: 'This cart has already been ordered.' } }, 409)
    }
    const same = lines.length === body.products.length && body.products.every((p) => lines.some((l) => l.sku === p.sku && l.qty === p.qty))
    if (!same) return json({ code: 409, result: { reason: 'cart_changed', errorMessage: 'The cart changed.' } }, 409)
    const short = body.products.filter((p) => this.outOfStock.has(p.sku))
    if (short.length) {
      const items = short.map((p) => ({ sku: p.sku, requested: p.qty, available: 0 }))
      return json({ code: 409, result: { reason: 'out_of_stock', errorMessage: 'The product is out of stock and cannot be added to the cart!', items } }, 409)
    }
    const orderNumber = String(100000001 + this.orders.size)
    this.orders.set(body.order_id, { orderNumber, body })
    return json({ code: 200, result: result(orderNumber) })
  }
}
