/**
 * The recommendation and search extension (/api/ext/recommendations/, spec §7 and §9) on the real
 * app and storage, over a generated demo shop of 200 products. Search and ranking tests use the en
 * store view, cross-sell tests the nl one: signals are kept per store view, so neither disturbs the
 * other. Expected orders are computed from the shop and the catalogue's own scores, not copied.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { SearchResponse } from '../../domain/api/catalog.schema'
import type { RecommendationResult } from '../../domain/api/recommendations.schema'
import type { Product } from '../../domain/product.schema'
import type { StoreCode } from '../../domain/store-views'
import { json, startGeneratedShopServer, useTestServer } from './helpers'

const server = useTestServer(() => startGeneratedShopServer(200))

const BASE = '/api/ext/recommendations'
const VISITOR = '0123456789abcdef0123456789abcdef'

interface Envelope {
  code: number
  result: unknown
}

async function get(path: string, store: StoreCode = 'en'): Promise<{ status: number; envelope: Envelope; cacheControl: unknown }> {
  const res = await server.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: { 'x-vs-store-code': store } })
  return { status: res.statusCode, envelope: json<Envelope>(res), cacheControl: res.headers['cache-control'] }
}

/** The parsed `result` text of a 200 answer. */
async function ok(path: string, store: StoreCode = 'en'): Promise<RecommendationResult> {
  const { status, envelope } = await get(path, store)
  expect(status, JSON.stringify(envelope)).toBe(200)
  expect(typeof envelope.result).toBe('string')
  const result = JSON.parse(envelope.result as string) as RecommendationResult
  expect(result.status).toBe('ok')
  return result
}

async function ids(path: string, store: StoreCode = 'en'): Promise<number[]> {
  const result = await ok(path, store)
  expect(Array.isArray(result.products)).toBe(true)
  return result.products ?? []
}

async function postSale(body: unknown, store: StoreCode): Promise<{ status: number; envelope: Envelope }> {
  const res = await server.app.inject({ method: 'POST', url: `${BASE}/log/sale/?storeCode=${store}`, payload: body as object })
  return { status: res.statusCode, envelope: json<Envelope>(res) }
}

async function sale(store: StoreCode, saleId: string, products: (number | string)[], visitor = VISITOR): Promise<number[]> {
  const { status, envelope } = await postSale({ key: 'public-key', visitor, sale: saleId, products }, store)
  expect(status, JSON.stringify(envelope)).toBe(200)
  return (JSON.parse(envelope.result as string) as RecommendationResult).products ?? []
}

const products = (store: StoreCode): Product[] => server.shop.catalog[store].products
const byId = (store: StoreCode, id: number): Product => {
  const found = products(store).find((p) => p.id === id)
  if (!found) throw new Error(`no product ${id} in ${store}`)
  return found
}
const searchable = (p: Product) => p.status === 1 && (p.visibility === 3 || p.visibility === 4)
const recommendable = (p: Product) => p.status === 1 && p.visibility >= 2

