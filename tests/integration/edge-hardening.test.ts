/**
 * The shop's edge, on the real server and storage: per-address limits on
 * anonymous writes, security headers on HTML and API answers, request time-outs on a listening
 * socket, NUL characters refused in our own words, and VSF1's empty JSON bodies.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, loadConfig } from '../../server/config'
import { json, startTestServer, useTestServer } from './helpers'

function builtApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'polder-edge-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  )
  writeFileSync(join(dist, 'assets', 'app.js'), 'export {}')
  return dist
}

const cartItem = (quoteId: string, sku = 'TEE-RED-S') => ({ cartItem: { sku, qty: 1, quoteId } })

describe('rate limits on anonymous writes', () => {
  const server = useTestServer({ limits: { cartCreatesPerMinute: 3, writesPerMinute: 5, codesPerMinute: 4, requestTimeoutMs: 30_000 } })

  const create = (remoteAddress = '203.0.113.7') => server.app.inject({ method: 'POST', url: '/api/cart/create', remoteAddress })

  it('answers 429 with Retry-After once an address has created its share of carts, and not another address', async () => {
    for (let i = 0; i < 3; i++) expect((await create()).statusCode).toBe(200)
    const refused = await create()
    expect(refused.statusCode).toBe(429)
    expect(json(refused)).toEqual({ code: 429, result: expect.stringMatching(/^Too many requests: try again in \d+ seconds$/) })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect((await create('198.51.100.20')).statusCode).toBe(200)
  })

  it('limits cart changes and recommendation signals per address, but not reads', async () => {
    const cartId = json<{ result: string }>(await create('192.0.2.50')).result
    const update = () => server.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: cartItem(cartId), remoteAddress: '192.0.2.50' })
    for (let i = 0; i < 5; i++) expect((await update()).statusCode).toBe(200)
    expect((await update()).statusCode).toBe(429)
    // reads of the same cart from the same address still answer
    for (let i = 0; i < 8; i++) {
      const pull = await server.app.inject({ method: 'GET', url: `/api/cart/pull?cartId=${cartId}`, remoteAddress: '192.0.2.50' })
      expect(pull.statusCode).toBe(200)
    }
    const view = () => server.app.inject({ method: 'GET', url: '/api/ext/recommendations/log/product/1/visitor-1', remoteAddress: '192.0.2.51' })
    const codes = []
    for (let i = 0; i < 6; i++) codes.push((await view()).statusCode)
    expect(codes.slice(0, 5).every((c) => c !== 429)).toBe(true)
    expect(codes[5]).toBe(429)
  })

  it('limits codes tried per address: gift card checks and activations and coupon applies share one count', async () => {
    const cartId = json<{ result: string }>(await create('192.0.2.60')).result
    const check = (code: string, remoteAddress = '192.0.2.60') => server.app.inject({ method: 'GET', url: `/api/ext/giftcard/check/${code}`, remoteAddress })
    const statuses = [
      (await check('PLD-AAAA-AAAA-AAAA')).statusCode,
      (await check('PLD-AAAA-AAAA-AAAB')).statusCode,
      (await server.app.inject({ method: 'POST', url: `/api/ext/giftcard/activate/PLD-AAAA-AAAA-AAAC?cartId=${cartId}`, remoteAddress: '192.0.2.60' }))
        .statusCode,
      (await server.app.inject({ method: 'POST', url: `/api/cart/apply-coupon?cartId=${cartId}&coupon=GUESS1`, remoteAddress: '192.0.2.60' })).statusCode,
    ]
    expect(statuses.every((c) => c !== 429)).toBe(true)
    const fifth = await check('PLD-AAAA-AAAA-AAAD')
    expect(fifth.statusCode).toBe(429)
    expect(json(fifth)).toEqual({ code: 429, result: expect.stringMatching(/^Too many requests: try again in \d+ seconds$/) })
    expect((await check('PLD-AAAA-AAAA-AAAD', '192.0.2.61')).statusCode).not.toBe(429)
  })

  it("allows the shop's default share, 60 cart creates a minute, then refuses", async () => {
    const defaults = await startTestServer({ seed: false })
    try {
      const codes = []
      for (let i = 0; i < DEFAULT_LIMITS.cartCreatesPerMinute + 1; i++) {
        codes.push((await defaults.app.inject({ method: 'POST', url: '/api/cart/create', remoteAddress: '203.0.113.9' })).statusCode)
      }
      expect(codes.filter((c) => c === 200)).toHaveLength(60)
      expect(codes.at(-1)).toBe(429)
    } finally {
      await defaults.close()
    }
  })
})

describe('security headers', () => {
  const server = useTestServer({ distDir: builtApp(), seed: false })

  function directives(csp: string | string[] | number | undefined): Map<string, string> {
    return new Map(
      String(csp)
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => [d.split(' ')[0]!, d.slice(d.indexOf(' ') + 1)]),
    )
  }

  it.each(['/en/', '/api', '/api/cart/pull?cartId=nope'])('%s carries the CSP and the other security headers', async (url) => {
    const res = await server.app.inject({ method: 'GET', url })
    const csp = directives(res.headers['content-security-policy'])
    expect(csp.get('script-src')).toBe("'self'")
    expect(csp.get('worker-src')).toBe("'self'")
    expect(csp.get('object-src')).toBe("'none'")
    expect(csp.get('frame-ancestors')).toBe("'none'")
    expect(csp.get('base-uri')).toBe("'self'")
    expect(csp.get('connect-src')).toBe("'self'")
    expect(csp.has('upgrade-insecure-requests')).toBe(false) // in-store tablets may reach the shop over plain HTTP
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['permissions-policy']).toContain('camera=()')
    expect(res.headers['permissions-policy']).toContain('geolocation=()')
  })

  it('keeps the API and pictures open to other origins, the app files to its own', async () => {
    const api = await server.app.inject({ method: 'GET', url: '/api' })
    expect(api.headers['access-control-allow-origin']).toBe('*')
    expect(api.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const picture = await server.app.inject({ method: 'GET', url: '/img/150/150/resize/nothing-here.png' })
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const script = await server.app.inject({ method: 'GET', url: '/assets/app.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin')
  })

  it('adds configured origins to connect-src, and refuses a malformed one at start', async () => {
    const config = loadConfig({ CSP_CONNECT_SRC: 'https://pay.example  https://vat.example' })
    expect(config.cspConnectSrc).toEqual(['https://pay.example', 'https://vat.example'])
    expect(() => loadConfig({ CSP_CONNECT_SRC: "https://x.example; script-src 'unsafe-inline'" })).toThrow(/CSP_CONNECT_SRC/)
    // an app built against another back end may call it and show its pictures
    expect(loadConfig({ VITE_API_BASE_URL: 'https://api.shop.example/base/' }).apiOrigin).toBe('https://api.shop.example')
    expect(loadConfig({ VITE_API_BASE_URL: '/api' }).apiOrigin).toBeUndefined()
    const elsewhere = await startTestServer({ seed: false, apiOrigin: 'https://api.shop.example', cspConnectSrc: ['https://pay.example'] })
    try {
      const csp = directives((await elsewhere.app.inject({ method: 'GET', url: '/api' })).headers['content-security-policy'])
      expect(csp.get('connect-src')).toBe("'self' https://api.shop.example https://pay.example")
      expect(csp.get('img-src')).toBe("'self' data: blob: https://api.shop.example")
    } finally {
      await elsewhere.close()
    }
  })

  it('allows the tag manager only with a configured container (GTM_ID), which the shop details name for the app', async () => {
    // without one: nothing of it in the CSP, and no container for the app to load
    const plain = await server.app.inject({ method: 'GET', url: '/en/' })
    expect(String(plain.headers['content-security-policy'])).not.toContain('googletagmanager')
    const details = await server.app.inject({ method: 'GET', url: '/api/ext/shop-details' })
    expect(details.json().result).not.toHaveProperty('tagManagerId')
    expect(loadConfig({ GTM_ID: '  ' }).gtmId).toBeUndefined()
    expect(loadConfig({ GTM_ID: 'GTM-AB12CD' }).gtmId).toBe('GTM-AB12CD')
    expect(() => loadConfig({ GTM_ID: 'UA-1234-5' })).toThrow(/GTM_ID/)
    expect(() => loadConfig({ GTM_ID: "GTM-X'; script-src *" })).toThrow(/GTM_ID/)
    const tagged = await startTestServer({ seed: false, gtmId: 'GTM-AB12CD' })
    try {
      const csp = directives((await tagged.app.inject({ method: 'GET', url: '/en/' })).headers['content-security-policy'])
      expect(csp.get('script-src')).toBe("'self' https://www.googletagmanager.com")
      expect(csp.get('connect-src')).toBe("'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com")
      expect(csp.get('img-src')).toBe("'self' data: blob: https://www.googletagmanager.com https://*.google-analytics.com")
      const answer = await tagged.app.inject({ method: 'GET', url: '/api/ext/shop-details' })
      expect(answer.json().result.tagManagerId).toBe('GTM-AB12CD')
    } finally {
      await tagged.close()
    }
  })
})

describe('request time-outs on a listening server', () => {
  const server = useTestServer({ seed: false, heartbeatMs: 200, limits: { ...DEFAULT_LIMITS, requestTimeoutMs: 1000 }, listen: true })
  const port = () => Number(new URL(server.baseUrl).port)

  /** Opens a raw connection, writes `text`, and collects what comes back until the server closes it. */
  function stall(text: string): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const started = performance.now()
      const socket: Socket = connect(port(), '127.0.0.1', () => socket.write(text))
      let answer = ''
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
      socket.on('error', reject)
      socket.on('close', () => resolve({ answer, closedAfterMs: performance.now() - started }))
      setTimeout(() => {
        socket.destroy()
        reject(new Error(`the connection was still open after 6 s; received: ${answer.slice(0, 200)}`))
      }, 6000)
    })
  }

  it('answers 408 and closes a POST whose body never arrives', async () => {
    const { answer, closedAfterMs } = await stall(
      'POST /api/cart/create HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(closedAfterMs).toBeLessThan(3000)
  })

  it('closes a connection whose headers never end', async () => {
    const { answer, closedAfterMs } = await stall('GET /api HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n')
    expect(answer).toMatch(/^(HTTP\/1\.1 408|$)/)
    expect(closedAfterMs).toBeLessThan(3000)
  })

  it('leaves a long answer alone: the change stream stays open past the time-out', async () => {
    const controller = new AbortController()
    const res = await fetch(`${server.baseUrl}/api/ext/replication/v1/en/stream`, { signal: controller.signal })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const started = performance.now()
    let received = ''
    while (performance.now() - started < 2500) {
      const { value, done } = await reader.read()
      if (done) break
      received += new TextDecoder().decode(value)
    }
    controller.abort()
    expect(performance.now() - started).toBeGreaterThanOrEqual(2500)
    expect(received.match(/: heartbeat/g)?.length ?? 0).toBeGreaterThanOrEqual(8)
  })
})

