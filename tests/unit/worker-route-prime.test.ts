/**
 * A first visit's category page ahead of the replication: the primer asks the server for
 * that page once (its categories, its sort, its size, light fields), the mirror takes what it does
 * not hold yet, and a document the replication stores replaces the primed one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import type { SearchQuery } from '../../domain/api/catalog.schema'
import type { ApiClient, SearchParams } from '../../replication/api-client'
import { ProductBatchWriter } from '../../workers/catalog/product-batches'
import { ProductMirror } from '../../workers/catalog/product-mirror'
import { RoutePrimer } from '../../workers/catalog/route-prime'
import type { CategoryPageQuery } from '../../workers/contract/views'
import { toProductDoc } from '../../workers/db/catalog-docs'
import type { ProductDoc } from '../../workers/db/catalog-schemas'
import { openDatabase, type PolderDatabase } from '../../workers/db/database'
import { json, useWorkerServices, waitFor } from './worker-harness'

const wire = (id: number, name = `Product ${id}`) => ({
  id,
  sku: `SKU-${id}`,
  name,
  type_id: 'simple',
  status: 1,
  visibility: 4,
  url_key: `p-${id}`,
  url_path: `p-${id}.html`,
  slug: `p-${id}`,
  price: 10,
  price_incl_tax: 12.1,
  final_price_incl_tax: 12.1,
  category_ids: [2, 20],
  updated_at: '2026-01-01T00:00:00Z',
})
const page: CategoryPageQuery = { categoryId: 20, filters: {}, sort: 'price_asc', size: 18 }

describe('route prime', () => {
  const open: { db: PolderDatabase; mirror: ProductMirror }[] = []
  afterEach(async () => {
    for (const { db, mirror } of open.splice(0)) {
      mirror.stop()
      await db.close()
    }
  })

  async function mirrorOnDb() {
    const db = await openDatabase({ storeCode: 'en', storage: getRxStorageMemory(), name: `polder-prime-${Date.now()}-${Math.random().toString(36).slice(2)}` })
    const mirror = new ProductMirror(db.productBatches, 0)
    await mirror.start()
    open.push({ db, mirror })
    return { db, mirror, writer: new ProductBatchWriter(db.productBatches) }
  }

  function primerWith(answer: () => Promise<Record<string, unknown>[]>, prime: (docs: ProductDoc[]) => number = (docs) => docs.length) {
    const calls: { query: SearchQuery; params: SearchParams | undefined }[] = []
    const search = vi.fn(async (_index: string, _type: string, query: SearchQuery, params?: SearchParams) => {
      calls.push({ query, params })
      const documents = await answer()
      return { total: documents.length, documents }
    })
    const primer = new RoutePrimer({ api: { search } as unknown as Pick<ApiClient, 'search'>, index: 'polder_en', prime, timeoutMs: 1000 })
    return { primer, calls, search }
  }

  it('asks the server for the page: its categories, listed products only, its sort and size, light fields', async () => {
    const { primer, calls } = primerWith(async () => [wire(1), wire(2)])
    expect(await primer.primeCategoryPage(page, [20, 21])).toBe(2)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.query._appliedFilters).toEqual([
      { attribute: 'category_ids', value: { in: [20, 21] }, scope: 'default' },
      { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' },
      { attribute: 'status', value: { in: [0, 1] }, scope: 'default' },
    ])
    expect(calls[0]!.query._appliedSort).toEqual([{ field: 'final_price', options: 'asc' }])
    expect(calls[0]!.params).toMatchObject({ size: 18, timeoutMs: 1000 })
    expect(calls[0]!.params?.includeFields).toContain('category_ids')
  })

  it("the position sort asks for the category's own products: the server reads positions in the categories filtered on", async () => {
    const { primer, calls } = primerWith(async () => [])
    await primer.primeCategoryPage({ ...page, sort: 'position' }, [20, 21])
    expect(calls[0]!.query._appliedFilters[0]).toEqual({ attribute: 'category_ids', value: { in: [20] }, scope: 'default' })
    expect(calls[0]!.query._appliedSort).toEqual([{ field: 'position', options: 'asc' }])
  })

  it('a second ask while the first is out waits for its answer, and is not sent again', async () => {
    let answer: (docs: Record<string, unknown>[]) => void = () => undefined
    const primed: string[] = []
    const { primer, search } = primerWith(
      () => new Promise((resolve) => (answer = resolve)),
      (docs) => {
        primed.push(...docs.map((d) => d.sku))
        return docs.length
      },
    )
    const first = primer.primeCategoryPage(page, [20])
    let secondDone = false
    const second = primer.primeCategoryPage(page, [20]).then((n) => {
      secondDone = true
      return n
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(secondDone).toBe(false)
    answer([wire(3)])
    expect(await first).toBe(1)
    expect(await second).toBe(0)
    expect(primed).toEqual(['SKU-3'])
    expect(search).toHaveBeenCalledTimes(1)
  })

  it('asks once per category, sort and size; never for a filtered page', async () => {
    const { primer, search } = primerWith(async () => [wire(1)])
    await primer.primeCategoryPage(page, [20])
    await primer.primeCategoryPage(page, [20])
    expect(search).toHaveBeenCalledTimes(1)
    await primer.primeCategoryPage({ ...page, sort: 'position' }, [20])
    expect(search).toHaveBeenCalledTimes(2)
    expect(await primer.primeCategoryPage({ ...page, filters: { color: ['49'] } }, [20])).toBe(0)
    expect(search).toHaveBeenCalledTimes(2)
  })

  it('a failed or slow server leaves the page to the replication: nothing thrown, nothing primed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { primer } = primerWith(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await primer.primeCategoryPage(page, [20])).toBe(0)
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('a first answer waits for the primed page only so long; the page is primed when the server answers later', async () => {
    let answer: (docs: Record<string, unknown>[]) => void = () => undefined
    const primed: string[] = []
    const { primer } = primerWith(
      () => new Promise((resolve) => (answer = resolve)),
      (docs) => {
        primed.push(...docs.map((d) => d.sku))
        return docs.length
      },
    )
    const started = Date.now()
    expect(await primer.primeCategoryPage(page, [20], 30)).toBe(0)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(primed).toEqual([])
    answer([wire(7)])
    await vi.waitFor(() => expect(primed).toEqual(['SKU-7']))
  })

  it('the mirror takes primed documents it does not hold, never over a stored one, and a stored one replaces a primed one', async () => {
    const { writer, mirror } = await mirrorOnDb()
    await writer.append([toProductDoc(wire(1, 'Stored one'), false)])
    await vi.waitFor(() => expect(mirror.size).toBe(1))
    const notified = vi.fn()
    mirror.onChange(notified)
    expect(mirror.prime([toProductDoc(wire(1, 'Primed one'), false), toProductDoc(wire(2, 'Primed two'), false)])).toBe(1)
    expect(mirror.bySku('SKU-1')?.doc.name).toBe('Stored one')
    expect(mirror.bySku('SKU-2')?.doc.name).toBe('Primed two')
    await vi.waitFor(() => expect(notified).toHaveBeenCalled())
    await writer.append([toProductDoc(wire(2, 'Stored two'), false)])
    await vi.waitFor(() => expect(mirror.bySku('SKU-2')?.doc.name).toBe('Stored two'))
    expect(mirror.prime([toProductDoc(wire(2, 'Primed again'), false)])).toBe(0)
    expect(mirror.size).toBe(2)
  })
})

describe('a first visit to a category page (WorkerConfig.firstCategoryId)', () => {
  const services = useWorkerServices('polder-first-page')

  /** A back end whose catalogue pulls have not answered yet (the categories are not in) and whose search answers at once. */
  function backEnd() {
    const searches: { path: string; body: SearchQuery; size: string | null }[] = []
    const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
      const url = new URL(input)
      if (url.pathname.startsWith('/api/ext/replication/')) return new Promise<Response>(() => undefined)
      if (url.pathname.endsWith('/product/_search')) {
        searches.push({ path: url.pathname, body: JSON.parse(String(init?.body)) as SearchQuery, size: url.searchParams.get('size') })
        return json({ hits: { total: { value: 1 }, hits: [{ _id: '1', _source: wire(1, 'Primed jacket') }] } })
      }
      return json({ code: 404, result: 'Not found' }, 404)
    }
    return { fetch, searches }
  }

  it('asks for that page while the catalogue pulls are still out, once, and the page shows it', async () => {
    const { fetch, searches } = backEnd()
    const service = await services.start({ fetch, initialOnline: true }, { firstCategoryId: 20 })
    await vi.waitFor(() => expect(searches).toHaveLength(1))
    expect(searches[0]!.body._appliedFilters[0]).toEqual({ attribute: 'category_ids', value: { in: [20] }, scope: 'default' })
    expect(searches[0]!.body._appliedSort).toEqual([{ field: 'position', options: 'asc' }])
    expect(searches[0]!.size).toBe('18')
    let shown: string[] | undefined
    await service.subscribeCategoryPage({ categoryId: 20, filters: {}, sort: 'position', size: 18 }, (p) => {
      shown = p.items.map((i) => i.name)
    })
    await waitFor(
      () => shown,
      (names) => names.includes('Primed jacket'),
    )
    // the page's own ask found the first one: not asked again
    expect(searches).toHaveLength(1)
  })

  it('asks nothing ahead without it', async () => {
    const { fetch, searches } = backEnd()
    await services.start({ fetch, initialOnline: true })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(searches).toHaveLength(0)
  })
})
