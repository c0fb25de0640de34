/**
 * PGlite has no autovacuum: the server's table upkeep (storage.upkeep, run every few minutes by
 * server/app.ts) vacuums every table on its first look after the open (PGlite's counts start
 * empty), then the tables a running shop churns, as autovacuum would.
 * Driven by real cart writes through the HTTP API; the answer of a second upkeep proves the first
 * one's VACUUM ran (the dead rows are gone from the statistics).
 */
import { describe, expect, it } from 'vitest'
import { cartCalls } from './cart-calls'
import { useTestServer } from './helpers'

const onPostgres = Boolean(process.env.DATABASE_URL)
const names = (steps: { schema: string; table: string }[]) => steps.map((s) => `${s.schema}.${s.table}`)

describe.skipIf(onPostgres)('table upkeep on PGlite', () => {
  const server = useTestServer()
  const calls = cartCalls(server)

  it('vacuums the cart lines a shopper keeps taking out, once, and leaves the catalogue alone', async () => {
    // PGlite's counts start empty at every open: the first look vacuums every table
    const first = await server.storage.upkeep()
    expect(first.filter((s) => !s.vacuum)).toEqual([])
    expect(names(first)).toEqual(expect.arrayContaining(['public.cart_items', 'public.products', 'pg_catalog.pg_class']))
    expect(names(await server.storage.upkeep())).not.toContain('public.cart_items')

    const cartId = await calls.createCart()
    // a shopper who keeps putting a waffle in the cart and taking it out again: each line taken out
    // stays in the table as a dead row until a vacuum (60 is past autovacuum's 50)
    for (let round = 0; round < 60; round++) {
      const line = await calls.saved(cartId, { sku: 'WAFEL', qty: 1 })
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/cart/delete?cartId=${cartId}`,
        payload: { cartItem: { quoteId: cartId, item_id: line.item_id, sku: 'WAFEL' } },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await calls.saved(cartId, { sku: 'WAFEL', qty: 2 })

    const steps = await server.storage.upkeep()
    expect(steps).toContainEqual(expect.objectContaining({ schema: 'public', table: 'cart_items', vacuum: true }))
    expect(names(steps)).not.toContain('public.products')
    // vacuumed: its dead rows are gone, so the next look finds nothing due there
    expect(names(await server.storage.upkeep())).not.toContain('public.cart_items')
    // and the cart is whole
    expect((await calls.pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([['WAFEL', 2]])
  })
})

describe.skipIf(!onPostgres)('table upkeep on PostgreSQL', () => {
  const server = useTestServer()

  it('is left to autovacuum', async () => {
    expect(await server.storage.upkeep()).toEqual([])
  })
})