/** The catalogue's own text ranking (score, id) of the searchable products, best first. */
async function catalogueRanking(store: StoreCode, text: string): Promise<{ id: number; score: number }[]> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/catalog/polder_${store}/product/_search?size=500`,
    payload: { _searchText: text },
  })
  expect(res.statusCode, res.body).toBe(200)
  return json<SearchResponse<Product>>(res)
    .hits.hits.filter((h) => searchable(h._source))
    .map((h) => ({ id: h._source.id, score: h._score }))
}

describe('visitor key', () => {
  it('hands out a new random 32-hex-digit key each time, as JSON text, not cached', async () => {
    const first = await get('visitor/key/')
    expect(first.status).toBe(200)
    expect(first.cacheControl).toBe('no-cache')
    const a = JSON.parse(first.envelope.result as string) as RecommendationResult
    const b = await ok('visitor/key/')
    expect(a).toEqual({ status: 'ok', visitor: expect.stringMatching(/^[0-9a-f]{32}$/) })
    expect(b.visitor).toMatch(/^[0-9a-f]{32}$/)
    expect(b.visitor).not.toBe(a.visitor)
  })
})

describe('logging views and clicks', () => {
  it('answers ok with Cache-Control: no-cache', async () => {
    const id = products('en').find(searchable)!.id
    for (const kind of ['product', 'click']) {
      const r = await get(`log/${kind}/${id}/${VISITOR}`)
      expect(r.status, JSON.stringify(r.envelope)).toBe(200)
      expect(r.cacheControl).toBe('no-cache')
      expect(JSON.parse(r.envelope.result as string)).toEqual({ status: 'ok' })
    }
  })

  it('refuses an unknown product with 404', async () => {
    const r = await get(`log/product/999999/${VISITOR}`)
    expect(r.status).toBe(404)
    expect(r.envelope.code).toBe(404)
    expect(String(r.envelope.result)).toMatch(/999999/)
  })
})

describe('search and predictive search re-ranked by views, clicks and sales', () => {
  const QUERY = 'bike'
  let baseline: number[]
  let boosted: { viewed: number; clicked: number; sold: number }

  beforeAll(async () => {
    baseline = await ids(`search/search/500/0/${QUERY}/${VISITOR}`)
    const ranking = await catalogueRanking('en', QUERY)
    const best = ranking[0]!.score
    // the last of the close text matches: a boost can lift them to the top, and they start low
    const close = ranking.filter((h, i) => i > 0 && h.score >= best * 0.8)
    expect(close.length).toBeGreaterThanOrEqual(9)
    const [viewed, clicked, sold] = close.slice(-3).map((h) => h.id) as [number, number, number]
    boosted = { viewed, clicked, sold }
  })

  it('before any signal the order is the catalogue text ranking', async () => {
    const ranking = await catalogueRanking('en', QUERY)
    expect(baseline).toEqual(ranking.map((h) => h.id).slice(0, 50))
    expect(await ids(`search/predictive/6/${QUERY}/${VISITOR}`)).toEqual(baseline.slice(0, 6))
  })

  it('lifts the viewed, the clicked and the sold product above every product without signals', async () => {
    const { viewed, clicked, sold } = boosted
    // all three start outside the predictive six
    expect(baseline.slice(0, 6)).not.toContain(viewed)
    expect(baseline.slice(0, 6)).not.toContain(clicked)
    expect(baseline.slice(0, 6)).not.toContain(sold)
    for (let i = 0; i < 30; i++) {
      const visitor = `visitor-${i}`
      expect((await get(`log/product/${viewed}/${visitor}`)).status).toBe(200)
      expect((await get(`log/click/${clicked}/${visitor}`)).status).toBe(200)
      await sale('en', `en-order-${i}`, [sold], visitor)
    }
    const after = await ids(`search/search/500/0/${QUERY}/${VISITOR}`)
    expect(new Set(after.slice(0, 3))).toEqual(new Set([viewed, clicked, sold]))
    // re-ranked, not re-matched: the same products, the others in their text order
    expect([...after].sort((a, b) => a - b)).toEqual([...baseline].sort((a, b) => a - b))
    expect(after.slice(3)).toEqual(baseline.filter((id) => ![viewed, clicked, sold].includes(id)))

    const predictive = await ids(`search/predictive/6/${QUERY}/${VISITOR}`)
    expect(new Set(predictive.slice(0, 3))).toEqual(new Set([viewed, clicked, sold]))
    expect(predictive.slice(3)).toEqual(baseline.filter((id) => ![viewed, clicked, sold].includes(id)).slice(0, 3))
  })

  it('keeps the boost gentle: popularity never makes a product match', async () => {
    const notMatching = products('en').find((p) => searchable(p) && !/bike/i.test(p.name) && !baseline.includes(p.id))!
    for (let i = 0; i < 10; i++) await sale('en', `en-other-${i}`, [notMatching.id])
    expect(await ids(`search/search/500/0/${QUERY}/${VISITOR}`)).not.toContain(notMatching.id)
  })

  it('keeps signals per store view: the nl search is untouched', async () => {
    const ranking = await catalogueRanking('nl', 'fiets')
    expect(await ids(`search/search/500/0/fiets/${VISITOR}`, 'nl')).toEqual(ranking.map((h) => h.id).slice(0, 50))
  })
})

describe('limits', () => {
  it('predictive: the asked limit, at most 6, 6 when 0', async () => {
    expect(await ids(`search/predictive/3/bike/${VISITOR}`)).toHaveLength(3)
    expect(await ids(`search/predictive/100/bike/${VISITOR}`)).toHaveLength(6)
    expect(await ids(`search/predictive/0/bike/${VISITOR}`)).toHaveLength(6)
  })

  it('search: pages of at most 50 from the offset, within the limit (at most 500)', async () => {
    const ranking = await catalogueRanking('en', 'made')
    expect(ranking.length).toBeGreaterThan(60)
    const first = await ok(`search/search/500/0/made/${VISITOR}`)
    expect(first.products).toHaveLength(50)
    expect(first.total).toBe(Math.min(ranking.length, 500))
    const second = await ok(`search/search/500/50/made/${VISITOR}`)
    expect(second.products).toHaveLength(Math.min(50, ranking.length - 50))
    expect(second.products!.some((id) => first.products!.includes(id))).toBe(false)

    const cut = await ok(`search/search/20/10/made/${VISITOR}`)
    expect(cut.total).toBe(20)
    expect(cut.products).toEqual(first.products!.slice(10, 20))
    expect(await ids(`search/search/20/20/made/${VISITOR}`)).toEqual([])
    expect((await ok(`search/search/100000/0/made/${VISITOR}`)).total).toBe(Math.min(ranking.length, 500))
  })
})

describe('cross-sell', () => {
  const store: StoreCode = 'nl'
  // a product, and others from other categories (the category fallback would not bring them)
  let product: Product
  let boughtTwice: Product
  let boughtOnce: Product
  let viewedToo: Product
  let disabled: Product

  beforeAll(() => {
    const all = products(store)
    product = all.find((p) => recommendable(p) && p.category_ids.length > 0 && p.type_id === 'simple')!
    const elsewhere = all.filter((p) => recommendable(p) && p.id !== product.id && !p.category_ids.some((c) => product.category_ids.includes(c)))
    ;[boughtTwice, boughtOnce, viewedToo] = elsewhere as [Product, Product, Product]
    disabled = all.find((p) => p.status !== 1)!
    expect(disabled).toBeDefined()
  })

  it('ranks products bought together first, then viewed together, then same-category bestsellers; never the product itself', async () => {
    // a sale by sku, and the product listed twice: it is still one line
    expect(await sale(store, 'nl-1', [product.id, boughtTwice.id, boughtOnce.sku, product.id])).toEqual([product.id, boughtTwice.id, boughtOnce.id])
    await sale(store, 'nl-2', [product.id, boughtTwice.id])
    // a disabled product bought with it three times is still never recommended
    for (const n of [3, 4, 5]) await sale(store, `nl-${n}`, [product.id, disabled.id])
    // bought without the product: not a co-purchase
    await sale(store, 'nl-6', [viewedToo.id, boughtOnce.id])
    for (const id of [product.id, viewedToo.id]) expect((await get(`log/product/${id}/co-viewer`, store)).status).toBe(200)

    const got = await ids(`products/cross-sell/6/${product.id}/${VISITOR}`, store)
    expect(got.slice(0, 3)).toEqual([boughtTwice.id, boughtOnce.id, viewedToo.id])
    expect(got).toHaveLength(6)
    expect(got).not.toContain(product.id)
    expect(got).not.toContain(disabled.id)
    expect(new Set(got).size).toBe(got.length)
    for (const id of got.slice(3)) {
      const p = byId(store, id)
      expect(recommendable(p)).toBe(true)
      expect(p.category_ids.some((c) => product.category_ids.includes(c))).toBe(true)
    }
  })

  it('counts a sale logged twice once', async () => {
    // nl-1 (which already holds boughtOnce) logged twice more: counted three times, boughtOnce's three
    // sales would pass boughtTwice's two
    await sale(store, 'nl-1', [product.id, boughtOnce.id])
    await sale(store, 'nl-1', [product.id, boughtOnce.id])
    const got = await ids(`products/cross-sell/6/${product.id}/${VISITOR}`, store)
    expect(got.slice(0, 2)).toEqual([boughtTwice.id, boughtOnce.id])
  })

  it('honours the limit: the asked number, at most 6, 6 when 0', async () => {
    expect(await ids(`products/cross-sell/2/${product.id}/${VISITOR}`, store)).toEqual([boughtTwice.id, boughtOnce.id])
    expect(await ids(`products/cross-sell/50/${product.id}/${VISITOR}`, store)).toHaveLength(6)
    expect(await ids(`products/cross-sell/0/${product.id}/${VISITOR}`, store)).toHaveLength(6)
  })

  it('falls back to same-category products when nothing was logged for the product', async () => {
    const quiet = products('be').find((p) => recommendable(p) && p.category_ids.length > 0)!
    const got = await ids(`products/cross-sell/6/${quiet.id}/${VISITOR}`, 'be')
    expect(got.length).toBeGreaterThan(0)
    expect(got).not.toContain(quiet.id)
    for (const id of got) expect(byId('be', id).category_ids.some((c) => quiet.category_ids.includes(c))).toBe(true)
  })

  it('answers 404 for an unknown product', async () => {
    const r = await get(`products/cross-sell/6/999999/${VISITOR}`, store)
    expect(r.status).toBe(404)
    expect(r.envelope.code).toBe(404)
  })
})

describe('bad input is a 400 envelope that says what is wrong', () => {
  it.each([
    ['log/product/abc/v1', /productId/],
    ['log/click/0/v1', /productId/],
    ['log/product/1/bad%20key', /visitorKey/],
    ['search/predictive/-1/bike/v1', /limit/],
    ['search/predictive/x/bike/v1', /limit/],
    ['search/search/10/-5/bike/v1', /offset/],
    [`search/predictive/6/${'a'.repeat(201)}/v1`, /query/],
    ['search/predictive/6/%20%20/v1', /query/],
    ['products/cross-sell/6/1.5/v1', /productId/],
  ])('GET %s', async (path, message) => {
    const r = await get(path)
    expect(r.status, JSON.stringify(r.envelope)).toBe(400)
    expect(r.envelope.code).toBe(400)
    expect(String(r.envelope.result)).toMatch(message)
  })

  it.each([
    [{ visitor: VISITOR, sale: 'x', products: [1] }, /key/],
    [{ key: 'k', visitor: VISITOR, sale: 'x', products: [] }, /products/],
    [{ key: 'k', visitor: VISITOR, products: [1] }, /sale/],
    [{ key: 'k', visitor: 'a b', sale: 'x', products: [1] }, /visitor/],
    [{ key: 'k', visitor: VISITOR, sale: 'x', products: [1], email: 'not-an-email' }, /email/],
    [{ key: 'k', visitor: VISITOR, sale: 'x', products: [{ id: 1 }] }, /products\.0/],
  ])('POST log/sale %j', async (body, message) => {
    const r = await postSale(body, 'en')
    expect(r.status, JSON.stringify(r.envelope)).toBe(400)
    expect(String(r.envelope.result)).toMatch(message)
  })

  it('never answers 500 to odd values (NUL bytes, odd characters, a body that is not an object)', async () => {
    for (const path of ['search/predictive/6/%00/v1', 'search/search/50/0/%25%27%22%5C/v1', 'search/predictive/6/%E2%80%8B%F0%9F%9A%B2/v1']) {
      const r = await get(path)
      expect([200, 400], `${path}: ${JSON.stringify(r.envelope)}`).toContain(r.status)
    }
    for (const body of [
      { key: 'k', visitor: VISITOR, sale: 'nul\u0000', products: [1] },
      { key: 'k', visitor: VISITOR, sale: 'x', products: ['sku\u0000'] },
      [1, 2],
    ]) {
      const r = await postSale(body, 'en')
      expect([400, 404], JSON.stringify(r.envelope)).toContain(r.status)
    }
  })

  it('POST log/sale with an unknown sku is a 404 and records nothing', async () => {
    const known = products('fr').find(recommendable)!
    const r = await postSale({ key: 'k', visitor: VISITOR, sale: 'fr-1', products: [known.id, 'NO-SUCH-SKU'] }, 'fr')
    expect(r.status).toBe(404)
    expect(String(r.envelope.result)).toMatch(/NO-SUCH-SKU/)
    const popularity = await server.storage.recommendations.popularity('fr', [known.id])
    expect(popularity.get(known.id)).toBeUndefined()
  })
})
