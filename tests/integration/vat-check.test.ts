/**
 * GET /api/ext/vat-check/check on the real server: offline format and checksum, the
 * stand-in registry answering like the VIES test service, and the VIES adapter against a fake of
 * the VIES REST API on a loopback port (slow answers, error bodies, junk).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VatCheckResult } from '../../domain/api/vat-check.schema'
import { isNlMod97Valid } from '../../domain/vat-number'
import { buildApp } from '../../server/app'
import { ConfigError, loadConfig } from '../../server/config'
import { openStorage, type Storage } from '../../server/storage'
import { json, useTestServer } from './helpers'

interface Answer {
  code: number
  result: VatCheckResult
}

async function check(app: FastifyInstance, query: string): Promise<{ status: number; body: Answer; headers: Record<string, unknown> }> {
  const res = await app.inject({ method: 'GET', url: `/api/ext/vat-check/check?${query}` })
  return { status: res.statusCode, body: json<Answer>(res), headers: res.headers }
}

/** A stand-in number carrying a VIES test-service code (server/services/vat-registry.ts). */
function testNumber(country: 'BE' | 'NL', code: string): string {
  if (country === 'BE') {
    const base = `00000${code}`
    return `BE${base}${String(97 - (Number(base) % 97)).padStart(2, '0')}`
  }
  for (let sub = 1; sub < 100; sub++) {
    const national = `000000${code}B${String(sub).padStart(2, '0')}`
    if (isNlMod97Valid(national)) return `NL${national}`
  }
  throw new Error(`no NL test number for ${code}`)
}

describe('VAT check with the stand-in registry (the default)', () => {
  const server = useTestServer({ seed: false })

  it('answers a valid Belgian number with the registry’s trader, in the envelope, not cached', async () => {
    const { status, body, headers } = await check(server.app, 'countryCode=BE&vatNumber=BE0403019261')
    expect(status).toBe(200)
    expect(body.code).toBe(200)
    expect(body.result).toMatchObject({
      valid: true,
      is_valid: true,
      checked: 'registry',
      registry: 'stand-in',
      countryCode: 'BE',
      vatNumber: '0403019261',
      vatId: 'BE0403019261',
      formatted: 'BE 0403.019.261',
      name: 'John Doe',
      address: '123 Main St, Anytown, UK',
    })
    expect(body.result.request_message).toContain('valid')
    expect(headers['cache-control']).toContain('no-store')
  })

  it('answers valid for both Dutch forms: the mod-11 VAT id and the 2020 mod-97 number', async () => {
    const legal = await check(server.app, 'countryCode=NL&vatNumber=NL820471616B01')
    expect(legal.body.result).toMatchObject({ valid: true, checked: 'registry', vatNumber: '820471616B01', name: 'bol.com B.V.' })
    const sole = await check(server.app, `countryCode=nl&vatNumber=${encodeURIComponent('NL 002455799 B11')}`)
    expect(sole.body.result).toMatchObject({ valid: true, checked: 'registry', countryCode: 'NL', vatNumber: '002455799B11', vatId: 'NL002455799B11' })
  })

  it('refuses a bad checksum offline with the reason', async () => {
    const be = await check(server.app, 'countryCode=BE&vatNumber=BE0431150351')
    expect(be.status).toBe(200)
    expect(be.body.result).toMatchObject({ valid: false, is_valid: false, checked: 'format', reason: 'checksum', vatNumber: '0431150351' })
    expect(be.body.result.registry).toBeUndefined()
    const nl = await check(server.app, 'countryCode=NL&vatNumber=NL123456789B90')
    expect(nl.body.result).toMatchObject({ valid: false, checked: 'format', reason: 'checksum' })
    const mismatch = await check(server.app, 'countryCode=BE&vatNumber=NL810433941B01')
    expect(mismatch.body.result).toMatchObject({ valid: false, checked: 'format', reason: 'country-mismatch' })
    const germany = await check(server.app, 'countryCode=DE&vatNumber=DE136695976')
    expect(germany.body.result).toMatchObject({ valid: false, checked: 'format', reason: 'unsupported-country' })
  })

  it('answers the VIES test-service codes: 100 valid, 200 invalid, 302 could not verify', async () => {
    for (const country of ['BE', 'NL'] as const) {
      const valid = await check(server.app, `countryCode=${country}&vatNumber=${testNumber(country, '100')}`)
      expect(valid.body.result).toMatchObject({ valid: true, name: 'John Doe' })
      const invalid = await check(server.app, `countryCode=${country}&vatNumber=${testNumber(country, '200')}`)
      expect(invalid.body.result).toMatchObject({ valid: false, is_valid: false, checked: 'registry', reason: 'INVALID' })
      const timeout = await check(server.app, `countryCode=${country}&vatNumber=${testNumber(country, '302')}`)
      expect(timeout.status).toBe(200)
      expect(timeout.body.result).toMatchObject({ valid: null, is_valid: false, checked: 'unverified', reason: 'TIMEOUT' })
    }
    const input = await check(server.app, `countryCode=BE&vatNumber=${testNumber('BE', '201')}`)
    expect(input.body.result).toMatchObject({ valid: false, checked: 'registry', reason: 'INVALID_INPUT' })
    const member = await check(server.app, `countryCode=BE&vatNumber=${testNumber('BE', '301')}`)
    expect(member.body.result).toMatchObject({ valid: null, checked: 'unverified', reason: 'MS_UNAVAILABLE' })
  })

  it('answers 400 naming the field for a bad query', async () => {
    const missing = await check(server.app, 'countryCode=BE')
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe(400)
    expect(String(missing.body.result)).toContain('vatNumber')
    const country = await check(server.app, 'countryCode=Belgium&vatNumber=0403019261')
    expect(country.status).toBe(400)
    expect(String(country.body.result)).toContain('countryCode')
    const empty = await check(server.app, 'countryCode=NL&vatNumber=%20')
    expect(empty.status).toBe(400)
    expect(String(empty.body.result)).toContain('vatNumber')
    const long = await check(server.app, `countryCode=NL&vatNumber=${'1'.repeat(41)}`)
    expect(long.status).toBe(400)
  })
})

