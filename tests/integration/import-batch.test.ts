/**
 * The import extension (POST /api/ext/import/batch) on the real app and real storage: the key,
 * a batch's writes and its answer, a refused batch writing nothing, a repeated batch changing
 * nothing, a deleted product gone from listings, search and the url map, the live stream (of this
 * process, and on PostgreSQL of a second app on the same database), and that a batch leaves the
 * catalogue exactly as a seed import of the same records would.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { ImportBatch } from '../../domain/api/catalog-import.schema'
import type { PullResult, StreamEvent } from '../../domain/api/replication.schema'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES } from '../../domain/store-views'
import { buildApp } from '../../server/app'
import { importShop } from '../../server/services/catalog-import'
import { createImportBatchService } from '../../server/services/import-batch-service'
import { PICTURE_KINDS } from '../../server/seed/kinds/kind-types'
import { openStorage } from '../../server/storage'
import { CLOTHING, FOOD, buildFixtureShop } from './fixtures'
import { importBatchCounts, importCounts, json, postImportBatch, useTestServer } from './helpers'

const KEY = 'test-import-key-0123456789'
const server = useTestServer({ importApiKey: KEY, listen: true, heartbeatMs: 200 })
const T0 = new Date('2026-06-15T12:00:00Z')

const auth = { authorization: `Bearer ${KEY}` }

async function post(body: unknown, headers: Record<string, string> = auth) {
  return postImportBatch(server, body, headers)
}

async function search(store: string, type: string, query: Record<string, unknown>, qs = 'size=100'): Promise<Record<string, unknown>[]> {
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/polder_${store}/${type}/_search?${qs}`, payload: query })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ hits: { hits: { _source: Record<string, unknown> }[] } }>(res).hits.hits.map((h) => h._source)
}

const bySku = (sku: string) => ({ _appliedFilters: [{ attribute: 'sku', value: { eq: sku }, scope: 'default' }] })
const inCategory = (id: number) => ({ _appliedFilters: [{ attribute: 'category_ids', value: { in: [id] }, scope: 'default' }] })

async function mapUrl(url: string): Promise<unknown> {
  const res = await server.app.inject({ method: 'POST', url: '/api/url/map?storeCode=en', payload: { url } })
  expect(res.statusCode, res.body).toBe(200)
  return json(res)
}

async function pull(store: string, collection: string, qs = 'limit=1000'): Promise<PullResult> {
  const res = await server.app.inject({ method: 'GET', url: `/api/ext/replication/v1/${store}/${collection}/pull?${qs}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<{ result: PullResult }>(res).result
}

/** A simple product of the fixture's shape, in the Clothing category. */
function newProduct(id: number, sku: string, price: number): Product {
  const slug = `${sku.toLowerCase()}-${id}`
  return {
    id,
    sku,
    name: `Cycling cap ${sku}`,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    url_key: slug,
    url_path: `${slug}.html`,
    slug,
    description: 'A cap for rainy rides',
    image: '/p/cap.svg',
    price,
    tax_class_id: 2,
    category_ids: [CLOTHING],
    category: [{ category_id: CLOTHING, name: 'Category', position: 5 }],
    stock: { qty: 7, is_in_stock: true, manage_stock: true },
    sold_qty: 0,
    eol: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  } as Product
}

const PAGE = { id: 90, identifier: 'rain-guarantee', title: 'Rain guarantee', content: '<p>Dry or your money back</p><script>x()</script>', active: true }

/** The batch of the tests below, in the en store view. */
const BATCH: ImportBatch = {
  storeViews: {
    en: {
      products: [newProduct(900, 'CAP', 15)],
      prices: [
        { sku: 'JACKET', price: 90, special_price: null },
        { sku: 'TEE-RED-S', price: 15 },
      ],
      stock: [
        { sku: 'SCARF', qty: 0, is_in_stock: false },
        { sku: 'TEE-BLUE-S', qty: 4, is_in_stock: true },
      ],
      cms_pages: [PAGE],
      delete: { products: ['WAFEL'], categories: [FOOD] },
    },
  },
}

