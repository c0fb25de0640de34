/** Price refresh of product pages (workers/catalog/price-refresh): render-list prices applied, flags set. */
import { describe, expect, it } from 'vitest'
import type { RenderListItem, RenderListResult } from '../../domain/api/catalog.schema'
import type { Product } from '../../domain/product.schema'
import { STORE_VIEWS } from '../../domain/store-views'
import type { ProductView } from '../../workers/contract/views'
import { PriceRefresher, priceFieldsOf, withPriceRefresh } from '../../workers/catalog/price-refresh'
import { testProduct } from '../fixtures/catalog'

const NOW = Date.parse('2026-11-23T10:00:00.000Z')

function product(): Product {
  return testProduct('TEE', {
    id: 100,
    name: 'Tee',
    type_id: 'configurable',
    price: 20,
    price_incl_tax: 24.2,
    final_price_incl_tax: 24.2,
    original_price_incl_tax: 24.2,
    category_ids: [2],
    stock: { is_in_stock: true, qty: 3, manage_stock: true },
    updated_at: '2026-02-01T00:00:00.000Z',
    configurable_children: [
      {
        id: 101,
        sku: 'TEE-S',
        name: 'Tee S',
        status: 1,
        stock: { is_in_stock: true, qty: 1, manage_stock: true },
        price: 20,
        tax_class_id: 2,
        final_price_incl_tax: 24.2,
      },
      {
        id: 102,
        sku: 'TEE-M',
        name: 'Tee M',
        status: 1,
        stock: { is_in_stock: true, qty: 1, manage_stock: true },
        price: 22,
        tax_class_id: 2,
        final_price_incl_tax: 26.62,
      },
    ],
  })
}

function item(id: number, sku: string, final: number, regular: number, special: number | null): RenderListItem {
  const amounts = (k: number) => ({
    final_price: Math.round(final * k * 100) / 100,
    regular_price: Math.round(regular * k * 100) / 100,
    special_price: special === null ? null : Math.round(special * k * 100) / 100,
    minimal_price: final * k,
    max_price: final * k,
    minimal_regular_price: regular * k,
    max_regular_price: regular * k,
  })
  return {
    id,
    sku,
    name: sku,
    type: 'simple',
    url: `/en/p/${sku}`,
    store_id: 1,
    currency_code: 'EUR',
    price_info: {
      ...amounts(1),
      formatted_prices: {},
      extension_attributes: { tax_adjustments: amounts(1 / 1.21), weee_attributes: [], weee_adjustment: '0' },
    },
  }
}

class FakeApi {
  calls: { skus: string[]; storeId: number; currency: string }[] = []
  answer: RenderListResult | Error = { items: [] }
  async renderList(skus: string[], storeId: number, currency: string): Promise<RenderListResult> {
    this.calls.push({ skus, storeId, currency })
    if (this.answer instanceof Error) throw this.answer
    return this.answer
  }
}

function setup(online = true) {
  const api = new FakeApi()
  const state = { online }
  const refresher = new PriceRefresher({ api, storeView: STORE_VIEWS.be, isOnline: () => state.online, now: () => NOW })
  return { api, state, refresher }
}

async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('priceFieldsOf', () => {
  it('maps incl. tax from price_info and excl. tax from tax_adjustments', () => {
    const fields = priceFieldsOf(item(1, 'A', 96.8, 121, 96.8))
    expect(fields).toMatchObject({ final_price_incl_tax: 96.8, original_price_incl_tax: 121, price_incl_tax: 121, special_price_incl_tax: 96.8 })
    expect(fields.final_price).toBe(80)
    expect(fields.price).toBe(100)
    expect(fields.price_tax).toBe(21)
  })

  it('drops a special price that is not below the regular price', () => {
    expect(priceFieldsOf(item(1, 'A', 121, 121, 121))).toMatchObject({ special_price: null, special_price_incl_tax: null, final_price_incl_tax: 121 })
  })
})