/** A fake of the VIES REST API: answers by vatNumber, counts calls. */
interface FakeVies {
  url: string
  calls: { path: string; body: unknown }[]
  close(): Promise<void>
}

async function startFakeVies(): Promise<FakeVies> {
  const calls: FakeVies['calls'] = []
  const hanging = new Set<ServerResponse>()
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    for await (const chunk of req) raw += String(chunk)
    const body = JSON.parse(raw || '{}') as { countryCode?: string; vatNumber?: string }
    calls.push({ path: `${req.method} ${req.url}`, body })
    if (req.method !== 'POST' || req.url !== '/taxation_customs/vies/rest-api/check-vat-number') return send(res, 404, { error: 'no such route' })
    const requestDate = '2026-11-25T10:00:00.000Z'
    switch (`${body.countryCode}${body.vatNumber}`) {
      case 'BE0403019261':
        return send(res, 200, {
          countryCode: 'BE',
          vatNumber: '0403019261',
          requestDate,
          valid: true,
          requestIdentifier: 'WAPIAAAAZ1example',
          name: 'NV FAKE TRADER',
          address: 'Rue de la Loi 16\n1000 Bruxelles',
          traderNameMatch: 'NOT_PROCESSED',
        })
      case 'NL810433941B01':
        return send(res, 200, { countryCode: 'NL', vatNumber: '810433941B01', requestDate, valid: true, requestIdentifier: '', name: '---', address: '---' })
      case 'NL002455799B11':
        return send(res, 200, { countryCode: 'NL', vatNumber: '002455799B11', requestDate, valid: true, name: 'Eenmanszaak Jansen' })
      case 'BE0428759497':
        return send(res, 200, { countryCode: 'BE', vatNumber: '0428759497', requestDate, valid: false, name: '---', address: '---' })
      case 'BE0867686774':
        return send(res, 500, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'member state down' }] })
      case 'NL820471616B01':
        res.writeHead(502, { 'content-type': 'text/html' })
        return res.end('<html>Bad gateway</html>')
      case 'BE0824148721':
        // never answers: the adapter's time-out must give up
        hanging.add(res)
        return
      default:
        return send(res, 400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] })
    }
  }
  const server: Server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/taxation_customs/vies/rest-api/`,
    calls,
    async close() {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

describe('VAT check with the VIES adapter (VIES_URL set), against a fake VIES', () => {
  let vies: FakeVies
  let storage: Storage
  let app: FastifyInstance

  beforeAll(async () => {
    vies = await startFakeVies()
    const config = loadConfig({ VIES_URL: vies.url, VIES_TIMEOUT_MS: '300' })
    expect(config.vatRegistry).toEqual({ viesUrl: vies.url.replace(/\/$/, ''), timeoutMs: 300 })
    storage = await openStorage({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: 'memory://' })
    app = await buildApp({ config: { distDir: '/nonexistent-polder-dist', logLevel: 'silent', vatRegistry: config.vatRegistry }, storage })
    await app.ready()
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await storage?.close()
    await vies?.close()
  })

  it('posts {countryCode, vatNumber} to check-vat-number and answers VIES’s trader and proof', async () => {
    const before = vies.calls.length
    const { status, body } = await check(app, `countryCode=BE&vatNumber=${encodeURIComponent('BE 0403.019.261')}`)
    expect(status).toBe(200)
    expect(vies.calls.slice(before)).toEqual([
      { path: 'POST /taxation_customs/vies/rest-api/check-vat-number', body: { countryCode: 'BE', vatNumber: '0403019261' } },
    ])
    expect(body.result).toEqual({
      valid: true,
      is_valid: true,
      checked: 'registry',
      registry: 'vies',
      countryCode: 'BE',
      vatNumber: '0403019261',
      vatId: 'BE0403019261',
      formatted: 'BE 0403.019.261',
      name: 'NV FAKE TRADER',
      address: 'Rue de la Loi 16\n1000 Bruxelles',
      requestDate: '2026-11-25T10:00:00.000Z',
      requestIdentifier: 'WAPIAAAAZ1example',
      request_message: 'VAT number BE0403019261 is valid: NV FAKE TRADER',
    })
  })

  it('checks both Dutch forms, and drops the "---" of a member state that does not disclose', async () => {
    const legal = await check(app, 'countryCode=NL&vatNumber=NL810433941B01')
    expect(legal.body.result).toMatchObject({ valid: true, registry: 'vies', vatNumber: '810433941B01' })
    expect(legal.body.result.name).toBeUndefined()
    expect(legal.body.result.address).toBeUndefined()
    expect(legal.body.result.requestIdentifier).toBeUndefined()
    const sole = await check(app, 'countryCode=NL&vatNumber=NL002455799B11')
    expect(sole.body.result).toMatchObject({ valid: true, name: 'Eenmanszaak Jansen' })
  })

  it('answers invalid when VIES says so', async () => {
    const { body } = await check(app, 'countryCode=BE&vatNumber=BE0428759497')
    expect(body.result).toMatchObject({ valid: false, is_valid: false, checked: 'registry', registry: 'vies', reason: 'INVALID' })
  })

  it('never calls VIES for a number that fails its checksum', async () => {
    const before = vies.calls.length
    const { body } = await check(app, 'countryCode=BE&vatNumber=BE0431150351')
    expect(body.result).toMatchObject({ valid: false, checked: 'format', reason: 'checksum' })
    const nl = await check(app, 'countryCode=NL&vatNumber=NL810433941B00')
    expect(nl.body.result).toMatchObject({ valid: false, checked: 'format', reason: 'format' })
    expect(vies.calls.length).toBe(before)
  })

  it('answers "could not verify" (valid null, 200) when VIES does not answer in time', async () => {
    const started = Date.now()
    const { status, body } = await check(app, 'countryCode=BE&vatNumber=BE0824148721')
    expect(status).toBe(200)
    expect(body.result).toMatchObject({ valid: null, is_valid: false, checked: 'unverified', registry: 'vies', reason: 'TIMEOUT', vatId: 'BE0824148721' })
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('answers "could not verify" for VIES’s error body and for a body that is not JSON', async () => {
    const member = await check(app, 'countryCode=BE&vatNumber=BE0867686774')
    expect(member.status).toBe(200)
    expect(member.body.result).toMatchObject({ valid: null, checked: 'unverified', reason: 'MS_UNAVAILABLE' })
    const junk = await check(app, 'countryCode=NL&vatNumber=NL820471616B01')
    expect(junk.status).toBe(200)
    expect(junk.body.result).toMatchObject({ valid: null, checked: 'unverified', reason: 'BAD_RESPONSE' })
  })

  it('answers "could not verify" when VIES cannot be reached at all', async () => {
    const config = loadConfig({ VIES_URL: 'http://127.0.0.1:9/rest-api', VIES_TIMEOUT_MS: '1000' })
    const storage2 = await openStorage({ databaseUrl: undefined, dataDir: 'memory://' })
    const app2 = await buildApp({ config: { distDir: '/nonexistent-polder-dist', logLevel: 'silent', vatRegistry: config.vatRegistry }, storage: storage2 })
    try {
      const { status, body } = await check(app2, 'countryCode=BE&vatNumber=BE0403019261')
      expect(status).toBe(200)
      expect(body.result).toMatchObject({ valid: null, checked: 'unverified', reason: expect.stringMatching(/^(SERVICE_UNAVAILABLE|TIMEOUT)$/) })
    } finally {
      await app2.close()
      await storage2.close()
    }
  })
})

describe('VAT check rate limit', () => {
  const server = useTestServer({ seed: false, limits: { cartCreatesPerMinute: 3, writesPerMinute: 3, requestTimeoutMs: 30_000 } })

  it('answers 429 once an address has asked its share of checks per minute (each may call VIES)', async () => {
    const codes: number[] = []
    for (let i = 0; i < 4; i++) codes.push((await check(server.app, 'countryCode=BE&vatNumber=BE0403019261')).status)
    expect(codes).toEqual([200, 200, 200, 429])
  })
})

describe('VIES settings', () => {
  it('use the stand-in when VIES_URL is unset or empty, and refuse a URL that is not http(s)', () => {
    expect(loadConfig({}).vatRegistry).toEqual({ viesUrl: undefined, timeoutMs: 5_000 })
    expect(loadConfig({ VIES_URL: ' ' }).vatRegistry.viesUrl).toBeUndefined()
    expect(() => loadConfig({ VIES_URL: 'ftp://vies.example' })).toThrow(ConfigError)
  })
})