/** Everything a shopper's client can read of the en store view, without the update times. */
async function catalogueState(): Promise<unknown> {
  const strip = (docs: Record<string, unknown>[]) =>
    docs.map(({ updated_at: _, ...rest }) => rest).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  const facets = await server.app.inject({
    method: 'POST',
    url: '/api/catalog/polder_en/product/_search?size=0',
    payload: {
      _appliedFilters: [],
      _availableFilters: [
        { field: 'color', scope: 'catalog' },
        { field: 'price', scope: 'catalog' },
      ],
    },
  })
  return {
    products: strip(await search('en', 'product', {})),
    light: strip((await pull('en', 'products')).documents),
    categories: strip(await search('en', 'category', {})),
    rewrites: strip(await search('en', 'url_rewrite', {}, 'size=500')),
    pages: strip(await search('en', 'cms_page', {})),
    found: (await search('en', 'product', { _searchText: 'cap rainy' })).map((p) => p.sku),
    aggregations: json<{ aggregations: unknown }>(facets).aggregations,
  }
}

describe('import batch: the key', () => {
  it('without IMPORT_API_KEY the extension is off: 404', async () => {
    const keyless = await buildApp({ config: { distDir: '/nonexistent-polder-dist', logLevel: 'silent' }, storage: server.storage })
    try {
      const res = await keyless.inject({ method: 'POST', url: '/api/ext/import/batch', payload: BATCH, headers: auth })
      expect(res.statusCode).toBe(404)
    } finally {
      await keyless.close()
    }
  })

  it('no key or a wrong key: 401, and nothing written', async () => {
    expect((await post(BATCH, {})).statusCode).toBe(401)
    const wrong = await post(BATCH, { authorization: `Bearer ${KEY}x` })
    expect(wrong.statusCode).toBe(401)
    expect(json<{ result: string }>(wrong).result).toBe('The API key is not valid')
    expect(await search('en', 'product', bySku('CAP'))).toEqual([])
  })
})

