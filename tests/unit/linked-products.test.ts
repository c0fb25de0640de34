import { describe, expect, it, vi } from 'vitest'
import { STORE_VIEWS } from '../../domain/store-views'
import { prepareProduct } from '../../workers/catalog/category-query'
import type { ApiClient } from '../../replication/api-client'
import { getLinkedProducts, type LinkedProductsDeps } from '../../workers/catalog/linked-products'
import { ProductStore } from '../../workers/catalog/product-store'
import type { PolderDatabase } from '../../workers/db/database'
import type { ProductDoc } from '../../workers/db/catalog-schemas'

function light(sku: string, extra: Partial<ProductDoc> = {}): ProductDoc {
  return {
    id: sku,
    product_id: 1,
    sku,
    name: sku,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    url_key: sku,
    url_path: `${sku}.html`,
    slug: sku,
    price_incl_tax: 545,
    original_price_incl_tax: 545,
    final_price_incl_tax: 545,
    category_ids: [],
    is_in_stock: true,
    updated_at: 'u',
    ...extra,
  }
}

function deps(local: ProductDoc[], server: Record<string, unknown>[], online = true) {
  const productsBySku = vi.fn(async (_index: string, skus: readonly string[]) => server.filter((doc) => skus.includes(String(doc.sku))))
  const log = vi.fn()
  const now = () => Date.parse('2026-06-01T00:00:00Z')
  const store = new ProductStore({
    db: {} as PolderDatabase,
    mirror: {
      bySku: (sku: string) => {
        const doc = local.find((p) => p.sku === sku)
        return doc ? prepareProduct(doc) : undefined
      },
      storedFull: async (sku: string) => local.find((p) => p.sku === sku && p.full),
    },
    api: { productsBySku } as unknown as ApiClient,
    storeView: STORE_VIEWS.en,
    isOnline: () => online,
    now,
    quotaBytes: 1_000_000,
  })
  const d: LinkedProductsDeps = { store, now, log }
  return { d, productsBySku, log }
}

describe('linked products (spec §5: grouped and bundle children)', () => {
  it('keeps the asked order, only status 1, and fetches what is not stored locally', async () => {
    const serverDoc = {
      id: 9,
      sku: 'B',
      name: 'From server',
      type_id: 'simple',
      status: 1,
      visibility: 4,
      price: 2,
      price_incl_tax: 2.42,
      final_price_incl_tax: 2.42,
      stock: { is_in_stock: true },
      updated_at: 'u',
    }
    const { d, productsBySku, log } = deps([light('A'), light('OFF', { status: 2 })], [serverDoc])
    const items = await getLinkedProducts(d, ['B', 'OFF', 'A'])
    expect(items.map((i) => [i.sku, i.final_price_incl_tax])).toEqual([
      ['B', 242],
      ['A', 545],
    ])
    expect(productsBySku).toHaveBeenCalledTimes(1)
    expect(productsBySku.mock.calls[0]![1]).toEqual(['B'])
    expect(log).not.toHaveBeenCalled()
  })
  it('leaves a link found nowhere out and logs "Product not found"', async () => {
    const { d, log } = deps([light('A')], [])
    expect((await getLinkedProducts(d, ['A', 'GONE'])).map((i) => i.sku)).toEqual(['A'])
    expect(log).toHaveBeenCalledWith('Product not found', 'GONE')
  })
  it('offline asks no server', async () => {
    const { d, productsBySku, log } = deps([], [], false)
    expect(await getLinkedProducts(d, ['X'])).toEqual([])
    expect(productsBySku).not.toHaveBeenCalled()
    expect(log).toHaveBeenCalledWith('Product not found', 'X')
  })
  it('leaves out-of-stock links out when out-of-stock listing is off', async () => {
    const { d } = deps([light('A', { is_in_stock: false }), light('C')], [])
    expect((await getLinkedProducts({ ...d, listOutOfStock: false }, ['A', 'C'])).map((i) => i.sku)).toEqual(['C'])
    expect((await getLinkedProducts({ ...d, listOutOfStock: true }, ['A', 'C'])).map((i) => i.sku)).toEqual(['A', 'C'])
  })
})
