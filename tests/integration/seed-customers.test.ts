/**
 * The demo customers on the real server: seeded accounts sign in with the documented
 * password, have their addresses and a past order in the order history with its lines and totals;
 * seeding again duplicates nothing. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { CustomerSchema, LoginEnvelopeSchema, OrderHistoryResultSchema } from '../../domain/api/user.schema'
import { DEMO_CUSTOMER_PASSWORD, demoCustomers, seedCustomers } from '../../server/seed/customers'
import { json, useTestServer } from './helpers'

const server = useTestServer({ seed: false })

async function signIn(email: string) {
  const login = await server.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: DEMO_CUSTOMER_PASSWORD } })
  expect(login.statusCode, login.body).toBe(200)
  return LoginEnvelopeSchema.parse(json(login)).result
}

describe('demo customers', () => {
  it('sign in with the documented password and have addresses and a past order; a second seed adds nothing', async () => {
    const first = await seedCustomers(server.storage, demoCustomers())
    expect(first).toEqual({ created: 2, kept: 0, orders: 2 })

    const token = await signIn('luc.dubois@example.be')
    const headers = { authorization: `Bearer ${token}` }
    const me = CustomerSchema.parse(json<Envelope<unknown>>(await server.app.inject({ method: 'GET', url: '/api/user/me', headers })).result)
    expect(me).toMatchObject({ firstname: 'Luc', lastname: 'Dubois', store_id: 4 })
    expect(me.addresses.map((a) => a.city)).toEqual(['Namur', 'Bruxelles'])
    expect(me.addresses[1]).toMatchObject({ company: 'Atelier Dubois SRL', vat_id: 'BE0123456749' })
    expect(me.default_shipping).toBe(String(me.addresses[0]!.id))

    const history = OrderHistoryResultSchema.parse(
      json<Envelope<unknown>>(await server.app.inject({ method: 'GET', url: '/api/user/order-history', headers })).result,
    )
    expect(history.total_count).toBe(1)
    const order = history.items[0]!
    expect(order).toMatchObject({ status: 'processing', payment: { method: 'bancontact' }, shipping_method: 'flatrate_flatrate', grand_total: 55.94 })
    expect(order.items).toEqual([expect.objectContaining({ sku: 'DEMO-LAMP', qty_ordered: 1, price_incl_tax: 49.95, tax_percent: 21 })])
    expect(order.subtotal + order.tax_amount).toBeCloseTo(order.subtotal_incl_tax, 2)
    expect(order.billing_address).toMatchObject({ city: 'Namur', country_id: 'BE' })

    const anna = await signIn('anna.devries@example.nl')
    const annas = OrderHistoryResultSchema.parse(
      json<Envelope<unknown>>(await server.app.inject({ method: 'GET', url: '/api/user/order-history', headers: { authorization: `Bearer ${anna}` } })).result,
    )
    expect(annas.items.map((o) => o.items.length)).toEqual([2])
    expect(annas.items[0]!.increment_id).toMatch(/^2\d+$/)

    const again = await seedCustomers(server.storage, demoCustomers())
    expect(again).toEqual({ created: 0, kept: 2, orders: 0 })
    expect(await server.storage.orders.count()).toBe(2)
  })
})
