/**
 * The kiosk pass (server/http/kiosk-pass): the same for every process that reads the shop's secret,
 * withdrawn when the PIN changes, never the PIN's plain hash, and only a pass of the current PIN holds.
 */
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { KIOSK_PASS_HEADER } from '../../domain/api/kiosk.schema'
import { createKioskPass } from '../../server/http/kiosk-pass'

const secret = () => Promise.resolve('shop-secret-of-at-least-32-characters!!')
const carrying = (pass: string | undefined) => ({ headers: pass === undefined ? {} : { [KIOSK_PASS_HEADER]: pass } }) as unknown as FastifyRequest

describe('kiosk pass', () => {
  it('two processes give the same pass; a new PIN withdraws it', async () => {
    const pass = await createKioskPass('482913', secret).issue()
    expect(await createKioskPass('482913', secret).issue()).toBe(pass)
    expect(await createKioskPass('482913', secret).holds(carrying(pass))).toBe(true)
    expect(await createKioskPass('777111', secret).holds(carrying(pass))).toBe(false)
    expect(pass).not.toBe(createHash('sha256').update('482913').digest('base64url'))
  })

  it('holds for no missing, forged or oversized pass, nor without a PIN', async () => {
    const kiosk = createKioskPass('482913', secret)
    const pass = await kiosk.issue()
    expect(await kiosk.holds(carrying(undefined))).toBe(false)
    expect(await kiosk.holds(carrying(pass.slice(1)))).toBe(false)
    expect(await kiosk.holds(carrying(`${pass}${pass}${pass}`))).toBe(false)
    expect(await createKioskPass(undefined, secret).holds(carrying(pass))).toBe(false)
  })

  it('a secret that could not be read is asked again on the next request', async () => {
    let calls = 0
    const flaky = () => (++calls === 1 ? Promise.reject(new Error('database away')) : secret())
    const kiosk = createKioskPass('482913', flaky)
    const pass = await createKioskPass('482913', secret).issue()
    expect(await kiosk.holds(carrying(pass))).toBe(false)
    expect(await kiosk.holds(carrying(pass))).toBe(true)
  })
})
