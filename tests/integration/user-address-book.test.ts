/**
 * The address book on the real server (spec §7 "Address book", §5 "Address"): add and
 * update through PUT, the default flags, company and vat_id dropped when both are empty, a save named
 * by its Idempotency-Key applied once, DELETE, and another customer's ids refused. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { CustomerSchema, LoginEnvelopeSchema, USER_MESSAGES, type Customer } from '../../domain/api/user.schema'
import { json, useTestServer } from './helpers'

const server = useTestServer({ seed: false })

let counter = 0
async function customer() {
  const email = `book${++counter}-${Date.now()}@example.com`
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/user/create',
    payload: { customer: { email, firstname: 'Anna', lastname: 'de Vries' }, password: 'correct horse 1' },
  })
  expect(created.statusCode, created.body).toBe(200)
  const login = await server.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: 'correct horse 1' } })
  return { id: json<Envelope<{ id: number }>>(created).result.id, email, token: LoginEnvelopeSchema.parse(json(login)).result }
}

const HOME = {
  firstname: 'Anna',
  lastname: 'de Vries',
  street: ['Dorpsstraat', '12'],
  city: 'Utrecht',
  postcode: '3511 AB',
  country_id: 'NL',
  telephone: '+31 30 123 4567',
}
const WORK = { ...HOME, street: ['Stationsplein', '1'], company: 'Polder BV', vat_id: 'NL123456789B01' }

function put(token: string | undefined, customerId: number, addresses: unknown[], key?: string) {
  return server.app.inject({
    method: 'PUT',
    url: `/api/ext/address-book/customer/${customerId}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload: { customer: { id: customerId, addresses } },
  })
}
const saved = (res: { body: string }): Customer => CustomerSchema.parse(json<Envelope<unknown>>(res).result)

describe('PUT /api/ext/address-book/customer/:customerId', () => {
  it('adds addresses and answers the customer with them; GET /api/user/me has them too', async () => {
    const anna = await customer()
    const res = await put(anna.token, anna.id, [
      { ...HOME, default_shipping: true, default_billing: true },
      { ...WORK, region: { region: 'Utrecht' } },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const result = saved(res)
    expect(result.addresses).toHaveLength(2)
    const [home, work] = result.addresses as [Customer['addresses'][number], Customer['addresses'][number]]
    expect(home).toMatchObject({ customer_id: anna.id, street: ['Dorpsstraat', '12'], default_shipping: true, default_billing: true })
    expect(work).toMatchObject({ company: 'Polder BV', vat_id: 'NL123456789B01', region: { region: 'Utrecht' }, default_shipping: false })
    expect(result.default_shipping).toBe(String(home.id))
    const me = await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${anna.token}` } })
    expect(saved(me).addresses).toEqual(result.addresses)
  })

  it('updates by id: a new default clears the others’ flag; company and vat_id go when both are empty', async () => {
    const anna = await customer()
    const first = saved(await put(anna.token, anna.id, [{ ...HOME, default_shipping: true }, WORK]))
    const [home, work] = first.addresses as [Customer['addresses'][number], Customer['addresses'][number]]
    const res = await put(anna.token, anna.id, [{ ...WORK, id: work.id, company: '', vat_id: '', city: 'Amersfoort', default_shipping: true }])
    expect(res.statusCode, res.body).toBe(200)
    const after = saved(res)
    const updated = after.addresses.find((a) => a.id === work.id)!
    expect(updated).toMatchObject({ city: 'Amersfoort', default_shipping: true })
    expect(updated).not.toHaveProperty('company')
    expect(updated).not.toHaveProperty('vat_id')
    expect(after.addresses.find((a) => a.id === home.id)!.default_shipping).toBe(false)
    expect(after.default_shipping).toBe(String(work.id))
  })

  it('refuses another customer’s ids with 403 and changes nothing; no token is 401; bad fields 400', async () => {
    const anna = await customer()
    const bram = await customer()
    const annas = saved(await put(anna.token, anna.id, [HOME])).addresses[0]!
    expect((await put(bram.token, anna.id, [HOME])).statusCode).toBe(403)
    const takeOver = await put(bram.token, bram.id, [{ ...HOME, id: annas.id, city: 'Bramstad' }])
    expect(takeOver.statusCode, takeOver.body).toBe(403)
    expect((await put(bram.token, bram.id, [{ ...HOME, customer_id: anna.id }])).statusCode).toBe(403)
    expect((await put(undefined, anna.id, [HOME])).statusCode).toBe(401)
    const me = await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${anna.token}` } })
    expect(saved(me).addresses[0]!.city).toBe('Utrecht')
    expect(saved(await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${bram.token}` } })).addresses).toEqual([])

    expect(json(await put(anna.token, anna.id, [{ ...HOME, postcode: '35' }]))).toEqual({
      code: 400,
      result: 'customer.addresses.0.postcode: Zip-code must have at least 3 letters',
    })
    expect(json(await put(anna.token, anna.id, [{ ...HOME, city: undefined }]))).toEqual({ code: 400, result: 'customer.addresses.0.city: is required' })
  })
})

describe('PUT /api/ext/address-book/customer/:customerId with an Idempotency-Key', () => {
  it('applies a save once: sent again (its answer lost), it adds nothing and answers the book as it stands', async () => {
    const anna = await customer()
    const first = await put(anna.token, anna.id, [HOME], 'address-1732560000000-abc123')
    expect(first.statusCode, first.body).toBe(200)
    const again = await put(anna.token, anna.id, [HOME], 'address-1732560000000-abc123')
    expect(again.statusCode, again.body).toBe(200)
    expect(saved(again).addresses).toEqual(saved(first).addresses)
    expect(saved(again).addresses).toHaveLength(1)
    // another key is another save; without a key every PUT is applied (VSF clients send none)
    expect(saved(await put(anna.token, anna.id, [WORK], 'address-1732560000001-def456')).addresses).toHaveLength(2)
    expect(saved(await put(anna.token, anna.id, [WORK])).addresses).toHaveLength(3)
    const me = await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${anna.token}` } })
    expect(saved(me).addresses.map((a) => a.street[0])).toEqual(['Dorpsstraat', 'Stationsplein', 'Stationsplein'])
  })

  it('keys are the customer’s own; a refused save leaves its key unused; a bad key is a 400 naming the header', async () => {
    const anna = await customer()
    const bram = await customer()
    expect(saved(await put(anna.token, anna.id, [HOME], 'same-key')).addresses).toHaveLength(1)
    expect(saved(await put(bram.token, bram.id, [WORK], 'same-key')).addresses).toMatchObject([{ street: ['Stationsplein', '1'] }])
    // refused (a field), then sent right with the same key: applied
    expect((await put(anna.token, anna.id, [{ ...WORK, postcode: '35' }], 'fixed-later')).statusCode).toBe(400)
    expect(saved(await put(anna.token, anna.id, [WORK], 'fixed-later')).addresses).toHaveLength(2)
    expect(json(await put(anna.token, anna.id, [WORK], 'not a key!'))).toEqual({
      code: 400,
      result: 'Idempotency-Key: must be 1 to 100 letters, digits or . _ : -',
    })
    expect((await put(anna.token, anna.id, [WORK], 'x'.repeat(101))).statusCode).toBe(400)
  })

  it('two sends of one save at the same moment add it once', async () => {
    const anna = await customer()
    const answers = await Promise.all([put(anna.token, anna.id, [HOME], 'at-once'), put(anna.token, anna.id, [HOME], 'at-once')])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    const me = await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${anna.token}` } })
    expect(saved(me).addresses).toHaveLength(1)
  })
})

describe('DELETE /api/ext/address-book/address/:addressId', () => {
  it('deletes one of the customer’s addresses; another’s is a 404 and stays; no id is "Address Id missing"', async () => {
    const anna = await customer()
    const bram = await customer()
    const [home, work] = saved(await put(anna.token, anna.id, [HOME, WORK])).addresses as [Customer['addresses'][number], Customer['addresses'][number]]
    const del = (token: string, url: string, payload: Record<string, unknown> = {}) =>
      server.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` }, payload })

    const notHers = await del(bram.token, `/api/ext/address-book/address/${home.id}`)
    expect(notHers.statusCode, notHers.body).toBe(404)
    const res = await del(anna.token, `/api/ext/address-book/address/${home.id}`)
    expect(json(res)).toEqual({ code: 200, result: true })
    expect(json(await del(anna.token, '/api/ext/address-book/address', { addressId: work.id }))).toEqual({ code: 200, result: true })
    const missing = await del(anna.token, '/api/ext/address-book/address')
    expect(json(missing)).toEqual({ code: 400, result: USER_MESSAGES.addressIdMissing })
    const me = await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${anna.token}` } })
    expect(saved(me).addresses).toEqual([])
  })
})
