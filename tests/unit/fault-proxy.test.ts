/**
 * The fault benches' proxy (tests/bench/fault-proxy): each kind of fault does what it says to the
 * client and to the server, and what it may not fault passes untouched. Real sockets on loopback.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drawFault, startFaultProxy, type FaultKind, type FaultProxy } from '../bench/fault-proxy'

const BODY = JSON.stringify({ code: 200, result: 'x'.repeat(4000) })

describe('fault proxy', () => {
  let upstream: http.Server
  let port = 0
  const handled: string[] = []
  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        handled.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`)
        res.writeHead(200, { 'content-type': 'application/json' }).end(BODY)
      })
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    port = (upstream.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())))

  async function through(kind: FaultKind | null, path = '/api/cart/update', body = '{"qty":2}') {
    const proxy: FaultProxy = await startFaultProxy({
      target: { host: '127.0.0.1', port },
      plan: { rates: kind ? { [kind]: 1 } : {}, delayMs: [150, 151] },
      random: () => 0.5,
    })
    handled.length = 0
    const started = performance.now()
    try {
      const answer = await fetch(`http://127.0.0.1:${proxy.port}${path}`, { method: 'POST', body })
      return { status: answer.status, text: await answer.text(), ms: performance.now() - started, handled: [...handled], figures: proxy.figures }
    } catch (error) {
      return { error: String((error as Error).cause ?? error), ms: performance.now() - started, handled: [...handled], figures: proxy.figures }
    } finally {
      await proxy.close()
    }
  }

  it('draws one fault from the rates laid end to end, none past their sum', () => {
    const plan = { rates: { 'drop-request': 0.1, 'error-500': 0.2 } }
    expect(drawFault(plan, 0.05)).toBe('drop-request')
    expect(drawFault(plan, 0.25)).toBe('error-500')
    expect(drawFault(plan, 0.35)).toBeNull()
  })

  it('passes a request with no fault, and never faults what the plan leaves out (the live stream)', async () => {
    expect(await through(null)).toMatchObject({ status: 200, text: BODY, handled: ['POST /api/cart/update {"qty":2}'] })
    expect(await through('drop-request', '/api/ext/replication/v1/nl/stream')).toMatchObject({ status: 200, text: BODY })
  })

  it('drop-request: the server never sees it; error-500: answered without the server', async () => {
    const dropped = await through('drop-request')
    expect(dropped.error).toBeDefined()
    expect(dropped.handled).toEqual([])
    expect(dropped.figures.faults['drop-request']).toBe(1)
    const failed = await through('error-500')
    expect(failed).toMatchObject({ status: 500, handled: [] })
  })

  it('drop-answer: the server handled it, the client got nothing; reset-mid-body: the body is cut short', async () => {
    const lost = await through('drop-answer')
    expect(lost.error).toBeDefined()
    expect(lost.handled).toEqual(['POST /api/cart/update {"qty":2}'])
    const cut = await through('reset-mid-body')
    expect(cut.handled).toHaveLength(1)
    // either the read fails, or what arrived is not the whole answer
    expect(cut.error ?? (cut.text === BODY ? 'whole' : 'cut')).not.toBe('whole')
  })

  it('delay: held, then passed on whole', async () => {
    const late = await through('delay')
    expect(late).toMatchObject({ status: 200, text: BODY })
    expect(late.ms).toBeGreaterThanOrEqual(140)
  })

  it('a server that cannot be reached is answered 502', async () => {
    const proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: 1 }, plan: { rates: {} }, random: () => 0.5 })
    try {
      const answer = await fetch(`http://127.0.0.1:${proxy.port}/api/cart/pull`)
      expect(answer.status).toBe(502)
      expect(proxy.figures.serverDown).toBe(1)
    } finally {
      await proxy.close()
    }
  })
})
