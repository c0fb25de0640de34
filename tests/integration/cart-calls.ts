/**
 * The server cart's calls as a client sends them (inject), with the answer's status checked:
 * create, add or change a line (expected saved or refused), pull the lines and the totals, and many
 * writes at once.
 */
import { expect } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { ServerCartItem, Totals } from '../../domain/cart.schema'
import { json, type TestServer } from './helpers'

export function cartCalls(server: Pick<TestServer, 'app'>) {
  async function createCart(): Promise<string> {
    const res = await server.app.inject({ method: 'POST', url: '/api/cart/create' })
    expect(res.statusCode).toBe(200)
    return json<Envelope<string>>(res).result
  }

  /** An add (no item_id) or a change (item_id) of qty 1 unless told; the answer is not checked. */
  function update(cartId: string, cartItem: Record<string, unknown>) {
    return server.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: { cartItem: { quoteId: cartId, qty: 1, ...cartItem } } })
  }

  /** An update expected to be saved: the saved line. */
  async function saved(cartId: string, cartItem: Record<string, unknown>): Promise<ServerCartItem> {
    const res = await update(cartId, cartItem)
    expect(res.statusCode, res.body).toBe(200)
    return json<Envelope<ServerCartItem>>(res).result
  }

  /** An update expected to be refused: the refusal's message, after checking it is a 400. */
  async function refused(cartId: string, cartItem: Record<string, unknown>): Promise<string> {
    const res = await update(cartId, cartItem)
    expect(res.statusCode, res.body).toBe(400)
    const body = json<Envelope<string>>(res)
    expect(body.code).toBe(400)
    return body.result
  }

  async function pull(cartId: string): Promise<ServerCartItem[]> {
    const res = await server.app.inject({ method: 'GET', url: `/api/cart/pull?cartId=${cartId}` })
    expect(res.statusCode, res.body).toBe(200)
    return json<Envelope<ServerCartItem[]>>(res).result
  }

  async function totals(cartId: string): Promise<Totals> {
    const res = await server.app.inject({ method: 'GET', url: `/api/cart/totals?cartId=${cartId}` })
    expect(res.statusCode, res.body).toBe(200)
    return json<Envelope<Totals>>(res).result
  }

  /** Sends all at once (the server handles them concurrently) and expects every answer to be 200. */
  async function allAnswered(cartId: string, items: Record<string, unknown>[]): Promise<ServerCartItem[]> {
    const answers = await Promise.all(items.map((item) => update(cartId, item)))
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    return answers.map((res) => json<Envelope<ServerCartItem>>(res).result)
  }

  return { createCart, update, saved, refused, pull, totals, allAnswered }
}
