/**
 * The kiosk setup screen's PIN check (POST /api/ext/kiosk/unlock) on the real app and storage: the
 * right PIN answers the store view's product count as a device's copy counts it, a wrong one 401,
 * guessing is stopped per address, and a shop without KIOSK_PIN has no kiosk setup at all.
 */
import { describe, expect, it } from 'vitest'
import { KIOSK_PASS_HEADER, KioskUnlockAnswerSchema } from '../../domain/api/kiosk.schema'
import { json, useTestServer } from './helpers'

const PIN = '482913'

describe('kiosk unlock with a PIN set', () => {
  const server = useTestServer({ kioskPin: PIN, auth: { loginFailuresPerAccount: 3, loginWindowSeconds: 60 } })
  const unlock = (pin: string, storeCode = 'nl') => server.app.inject({ method: 'POST', url: '/api/ext/kiosk/unlock', payload: { pin, storeCode } })

  it('answers the store view’s live products for the right PIN, and refuses a wrong or missing one', async () => {
    const right = await unlock(PIN)
    expect(right.statusCode).toBe(200)
    expect(right.headers['cache-control']).toBe('no-store')
    const { products } = KioskUnlockAnswerSchema.parse(json<{ result: unknown }>(right).result)
    const feed = await server.storage.replication.pull('nl', 'products', null, 10_000, true)
    const live = feed.filter((row) => !(JSON.parse(row.json) as { _deleted: boolean })._deleted)
    expect(products).toBeGreaterThan(0)
    expect(products).toBe(live.length)
    expect((await unlock(`${PIN}0`)).statusCode).toBe(401)
    expect((await unlock('')).statusCode).toBe(401)
    expect((await unlock(PIN, 'xx')).statusCode).toBe(400)
  })

  it('stops an address guessing: past the limit even the right PIN waits', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await unlock(String(100000 + i))).statusCode)
    expect(statuses.at(-1)).toBe(429)
    const right = await unlock(PIN)
    expect(right.statusCode).toBe(429)
    expect(json<{ result: string }>(right).result).toMatch(/^Too many failed PIN checks from this address/)
  })
})

describe('the kiosk pass', () => {
  const server = useTestServer({ kioskPin: PIN, limits: { cartCreatesPerMinute: 2, writesPerMinute: 600, codesPerMinute: 2, requestTimeoutMs: 30_000 } })
  const SHOP = '203.0.113.40'
  const create = (pass?: string) =>
    server.app.inject({ method: 'POST', url: '/api/cart/create', remoteAddress: SHOP, headers: pass === undefined ? {} : { [KIOSK_PASS_HEADER]: pass } })

  it('a tablet that gave the right PIN sends a day of orders’ carts from the shop’s address uncounted; a forged pass is counted', async () => {
    const answer = await server.app.inject({ method: 'POST', url: '/api/ext/kiosk/unlock', payload: { pin: PIN, storeCode: 'nl' }, remoteAddress: SHOP })
    const { pass } = KioskUnlockAnswerSchema.parse(json<{ result: unknown }>(answer).result)
    expect(pass).not.toContain(PIN)
    // the same pass each time (every tablet of the shop, every process of the server)
    const again = await server.app.inject({ method: 'POST', url: '/api/ext/kiosk/unlock', payload: { pin: PIN, storeCode: 'en' } })
    expect(KioskUnlockAnswerSchema.parse(json<{ result: unknown }>(again).result).pass).toBe(pass)

    expect((await create()).statusCode).toBe(200)
    expect((await create()).statusCode).toBe(200)
    expect((await create()).statusCode).toBe(429)
    for (let i = 0; i < 5; i++) expect((await create(pass)).statusCode).toBe(200)
    const forged = `${pass.slice(0, -1)}${pass.endsWith('A') ? 'B' : 'A'}`
    expect((await create(forged)).statusCode).toBe(429)
    expect((await create('')).statusCode).toBe(429)

    // codes tried stay counted with the pass: a gift card's code is its money
    const check = (code: string) =>
      server.app.inject({ method: 'GET', url: `/api/ext/giftcard/check/${code}`, remoteAddress: '203.0.113.41', headers: { [KIOSK_PASS_HEADER]: pass } })
    const codes = [await check('PLD-AAAA-AAAA-AAAA'), await check('PLD-AAAA-AAAA-AAAB'), await check('PLD-AAAA-AAAA-AAAC')].map((a) => a.statusCode)
    expect(codes.slice(0, 2).every((c) => c !== 429)).toBe(true)
    expect(codes[2]).toBe(429)
  })
})

describe('kiosk unlock without a PIN', () => {
  const server = useTestServer()
  it('answers 404: the shop has no kiosk setup', async () => {
    const answer = await server.app.inject({ method: 'POST', url: '/api/ext/kiosk/unlock', payload: { pin: '1234', storeCode: 'nl' } })
    expect(answer.statusCode).toBe(404)
  })
})