describe('import batch: writes', () => {
  it('leaves the catalogue exactly as a seed import of the same records would', async () => {
    const now = new Date('2026-06-20T10:00:00Z')
    await createImportBatchService(server.storage, { now: () => now }).apply(BATCH)
    const batched = await catalogueState()

    // the same records as a whole shop: CAP added, JACKET's price, SCARF's stock, the page; WAFEL and Food gone
    const shop = buildFixtureShop({ without: ['WAFEL'] })
    for (const code of STORE_CODES) {
      const catalog = shop.catalog[code]
      if (code !== 'en') {
        // the other store views as the batch left them: as before (WAFEL and Food still there)
        shop.catalog[code] = buildFixtureShop().catalog[code]
        continue
      }
      catalog.products.push(newProduct(900, 'CAP', 15))
      const jacket = catalog.products.find((p) => p.sku === 'JACKET')!
      Object.assign(jacket, { price: 90, special_price: null })
      Object.assign(catalog.products.find((p) => p.sku === 'SCARF')!.stock, { qty: 0, is_in_stock: false })
      const children = catalog.products.find((p) => p.sku === 'TEE')!.configurable_children!
      children.find((c) => c.sku === 'TEE-RED-S')!.price = 15
      Object.assign(children.find((c) => c.sku === 'TEE-BLUE-S')!.stock, { qty: 4, is_in_stock: true })
      catalog.categories = catalog.categories.filter((c) => c.id !== FOOD)
      catalog.cms_pages = [...(catalog.cms_pages ?? []), PAGE]
    }
    const summary = await importShop(server.storage, shop, now)
    // nothing to write: the batch wrote every row as this import does
    expect(summary.storeViews.en.written).toBe(0)
    expect(summary.storeViews.en.deleted).toBe(0)
    expect(await catalogueState()).toEqual(batched)
    // back to the fixture shop for the tests below
    await importShop(server.storage, buildFixtureShop(), T0)
  })

  it('upserts, updates prices and stock, adds a CMS page, deletes a product and a category; answers the counts', async () => {
    expect(await importBatchCounts(server, BATCH, auth)).toEqual(
      importCounts({
        products: { upserted: 1, unchanged: 0, deleted: 1 },
        categories: { upserted: 0, unchanged: 0, deleted: 1 },
        cms_pages: { upserted: 1, unchanged: 0, deleted: 0 },
        prices: { upserted: 2, unchanged: 0, deleted: 0 },
        stock: { upserted: 2, unchanged: 0, deleted: 0 },
      }),
    )
    const [cap] = await search('en', 'product', bySku('CAP'))
    // priced per store view: 15.00 + 21 % VAT
    expect(cap).toMatchObject({ sku: 'CAP', price_incl_tax: 18.15, final_price_incl_tax: 18.15 })
    const [jacket] = await search('en', 'product', bySku('JACKET'))
    expect(jacket).toMatchObject({ price: 90, special_price: null, final_price_incl_tax: 108.9 })
    const [scarf] = await search('en', 'product', bySku('SCARF'))
    expect(scarf!.stock).toMatchObject({ qty: 0, is_in_stock: false })
    // a child's price and stock: the configurable shows its cheapest child, 15.00 + 21 % VAT
    const [tee] = await search('en', 'product', bySku('TEE'))
    expect(tee).toMatchObject({ final_price_incl_tax: 18.15 })
    const children = tee!.configurable_children as { sku: string; price: number; stock: { qty: number } }[]
    expect(children.find((c) => c.sku === 'TEE-RED-S')).toMatchObject({ price: 15 })
    expect(children.find((c) => c.sku === 'TEE-BLUE-S')!.stock).toMatchObject({ qty: 4, is_in_stock: true })
    const stock = await server.app.inject({ method: 'GET', url: '/api/stock/check?sku=SCARF' })
    expect(json<{ result: { qty: number; is_in_stock: boolean } }>(stock).result).toMatchObject({ qty: 0, is_in_stock: false })
    // other store views are not touched
    expect((await search('nl', 'product', bySku('JACKET')))[0]).toMatchObject({ price: 100 })

    const page = await server.app.inject({ method: 'GET', url: '/api/ext/cms/cmsPage/90?storeCode=en' })
    expect(json<{ result: { content: string } }>(page).result.content).toBe('<p>Dry or your money back</p>')
    expect(await mapUrl('rain-guarantee')).toMatchObject({ _type: 'cms_page', _id: '90' })

    // Clothing counts CAP now; Food is gone
    const categories = await search('en', 'category', {})
    expect(categories.find((c) => c.id === CLOTHING)).toMatchObject({ product_count: 5 })
    expect(categories.some((c) => c.id === FOOD)).toBe(false)
    expect((await pull('en', 'categories')).documents.find((d) => d.id === String(FOOD))).toMatchObject({ _deleted: true })
  })

  it('a deleted product is gone from listings, search and the url map, and replicates as a tombstone', async () => {
    expect(await search('en', 'product', inCategory(FOOD))).toEqual([])
    expect((await search('en', 'product', { _searchText: 'stroopwafels' })).map((p) => p.sku)).not.toContain('WAFEL')
    expect(await search('nl', 'product', bySku('WAFEL'))).toHaveLength(1)
    expect(await mapUrl('wafel-200.html')).toBeNull()
    expect(await mapUrl('catalog/product/view/id/200')).toBeNull()
    expect((await pull('en', 'products')).documents.find((d) => d.sku === 'WAFEL')).toMatchObject({ _deleted: true })
  })

  it('the same batch again: every record unchanged, no update time moved', async () => {
    const before = JSON.stringify(await catalogueStateWithTimes())
    // products: CAP's upsert, and the delete of WAFEL, gone already
    expect(await importBatchCounts(server, BATCH, auth)).toEqual(
      importCounts({
        products: { upserted: 0, unchanged: 2, deleted: 0 },
        categories: { upserted: 0, unchanged: 1, deleted: 0 },
        cms_pages: { upserted: 0, unchanged: 1, deleted: 0 },
        prices: { upserted: 0, unchanged: 2, deleted: 0 },
        stock: { upserted: 0, unchanged: 2, deleted: 0 },
      }),
    )
    expect(JSON.stringify(await catalogueStateWithTimes())).toBe(before)
  })
})

