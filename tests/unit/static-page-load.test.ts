/**
 * What a page load of the app answers, with the page status stood in: the redirects, the app's
 * shell with the page's status, and the bare shell as 503 while the database is unreachable (the
 * PostgreSQL suite checks that last one against a real outage; this one runs everywhere).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoreCode } from '../../domain/store-views'
import { staticRoutes } from '../../server/routes/static'
import type { PageStatus } from '../../server/services/page-status'

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>'
const asked: [StoreCode, string][] = []
let answer: () => Promise<PageStatus> = () => Promise.reject(new Error('not set'))
let app: FastifyInstance

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'polder-static-'))
  writeFileSync(join(dist, 'index.html'), SHELL)
  app = Fastify()
  await app.register(staticRoutes, {
    distDir: dist,
    pageStatus: (storeCode, path) => {
      asked.push([storeCode, path])
      return answer()
    },
  })
  await app.ready()
})
afterAll(() => app.close())

const get = (url: string, host = 'shop.example') => app.inject({ method: 'GET', url, headers: { host } })
// a shell without head markers: the page's head is not written, the shell goes out with the page's status
const head = () => ({ title: '' }) as never

describe('a page load of the app', () => {
  it('sends the shell with the page status of the store view path asked', async () => {
    asked.length = 0
    answer = async () => ({ status: 404, head })
    const res = await get('/nl/p/NOPE/nope')
    expect(res.statusCode).toBe(404)
    expect(res.body).toBe(SHELL)
    expect(asked).toEqual([['nl', '/p/NOPE/nope']])
  })

  it('redirects to the canonical address under the same prefix, keeping the query', async () => {
    answer = async () => ({ status: 301, location: '/p/SKU/new-slug' })
    const res = await get('/en/p/SKU/old-slug?colour=red')
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/en/p/SKU/new-slug?colour=red')
  })

  it('asks the French host without a prefix and redirects there without one', async () => {
    asked.length = 0
    answer = async () => ({ status: 301, location: '/c/new' })
    const res = await get('/c/old', 'fr.shop.example')
    expect(asked).toEqual([['fr', '/c/old']])
    expect(res.headers.location).toBe('/c/new')
  })

  it('sends the bare shell as 503 with Retry-After while the database is unreachable', async () => {
    answer = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
    const res = await get('/en/c/anything')
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
    expect(res.body).toBe(SHELL)
  })

  it('lets any other failure of the page status through', async () => {
    answer = () => Promise.reject(new Error('a bug'))
    expect((await get('/en/c/anything')).statusCode).toBe(500)
  })

  it('sends the home to the English store view, and no shell for a path outside the store views', async () => {
    const home = await get('/')
    expect(home.statusCode).toBe(302)
    expect(home.headers.location).toBe('/en/')
    const other = await get('/nowhere')
    expect(other.statusCode).toBe(404)
    expect(other.body).toBe('Not found')
    expect((await get('/api/nothing')).statusCode).toBe(404)
  })
})
