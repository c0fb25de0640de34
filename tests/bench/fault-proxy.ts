/**
 * An HTTP proxy that fails the way a flaky mobile network and a shop's own edge fail, for the fault
 * benches (loopback only): the browser talks to it, it talks to the server. Each request it may fault
 * is given at most one fault, drawn from the plan's rates with the caller's random source (a seed
 * makes a run repeatable):
 * - `drop-request`: the connection is reset before anything reaches the server;
 * - `drop-answer`: the server handles the request, then the connection is reset instead of the answer
 *   (the write happened, the shopper was not told: the case exactly-once is about);
 * - `error-500`: answered 500 without reaching the server (a load balancer's own error);
 * - `reset-mid-body`: the server's answer starts, half its body goes out, then the connection is reset;
 * - `delay`: held for a while, then passed on.
 * A server that cannot be reached (restarting) is answered 502, as a real proxy in front of it does.
 * Requests the plan does not fault (the live stream, the app's files) pass through untouched.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

export const FAULT_KINDS = ['drop-request', 'drop-answer', 'error-500', 'reset-mid-body', 'delay'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export interface FaultPlan {
  /** each kind's chance per request it may fault (their sum at most 1) */
  rates: Partial<Record<FaultKind, number>>
  /** a delay's bounds, in ms (default 200–2,000) */
  delayMs?: readonly [number, number]
  /** the requests it may fault (default: every /api request but the live stream) */
  faults?: (method: string, path: string) => boolean
}

export interface FaultFigures {
  /** requests through the proxy */
  requests: number
  faults: Record<FaultKind, number>
  /** requests answered 502 because the server could not be reached */
  serverDown: number
}

export interface FaultProxy {
  port: number
  figures: FaultFigures
  /** the plan from the next request on (a quiet phase: `{ rates: {} }`) */
  setPlan(plan: FaultPlan): void
  close(): Promise<void>
}

const byDefault = (_method: string, path: string) => path.startsWith('/api/') && !path.includes('/stream')

/** The fault for one request, or null: the rates laid end to end against one draw. */
export function drawFault(plan: FaultPlan, draw: number): FaultKind | null {
  let edge = 0
  for (const kind of FAULT_KINDS) {
    edge += plan.rates[kind] ?? 0
    if (draw < edge) return kind
  }
  return null
}

export async function startFaultProxy(options: {
  target: { host: string; port: number }
  plan: FaultPlan
  random: () => number
  port?: number
}): Promise<FaultProxy> {
  let plan = options.plan
  const figures: FaultFigures = { requests: 0, faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>, serverDown: 0 }
  const server = http.createServer((req, res) => {
    figures.requests += 1
    const path = (req.url ?? '/').split('?')[0]!
    const fault = (plan.faults ?? byDefault)(req.method ?? 'GET', path) ? drawFault(plan, options.random()) : null
    if (fault) figures.faults[fault] += 1
    const reset = () => req.socket.resetAndDestroy()
    if (fault === 'drop-request') return void reset()
    if (fault === 'error-500') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":500,"result":"fault proxy"}')
    const forward = async () => {
      if (fault === 'delay') {
        const [min, max] = plan.delayMs ?? [200, 2_000]
        await sleep(min + Math.floor(options.random() * (max - min)))
      }
      const upstream = http.request(
        { host: options.target.host, port: options.target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          if (fault !== 'drop-answer' && fault !== 'reset-mid-body') {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
            return
          }
          const parts: Buffer[] = []
          answer.on('data', (chunk: Buffer) => parts.push(chunk))
          answer.on('error', reset)
          answer.on('end', () => {
            if (fault === 'drop-answer') return reset()
            const body = Buffer.concat(parts)
            // the whole length announced, half of it sent: the client sees a body cut short
            const headers = { ...answer.headers, 'content-length': String(body.length) }
            delete headers['transfer-encoding']
            res.writeHead(answer.statusCode ?? 502, headers)
            res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(reset, 20))
          })
        },
      )
      upstream.on('error', () => {
        figures.serverDown += 1
        if (res.headersSent) reset()
        else res.writeHead(502, { 'content-type': 'text/plain' }).end('server down')
      })
      req.pipe(upstream)
    }
    void forward()
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    figures,
    setPlan: (next) => {
      plan = next
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