/** Every row of the en store view with its update time: the feed's tombstones included. */
async function catalogueStateWithTimes(): Promise<unknown> {
  return {
    products: (await pull('en', 'products', 'limit=1000&projection=full')).documents,
    categories: (await pull('en', 'categories')).documents,
    rewrites: await search('en', 'url_rewrite', {}, 'size=500'),
    pages: await search('en', 'cms_page', {}),
  }
}

describe('import batch: stock after sales', () => {
  const qtyOf = async (sku: string) =>
    json<{ result: { qty: number } }>(await server.app.inject({ method: 'GET', url: `/api/stock/check?sku=${sku}` })).result.qty

  it('a price update leaves the stock orders took, of the product and of its sibling children', async () => {
    const before = { sock: await qtyOf('SOCK-2'), child: await qtyOf('TEE-RED-M') }
    await server.storage.transaction(async (repos) => {
      await repos.stock.lockForUpdate(['SOCK-2', 'TEE-RED-M'])
      await repos.stock.take(
        new Map([
          ['SOCK-2', 3],
          ['TEE-RED-M', 1],
        ]),
        T0.toISOString(),
      )
    })
    const counts = await importBatchCounts(
      server,
      {
        storeViews: {
          en: {
            prices: [
              { sku: 'SOCK-2', price: 9.5 },
              { sku: 'TEE-RED-S', price: 16 },
            ],
          },
        },
      },
      auth,
    )
    expect(counts.prices).toEqual({ upserted: 2, unchanged: 0, deleted: 0 })
    expect(await qtyOf('SOCK-2')).toBe(before.sock - 3)
    expect(await qtyOf('TEE-RED-M')).toBe(before.child - 1)
  })
})

describe('import batch: refusals', () => {
  it('a record that fails its schema is named, and nothing of the batch is written', async () => {
    const res = await post({ storeViews: { en: { products: [newProduct(901, 'CAP-2', 15), { ...newProduct(902, 'CAP-3', 15), price: 'cheap' }] } } })
    expect(res.statusCode).toBe(400)
    expect(json<{ result: string }>(res).result).toBe('storeViews.en.products.1.price: must be number')
    expect(await search('en', 'product', bySku('CAP-2'))).toEqual([])
  })

  it('a picture of a kind the server does not draw is named, and nothing of the batch is written', async () => {
    const res = await post({
      storeViews: { en: { products: [newProduct(905, 'CAP-6', 15), { ...newProduct(906, 'CAP-7', 15), image: '/catalog/product/umbrella/2e5aac/1.png' }] } },
    })
    expect(res.statusCode).toBe(400)
    expect(json<{ result: string }>(res).result).toBe(
      `storeViews.en.products[1] (sku "CAP-7"): image: unknown picture kind "umbrella" (one of ${PICTURE_KINDS.join(', ')})`,
    )
    expect(await search('en', 'product', bySku('CAP-6'))).toEqual([])
  })

  it('a sku no product has is named, and the valid records before it are rolled back', async () => {
    const res = await post({ storeViews: { en: { products: [newProduct(903, 'CAP-4', 15)], prices: [{ sku: 'NOPE', price: 1 }] } } })
    expect(res.statusCode).toBe(400)
    expect(json<{ result: string }>(res).result).toBe('storeViews.en.prices[0] (sku "NOPE"): sku: no product or configurable child with this sku')
    expect(await search('en', 'product', bySku('CAP-4'))).toEqual([])
    expect(await mapUrl('cap-4-903.html')).toBeNull()
  })

  it('a category still in use cannot be deleted; a product cannot name a category that does not exist', async () => {
    const inUse = await post({ storeViews: { en: { delete: { categories: [CLOTHING] } } } })
    expect(inUse.statusCode).toBe(400)
    expect(json<{ result: string }>(inUse).result).toMatch(/^storeViews\.en\.delete\.categories\[0\] \(id 20\): product sku "\w+" is still in this category$/)
    const unknown = await post({ storeViews: { en: { products: [{ ...newProduct(904, 'CAP-5', 15), category_ids: [FOOD] }] } } })
    expect(json<{ result: string }>(unknown).result).toBe('storeViews.en.products[0] (sku "CAP-5"): category_ids[0]: no category with id 21')
    expect((await search('en', 'category', {})).find((c) => c.id === CLOTHING)).toBeDefined()
  })
})

