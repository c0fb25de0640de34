/**
 * A bounded, deterministic fuzz of every endpoint: for each route, 300 malformed
 * requests — prototype keys in every path-like parameter, wrong types, deep and huge values, NUL
 * bytes, broken JSON, odd content types — sent to the real server on real storage. None may be
 * answered with a 5xx, and afterwards the process must be whole and still serve a shopper.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { json, startTestServer, useTestServer } from './helpers'

const REQUESTS_PER_ENDPOINT = 300

/** mulberry32: the same requests on every run and engine, so a failure can be replayed */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PROTOTYPE_PATHS = [
  '__proto__',
  '__proto__.toString',
  '__proto__.hasOwnProperty',
  'constructor',
  'constructor.prototype',
  'constructor.prototype.toString',
  'prototype',
  'a.__proto__.b',
  'stock.__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
]
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '..',
  '../..',
  '..%2f..%2fetc%2fpasswd',
  '%',
  '%zz',
  '\ud800',
  '😀',
  'é',
  '\n\r',
  'x'.repeat(5000),
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '0.0000001',
  '1.5',
  'true',
  '[]',
  '{}',
  '{"a":',
  "' OR 1=1 --",
  '$1',
  '{{cartId}}',
  '<script>alert(1)</script>',
  'polder_en',
  'en',
  'fr',
  'v1',
  'product',
  'TEE',
  'TEE-RED-S',
  '*',
  '?',
  '#',
  '\\',
  '"',
]

type Gen = ReturnType<typeof random>

function pick<T>(rnd: Gen, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!
}

function oddString(rnd: Gen): string {
  const r = rnd()
  if (r < 0.35) return pick(rnd, PROTOTYPE_PATHS)
  if (r < 0.8) return pick(rnd, ODD_STRINGS)
  return Array.from({ length: 1 + Math.floor(rnd() * 30) }, () => String.fromCharCode(Math.floor(rnd() * 0x2fff))).join('')
}

function oddNumber(rnd: Gen): number {
  return pick(rnd, [0, -1, 1, 1.5, -0.0000001, 1e-300, 1e300, 2147483648, Number.MAX_SAFE_INTEGER, -2147483649, 4001, 99999])
}

/** A JSON value with prototype keys as own keys, wrong types, deep nesting and big arrays. */
function oddJson(rnd: Gen, depth = 0): unknown {
  const r = rnd()
  if (depth > 4 || r < 0.25) return pick(rnd, [null, true, false, oddNumber(rnd), oddString(rnd)])
  if (r < 0.4) return Array.from({ length: rnd() < 0.1 ? 2000 : Math.floor(rnd() * 5) }, () => oddJson(rnd, depth + 3))
  const out: Record<string, unknown> = {}
  const keys = 1 + Math.floor(rnd() * 4)
  for (let i = 0; i < keys; i++) out[rnd() < 0.3 ? pick(rnd, PROTOTYPE_PATHS) : oddString(rnd).slice(0, 40)] = oddJson(rnd, depth + 1)
  return out
}

/** Mutations of a valid body: one field replaced, removed, or given a prototype key. */
function mutate(rnd: Gen, value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 5) return rnd() < 0.5 ? oddJson(rnd, 3) : value
  if (Array.isArray(value)) return value.map((v) => (rnd() < 0.5 ? mutate(rnd, v, depth + 1) : v))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    const r = rnd()
    if (r < 0.15) continue
    out[k] = r < 0.6 ? mutate(rnd, v, depth + 1) : v
  }
  if (rnd() < 0.3) out[pick(rnd, PROTOTYPE_PATHS)] = oddJson(rnd, 3)
  return out
}