describe('request values the database would refuse', () => {
  const server = useTestServer()

  it.each([
    ['a NUL in a cart item', 'POST', '/api/cart/update?cartId=CART', { cartItem: { sku: 'TEE\u0000RED', qty: 1, quoteId: 'CART' } }, 'cartItem.sku'],
    ['a NUL in the cart id', 'GET', '/api/cart/pull?cartId=ab%00cd', undefined, 'cartId'],
    [
      'a NUL in a search filter',
      'POST',
      '/api/catalog/polder_en/product/_search',
      { query: { bool: { filter: { terms: { sku: ['a\u0000'] } } } } },
      'query.bool.filter.terms.sku.0',
    ],
    ['a NUL in a URL to map', 'POST', '/api/url/map', { url: '/men\u0000.html', includeFields: null, excludeFields: null }, 'url'],
    ['a NUL in a path segment', 'GET', '/api/ext/recommendations/search/predictive/5/te%00e/v', undefined, 'query'],
  ] as const)('%s is a 400 naming the field, in our own words', async (_name, method, url, payload, field) => {
    const cartId = json<{ result: string }>(await server.app.inject({ method: 'POST', url: '/api/cart/create' })).result
    const res = await server.app.inject({
      method,
      url: url.replace(/CART/g, cartId),
      ...(payload ? { payload: JSON.parse(JSON.stringify(payload).replace(/CART/g, cartId)) as object } : {}),
    })
    expect(res.statusCode).toBe(400)
    expect(json<{ result: string }>(res).result).toBe(`${field}: must not contain a NUL character`)
    expect(res.body).not.toMatch(/UTF8|encoding|byte sequence|0x00/i)
  })
})

describe("VSF1's requests as it sends them", () => {
  const server = useTestServer()

  it('creates a cart from a POST with Content-Type application/json and no body', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/cart/create?token=', headers: { 'content-type': 'application/json' } })
    expect(res.statusCode).toBe(200)
    expect(json<{ result: string }>(res).result).toMatch(/^[A-Za-z0-9]{32}$/)
  })

  it('still names what is missing when a call that needs a body gets none, and refuses broken JSON', async () => {
    const cartId = json<{ result: string }>(await server.app.inject({ method: 'POST', url: '/api/cart/create' })).result
    const empty = await server.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, headers: { 'content-type': 'application/json' } })
    expect(empty.statusCode).toBe(400)
    expect(json<{ result: string }>(empty).result).toBe('cartItem: is required')
    const broken = await server.app.inject({
      method: 'POST',
      url: `/api/cart/update?cartId=${cartId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"cartItem":',
    })
    expect(broken.statusCode).toBe(400)
    const poisoned = await server.app.inject({
      method: 'POST',
      url: `/api/cart/update?cartId=${cartId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"polluted":true},"cartItem":{"sku":"TEE-RED-S","qty":1,"quoteId":"x"}}',
    })
    expect(poisoned.statusCode).toBe(400)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