describe('import batch: live', () => {
  it('the stream carries the change within 2 s (on PostgreSQL: the stream of a second app on the same database)', async () => {
    let other: Awaited<ReturnType<typeof openStorage>> | null = null
    let streamApp = server.app
    if (process.env.DATABASE_URL) {
      other = await openStorage({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' })
      streamApp = await buildApp({ config: { distDir: '/nonexistent-polder-dist', logLevel: 'silent' }, storage: other })
      await streamApp.listen({ port: 0, host: '127.0.0.1' })
    }
    const { port } = streamApp.server.address() as AddressInfo
    const events: StreamEvent[] = []
    const req = http.get(`http://127.0.0.1:${port}/api/ext/replication/v1/en/stream?projection=light`)
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve))
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      for (const block of chunk.split('\n\n')) if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)) as StreamEvent)
    })
    const waitFor = async (test: () => boolean, ms: number) => {
      const until = Date.now() + ms
      while (!test() && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
      expect(test()).toBe(true)
    }
    try {
      await waitFor(() => events.length >= 1, 2000)
      const resyncs = events.length
      const posted = await post({ storeViews: { en: { prices: [{ sku: 'SOCK-1', price: 7 }] } } })
      expect(posted.statusCode, posted.body).toBe(200)
      const started = Date.now()
      if (other) {
        await waitFor(() => events.length > resyncs && events.at(-1)!.type === 'RESYNC', 2000)
      } else {
        const changed = () => events.find((e) => e.type === 'changes' && e.documents.some((d) => d.sku === 'SOCK-1'))
        await waitFor(() => changed() !== undefined, 2000)
        const change = changed()
        if (change?.type !== 'changes') throw new Error('no change event')
        expect(change.documents.find((d) => d.sku === 'SOCK-1')).toMatchObject({ price: 7, final_price_incl_tax: 8.47 })
      }
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      req.destroy()
      if (other) {
        await streamApp.close()
        await other.close()
      }
    }
  })
})

describe('import batch: size', () => {
  it('takes a batch past the 100 kB body limit of the other routes (this route has its own)', async () => {
    const content = `<p>${'Dry feet, happy riders. '.repeat(8_000)}</p>`
    const counts = await importBatchCounts(server, { storeViews: { nl: { cms_blocks: [{ id: 77, identifier: 'big-block', title: 'Big', content }] } } }, auth)
    expect(counts.cms_blocks).toEqual({ upserted: 1, unchanged: 0, deleted: 0 })
    const tooBig = await server.app.inject({ method: 'POST', url: '/api/cart/create', payload: { padding: content } })
    expect(tooBig.statusCode).toBe(413)
  })
})

describe('import batch: guessing the key', () => {
  it('wrong keys past the limit are answered 429, the right key too until the window ends', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await post({ storeViews: {} }, { authorization: `Bearer guess-${i}` })).statusCode)
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0)
    expect(statuses.at(-1)).toBe(429)
    const right = await post({ storeViews: {} })
    expect(right.statusCode).toBe(429)
    expect(json<{ result: string }>(right).result).toMatch(/^Too many failed key checks from this address/)
  })
})