/** JSON text in which `__proto__` is a real key, as an attacker sends it (JSON.stringify would drop it). */
function bodyText(rnd: Gen, value: unknown): string {
  const text = JSON.stringify(value) ?? 'null'
  const r = rnd()
  if (r < 0.1) return text.slice(0, Math.floor(rnd() * text.length)) // cut off
  if (r < 0.25) return text.replace(/^\{/, `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},`)
  return text
}

function query(rnd: Gen, names: readonly string[]): string {
  const parts: string[] = []
  const n = Math.floor(rnd() * 4)
  for (let i = 0; i < n; i++) {
    const name = rnd() < 0.7 ? pick(rnd, names) : pick(rnd, ['__proto__[polluted]', 'constructor[prototype][polluted]', '__proto__', oddString(rnd)])
    const value = rnd() < 0.1 ? pick(rnd, RAW_BAD_ESCAPES) : enc(rnd() < 0.8 ? oddString(rnd) : JSON.stringify(oddJson(rnd)))
    parts.push(`${enc(name)}=${value}`)
  }
  return parts.length > 0 ? `?${parts.join('&')}` : ''
}

/** percent-encoded (lone surrogates made well-formed first), or now and then a broken escape as is */
const enc = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'))
const RAW_BAD_ESCAPES = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '%2e%2e%2f', '%ff%fe']
const seg = (rnd: Gen) => (rnd() < 0.1 ? pick(rnd, RAW_BAD_ESCAPES) : enc(oddString(rnd).slice(0, 300)))

interface Endpoint {
  name: string
  method: 'GET' | 'POST'
  url: (rnd: Gen, cartId: string) => string
  body?: (rnd: Gen) => unknown
}

