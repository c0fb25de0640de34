/** The shop, its calls and the waits shared by the payment integration tests (sandbox and MultiSafepay). */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { OrderResult } from '../../domain/api/order.schema'
import { PaymentStatusAnswerSchema, PostPaymentAnswerSchema, type PaymentStatusAnswer, type PostPaymentAnswer } from '../../domain/api/payment.schema'
import type { Product } from '../../domain/product.schema'
import { testProduct } from '../fixtures/catalog'
import { CLOTHING } from './fixtures'
import { json, type TestServer } from './helpers'
import { NL_ADDRESS } from './order-fixtures'

const T = '2026-01-01T00:00:00.000Z'
export const PRODUCTS: Product[] = [
  testProduct('PAY-MUG', {
    id: 980,
    price: 12,
    category_ids: [CLOTHING],
    category: [{ category_id: CLOTHING, name: 'Clothing' }],
    stock: { qty: 1000, is_in_stock: true, manage_stock: true },
    created_at: T,
    updated_at: T,
  }),
]

let sequence = 0

export function outboxFiles(dir: string): { file: string; mail: { subject: string; text: string; html: string; to: unknown } }[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names
    .filter((n) => n.endsWith('.json'))
    .map((file) => ({ file, mail: JSON.parse(readFileSync(join(dir, file), 'utf8')) as { subject: string; text: string; html: string; to: unknown } }))
}

export async function eventually<T>(read: () => T | undefined, ms = 5_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('not within time')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Calls of the shop as a client makes them, against one test server. */
/** guest orders' keys by order number, as the client keeps them with its orders */
const orderTokens = new Map<string, string>()

/** Keeps a guest order's key for the payment calls of shopCalls, as the client keeps it with the order. */
export function keepOrderKey(result: OrderResult): void {
  if (result.order_token) orderTokens.set(result.orderNumber, result.order_token)
}

export function shopCalls(server: TestServer) {
  async function placeOrder(store: 'en' | 'nl' | 'be' | 'fr', method: string, address = NL_ADDRESS, carrier = 'flatrate'): Promise<OrderResult> {
    const created = await server.app.inject({ method: 'POST', url: `/api/cart/create?storeCode=${store}` })
    expect(created.statusCode, created.body).toBe(200)
    const cartId = json<Envelope<string>>(created).result
    const added = await server.app.inject({
      method: 'POST',
      url: `/api/cart/update?cartId=${cartId}`,
      payload: { cartItem: { quoteId: cartId, sku: 'PAY-MUG', qty: 2 } },
    })
    expect(added.statusCode, added.body).toBe(200)
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        order_id: `pay-${Date.now()}-${++sequence}`,
        cart_id: cartId,
        store_code: store,
        products: [{ sku: 'PAY-MUG', qty: 2, price: 0.01, name: 'Mug', product_type: 'simple' }],
        addressInformation: {
          shippingAddress: address,
          billingAddress: address,
          shipping_carrier_code: carrier,
          shipping_method_code: carrier,
          payment_method_code: method,
        },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const result = json<Envelope<OrderResult>>(res).result
    keepOrderKey(result)
    return result
  }

  /** the order's payment calls carry its key, as the client sends them (`extra` may replace or drop it) */
  const withKey = (orderId: string, extra: Record<string, unknown>) => ({ order_id: orderId, order_token: orderTokens.get(orderId), ...extra })

  async function postPayment(orderId: string, extra: Record<string, unknown> = {}) {
    return server.app.inject({ method: 'POST', url: '/api/ext/payment/post-payment', payload: withKey(orderId, extra) })
  }

  async function created(orderId: string): Promise<PostPaymentAnswer> {
    const res = await postPayment(orderId)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toContain('no-store')
    return PostPaymentAnswerSchema.parse(json<Envelope<PostPaymentAnswer>>(res).result)
  }

  async function status(orderId: string, extra: Record<string, unknown> = {}): Promise<PaymentStatusAnswer> {
    const res = await server.app.inject({ method: 'POST', url: '/api/ext/payment/get-payment-status', payload: withKey(orderId, extra) })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toContain('no-store')
    return PaymentStatusAnswerSchema.parse(json<Envelope<PaymentStatusAnswer>>(res).result)
  }

  async function order(orderNumber: string) {
    return (await server.storage.orders.findByIncrementId(orderNumber))!
  }

  async function comments(orderNumber: string) {
    return (await server.storage.payments.listComments((await order(orderNumber)).id)).map((c) => c.status)
  }

  return { placeOrder, postPayment, created, status, order, comments }
}

export async function eventuallyAsync<T>(read: () => Promise<T | undefined>, ms = 5_000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('not within time')
    await new Promise((r) => setTimeout(r, 50))
  }
}