describe('PriceRefresher', () => {
  it('asks render-list for the product and its children with the store view, and applies the answer by id', async () => {
    const { api, refresher } = setup()
    api.answer = { items: [item(100, 'TEE', 19.36, 24.2, 19.36), item(102, 'TEE-M', 30, 30, null), item(999, 'OTHER', 1, 1, null)] }
    expect(await refresher.refresh(product())).toBe(true)
    expect(api.calls).toEqual([{ skus: ['TEE', 'TEE-S', 'TEE-M'], storeId: 3, currency: 'EUR' }])
    const applied = refresher.apply(product())
    expect(applied.final_price_incl_tax).toBe(19.36)
    expect(applied.special_price_incl_tax).toBe(19.36)
    expect(applied.configurable_children?.[0]?.final_price_incl_tax).toBe(24.2) // not in the answer: unchanged
    expect(applied.configurable_children?.[1]?.final_price_incl_tax).toBe(30)
    expect(refresher.refreshedAt(product())).toBe('2026-11-23T10:00:00.000Z')
    expect(refresher.refreshedAt({ sku: 'TEE-S', updated_at: product().updated_at })).toBeNull()
  })

  it('offline: no call, false; a failed call: false and nothing applied', async () => {
    const offline = setup(false)
    expect(await offline.refresher.refresh(product())).toBe(false)
    expect(offline.api.calls).toHaveLength(0)
    const failing = setup()
    failing.api.answer = new TypeError('Failed to fetch')
    expect(await failing.refresher.refresh(product())).toBe(false)
    expect(failing.refresher.apply(product()).final_price_incl_tax).toBe(24.2)
    expect(failing.refresher.refreshedAt(product())).toBeNull()
  })

  it('an answer without the product itself is not a refresh of it', async () => {
    const { api, refresher } = setup()
    api.answer = { items: [item(101, 'TEE-S', 10, 10, null)] }
    expect(await refresher.refresh(product())).toBe(false)
  })
})

describe('withPriceRefresh', () => {
  it('online: emits the stored prices not current, then the fresh prices current', async () => {
    const { api, refresher } = setup()
    api.answer = { items: [item(100, 'TEE', 18.15, 24.2, 18.15)] }
    const views: ProductView[] = []
    const emit = withPriceRefresh(refresher, (v) => views.push(v))
    emit({ state: 'loading', product: null })
    emit({ state: 'ready', product: product() })
    await settle()
    expect(views.map((v) => [v.state, v.priceIsCurrent, v.product?.final_price_incl_tax])).toEqual([
      ['loading', undefined, undefined],
      ['ready', undefined, 24.2], // not known yet: no "not current" flash while the refresh is on its way
      ['ready', true, 18.15],
    ])
    expect(views[2]?.priceRefreshedAt).toBe('2026-11-23T10:00:00.000Z')
    expect(views[1]?.priceRefreshedAt).toBeNull()
    expect(api.calls).toHaveLength(1)
  })

  it('offline: not current; prices confirmed earlier in the session are shown with their time', async () => {
    const { api, state, refresher } = setup()
    api.answer = { items: [item(100, 'TEE', 18.15, 24.2, 18.15)] }
    await refresher.refresh(product())
    state.online = false
    const views: ProductView[] = []
    withPriceRefresh(refresher, (v) => views.push(v))({ state: 'ready', product: product() })
    await settle()
    expect(views).toHaveLength(1) // one emission, already not current
    expect(views.at(-1)).toMatchObject({ priceIsCurrent: false, priceRefreshedAt: '2026-11-23T10:00:00.000Z' })
    expect(views.at(-1)?.product?.final_price_incl_tax).toBe(18.15)
    expect(api.calls).toHaveLength(1)
  })

  it('online but failing: unknown, then not current', async () => {
    const { api, refresher } = setup()
    api.answer = new TypeError('Failed to fetch')
    const views: ProductView[] = []
    withPriceRefresh(refresher, (v) => views.push(v))({ state: 'ready', product: product() })
    await settle()
    expect(views.map((v) => v.priceIsCurrent)).toEqual([undefined, false])
  })

  it('refreshes once per document version, again for a newer one', async () => {
    const { api, refresher } = setup()
    api.answer = { items: [item(100, 'TEE', 24.2, 24.2, null)] }
    const emit = withPriceRefresh(refresher, () => undefined)
    emit({ state: 'ready', product: product() })
    emit({ state: 'ready', product: product() })
    await settle()
    expect(api.calls).toHaveLength(1)
    emit({ state: 'ready', product: { ...product(), updated_at: '2026-03-01T00:00:00.000Z' } })
    await settle()
    expect(api.calls).toHaveLength(2)
  })

  it('a newer document (its price changed on the server) shows its own prices, not those refreshed for the older one', async () => {
    const { api, refresher } = setup()
    api.answer = { items: [item(100, 'TEE', 18.15, 24.2, 18.15)] }
    const views: ProductView[] = []
    const emit = withPriceRefresh(refresher, (v) => views.push(v))
    emit({ state: 'ready', product: product() })
    await settle()
    expect(views.at(-1)?.product?.final_price_incl_tax).toBe(18.15)
    // the replication stream brought the new price; its own refresh fails
    api.answer = new TypeError('Failed to fetch')
    emit({ state: 'ready', product: { ...product(), final_price_incl_tax: 12.1, updated_at: '2026-03-01T00:00:00.000Z' } })
    await settle()
    expect(views.slice(-2).map((v) => [v.product?.final_price_incl_tax, v.priceRefreshedAt, v.priceIsCurrent])).toEqual([
      [12.1, null, true],
      [12.1, null, false],
    ])
  })
})