const SEARCH_BODY = {
  _searchText: 'tee',
  _appliedFilters: [{ attribute: 'color', value: { in: [49] }, scope: 'catalog' }],
  _availableFilters: [{ field: 'color', options: { size: 10 } }],
  _appliedSort: [{ field: 'price', options: 'desc' }],
}
/** An Elasticsearch body as VSF1's default adapter sends it: filters, a facet filter, the search text, facets, a sort. */
const DSL_BODY = {
  query: {
    bool: {
      filter: {
        bool: {
          must: [
            { terms: { visibility: [2, 3, 4] } },
            {
              bool: { should: [{ terms: { color: [49] } }, { bool: { must: [{ terms: { color_options: [49] } }, { match: { type_id: 'configurable' } }] } }] },
            },
            { range: { final_price: { gte: 0, lte: 50 } } },
          ],
          must_not: [{ exists: { field: 'size' } }],
        },
      },
      must: {
        function_score: {
          functions: [{ filter: { match: { attribute_code: 'attribute_value' } }, weight: 1 }],
          query: {
            bool: {
              should: [
                { multi_match: { fields: ['name^4', 'sku^2'], query: 'tee' } },
                { bool: { should: [{ match_phrase: { sku: { query: 'tee', boost: 1 } } }] } },
              ],
            },
          },
        },
      },
    },
  },
  aggs: {
    agg_terms_color: { terms: { field: 'color', size: 10 } },
    agg_range_price: { range: { field: 'price', ranges: [{ from: 0, to: 50 }, { from: 50 }] } },
  },
  sort: [{ final_price: { order: 'desc' } }, 'id:asc'],
  min_score: 0.02,
  size: 10,
  _source: { includes: ['sku'] },
}
const CATALOG_PARAMS = [
  'size',
  'from',
  'sort',
  '_source_include',
  '_source_exclude',
  '_source_includes',
  '_source_excludes',
  'response_format',
  'request_format',
  'request',
]
const REC = '/api/ext/recommendations'

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api', method: 'GET', url: (r) => `/api${query(r, ['x'])}` },
  {
    name: 'POST catalog search',
    method: 'POST',
    url: (r) => `/api/catalog/${r() < 0.7 ? 'polder_en' : seg(r)}/${r() < 0.7 ? 'product' : seg(r)}/_search${query(r, CATALOG_PARAMS)}`,
    body: (r) => mutate(r, SEARCH_BODY),
  },
  {
    name: 'GET catalog search',
    method: 'GET',
    url: (r) =>
      `/api/catalog/${r() < 0.7 ? 'polder_nl' : seg(r)}/${pick(r, ['product', 'category', 'attribute', 'taxrule', 'url_rewrite', 'cms_page'])}/_search${query(r, CATALOG_PARAMS) || '?x=1'}&request=${enc(bodyText(r, mutate(r, SEARCH_BODY)))}`,
  },
  { name: 'POST cart create', method: 'POST', url: (r) => `/api/cart/create${query(r, ['storeCode', 'token'])}`, body: (r) => oddJson(r) },
  {
    name: 'GET cart pull',
    method: 'GET',
    url: (r, cart) => `/api/cart/pull?cartId=${r() < 0.5 ? cart : seg(r)}${query(r, ['token', 'cartId']).replace('?', '&')}`,
  },
  {
    name: 'POST cart update',
    method: 'POST',
    url: (r, cart) => `/api/cart/update?cartId=${r() < 0.6 ? cart : seg(r)}`,
    body: (r) =>
      mutate(r, {
        cartItem: {
          sku: pick(r, ['TEE', 'JACKET', 'SOCK-1', 'WAFEL']),
          qty: 1,
          quoteId: 'x',
          product_option: { extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: '49' }] } },
        },
      }),
  },
  {
    name: 'POST cart delete',
    method: 'POST',
    url: (r, cart) => `/api/cart/delete?cartId=${r() < 0.6 ? cart : seg(r)}`,
    body: (r) => mutate(r, { cartItem: { item_id: 1, sku: 'TEE' } }),
  },
  { name: 'GET cart totals', method: 'GET', url: (r, cart) => `/api/cart/totals?cartId=${r() < 0.5 ? cart : seg(r)}${query(r, ['token']).replace('?', '&')}` },
  { name: 'GET stock check', method: 'GET', url: (r) => (r() < 0.5 ? `/api/stock/check/${seg(r)}` : `/api/stock/check${query(r, ['sku', 'url'])}`) },
  { name: 'GET stock list', method: 'GET', url: (r) => `/api/stock/list${query(r, ['skus'])}` },
  {
    name: 'POST url map',
    method: 'POST',
    url: (r) => `/api/url/map${query(r, ['storeCode'])}`,
    body: (r) => mutate(r, { url: '/en/clothing', includeFields: ['sku', 'name'], excludeFields: ['description'] }),
  },
  {
    name: 'GET render-list',
    method: 'GET',
    url: (r) => `/api/product/render-list${query(r, ['skus', 'currencyCode', 'storeId', 'storeCode', 'userGroupId', 'token'])}`,
  },
  {
    name: 'GET replication pull',
    method: 'GET',
    url: (r) =>
      `/api/ext/replication/${r() < 0.5 ? 'v1' : seg(r)}/${r() < 0.5 ? 'en' : seg(r)}/${r() < 0.5 ? 'products' : seg(r)}/pull${query(r, ['updatedAt', 'id', 'batchSize', 'projection'])}`,
  },
  // the stream is a long-lived answer: only malformed versions and store views, which must be refused
  {
    name: 'GET replication stream',
    method: 'GET',
    url: (r) => `/api/ext/replication/${r() < 0.5 ? 'v0' : seg(r)}/${seg(r)}/stream${query(r, ['projection'])}`,
  },
  { name: 'GET recommendation visitor key', method: 'GET', url: (r) => `${REC}/visitor/key/${query(r, ['storeCode'])}` },
  {
    name: 'POST recommendation log sale',
    method: 'POST',
    url: (r) => `${REC}/log/sale/${query(r, ['storeCode'])}`,
    body: (r) => mutate(r, { visitorKey: 'abc', productIds: [100, 200], orderId: '1' }),
  },
  {
    name: 'GET recommendation log product',
    method: 'GET',
    url: (r) => `${REC}/log/${pick(r, ['product', 'click'])}/${r() < 0.5 ? '100' : seg(r)}/${seg(r)}${query(r, ['storeCode'])}`,
  },
  {
    name: 'GET recommendation search',
    method: 'GET',
    url: (r) => `${REC}/search/${pick(r, ['predictive', 'search'])}/${seg(r)}/${r() < 0.5 ? '0/' : ''}${seg(r)}/${seg(r)}${query(r, ['storeCode'])}`,
  },
  { name: 'GET recommendation cross-sell', method: 'GET', url: (r) => `${REC}/products/cross-sell/${seg(r)}/${seg(r)}/${seg(r)}${query(r, ['storeCode'])}` },
  {
    name: 'GET image',
    method: 'GET',
    url: (r) => `/img/${r() < 0.5 ? '150' : seg(r)}/${r() < 0.5 ? '150' : seg(r)}/${r() < 0.5 ? 'resize' : seg(r)}/${seg(r)}`,
  },
  {
    name: 'GET static and unknown paths',
    method: 'GET',
    url: (r) => `/${pick(r, ['en', 'fr', 'nl/p', 'be/c', 'api/nope', 'service-worker.js', 'assets'])}/${seg(r)}${query(r, ['childSku'])}`,
  },
  // last, so the endpoints above keep their seeds (and their requests)
  {
    name: 'POST catalog search, Elasticsearch body',
    method: 'POST',
    url: (r) => `/api/catalog/polder_en/${r() < 0.8 ? 'product' : seg(r)}/_search${query(r, CATALOG_PARAMS)}`,
    body: (r) => mutate(r, DSL_BODY),
  },
  {
    name: 'GET catalog search, Elasticsearch body',
    method: 'GET',
    url: (r) =>
      `/api/catalog/polder_en/${pick(r, ['product', 'category', 'attribute'])}/_search${query(r, CATALOG_PARAMS) || '?x=1'}&request=${enc(bodyText(r, mutate(r, DSL_BODY)))}`,
  },
]

