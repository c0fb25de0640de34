/**
 * The request limits in Redis (REDIS_URL, server/http/limit-store.ts), on the shop's own edge
 * (registerSecurity) and sign-in limiter: two Fastify instances sharing one redis-server count
 * together, as two processes of a shop do; with Redis unreachable, capacity limits let requests
 * through and the sign-in limit refuses with 503. The shared case needs Debian's redis-server
 * (CI installs it) and is skipped without it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLoginLimiter } from '../../server/http/login-limit'
import { registerSecurity } from '../../server/http/security'
import { freePort } from '../fixtures/free-port'

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0

/** The edge with a cart-create limit of 2 a minute, and a sign-in route whose every attempt fails. */
async function shopEdge(redisUrl: string): Promise<FastifyInstance> {
  const app = Fastify()
  await registerSecurity(app, { limits: { cartCreatesPerMinute: 2, writesPerMinute: 100 }, cspConnectSrc: [], redisUrl })
  const login = createLoginLimiter(app, { loginFailuresPerAccount: 3, loginAttemptsPerAddress: 100, loginWindowSeconds: 60 })
  app.post('/api/user/login', async (request, reply) => {
    await login.before(request)
    await login.failed(request)
    return reply.code(401).send('wrong password')
  })
  app.post('/api/cart/create', async () => 'cart')
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => reply.code(error.statusCode ?? 500).send(error.name))
  await app.ready()
  return app
}

const signIn = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'anna@example.be', password: 'x' } })
const createCart = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/cart/create' })

describe.skipIf(!hasRedisServer)('limits shared through Redis', () => {
  let redis: ChildProcess
  let apps: FastifyInstance[] = []

  beforeAll(async () => {
    const port = await freePort()
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    await sleep(300)
    apps = [await shopEdge(`redis://127.0.0.1:${port}`), await shopEdge(`redis://127.0.0.1:${port}`)]
  })
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()))
    redis.kill()
  })

  it('a sign-in limit reached through one instance holds on the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance]
    for (let i = 0; i < 3; i++) expect((await signIn(a)).statusCode).toBe(401)
    expect((await signIn(b)).statusCode).toBe(429)
  })

  it('a route limit counts the requests of both instances together', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance]
    expect((await createCart(a)).statusCode).toBe(200)
    expect((await createCart(b)).statusCode).toBe(200)
    expect((await createCart(a)).statusCode).toBe(429)
  })
})

describe('Redis unreachable', () => {
  let app: FastifyInstance

  beforeAll(async () => {
    // nothing listens there: the client keeps trying to connect in the background
    app = await shopEdge(`redis://127.0.0.1:${await freePort()}`)
  }, 20_000)
  afterAll(() => app.close())

  it('capacity limits let requests through: the shop keeps selling', async () => {
    for (let i = 0; i < 4; i++) expect((await createCart(app)).statusCode).toBe(200)
  })

  it('the sign-in limit refuses with 503 rather than count nothing', async () => {
    const answer = await signIn(app)
    expect(answer.statusCode).toBe(503)
    expect(answer.body).toBe('LimitStoreUnavailableError')
  })
})