let cartId = ''
const server = useTestServer(async () => {
  // a built app to serve, so static paths are answered as in production
  const dist = mkdtempSync(join(tmpdir(), 'polder-fuzz-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polder</title>')
  writeFileSync(join(dist, 'service-worker.js'), 'self.addEventListener("install", () => {})')
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
  // limits off: past the 60th cart create every request would meet the 429, not the handler
  // (the limits have their own tests in edge-hardening.test.ts)
  const started = await startTestServer({
    distDir: dist,
    limits: { cartCreatesPerMinute: 0, writesPerMinute: 0, catalogSearchesPerMinute: 0, requestTimeoutMs: 30_000 },
  })
  const created = await started.app.inject({ method: 'POST', url: '/api/cart/create', payload: {} })
  cartId = json<{ result: string }>(created).result
  return started
})

describe('fuzz: no malformed request gets a 5xx', () => {
  it.each(ENDPOINTS.map((e, i) => [e.name, e, i] as const))('%s', async (_name, endpoint, index) => {
    const rnd = random(0x5eed + index)
    const failures: string[] = []
    for (let i = 0; i < REQUESTS_PER_ENDPOINT; i++) {
      const url = endpoint.url(rnd, cartId)
      const headers: Record<string, string> = {}
      let payload: string | undefined
      if (endpoint.method === 'POST') {
        const r = rnd()
        payload = r < 0.05 ? '' : bodyText(rnd, endpoint.body ? endpoint.body(rnd) : oddJson(rnd))
        headers['content-type'] =
          r < 0.9
            ? 'application/json'
            : pick(rnd, ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data'])
      }
      if (rnd() < 0.2)
        headers['x-vs-store-code'] = oddString(rnd)
          .replace(/[^\x20-\x7e]/g, '')
          .slice(0, 100)
      const res = await server.app.inject({ method: endpoint.method, url, headers, ...(payload !== undefined ? { payload } : {}) })
      if (res.statusCode >= 500)
        failures.push(`${res.statusCode} ${endpoint.method} ${url.slice(0, 200)} ${payload?.slice(0, 200) ?? ''} → ${res.body.slice(0, 200)}`)
    }
    expect(failures).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('leaves the process whole and serving shoppers', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api' })).statusCode).toBe(200)
    expect(typeof Object.prototype.hasOwnProperty).toBe('function')
    expect(Object.prototype.toString.call([])).toBe('[object Array]')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const listing = await server.app.inject({ method: 'POST', url: '/api/catalog/polder_en/product/_search', payload: SEARCH_BODY })
    expect(listing.statusCode).toBe(200)
    const dsl = await server.app.inject({ method: 'POST', url: '/api/catalog/polder_en/product/_search', payload: DSL_BODY })
    expect(dsl.statusCode, dsl.body).toBe(200)
    const cart = await server.app.inject({ method: 'POST', url: '/api/cart/create', payload: {} })
    expect(cart.statusCode).toBe(200)
  })
})
