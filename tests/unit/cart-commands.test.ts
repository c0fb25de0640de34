import { describe, expect, it } from 'vitest'
import type { StockItem } from '../../domain/api/stock.schema'
import type { Product } from '../../domain/product.schema'
import { CartLineNotFoundError, InvalidQuantityError, applyCartCommand } from '../../workers/cart/cart-commands'
import type { CartCommandDeps } from '../../workers/cart/cart-commands'
import { MemoryCartStore } from './cart-fakes'

function deps(stock: Record<string, StockItem['stock_status'] | null> = {}): CartCommandDeps & { store: MemoryCartStore } {
  let n = 0
  return {
    store: new MemoryCartStore(),
    now: () => 1000 + n,
    newId: () => `n${++n}`,
    checkStock: async (sku) => {
      const status = sku in stock ? stock[sku] : 'ok'
      if (status === null || status === undefined) return null
      return { item_id: 1, product_id: 1, stock_id: 1, product_sku: sku, qty: 5, is_in_stock: status !== 'out_of_stock', manage_stock: true, min_sale_qty: 1, max_sale_qty: 99, stock_status: status }
    },
  }
}

const tee: Product = {
  id: 5, sku: 'TEE', name: 'Tee', type_id: 'configurable', status: 1, visibility: 4, url_key: 'tee', url_path: 'tee.html', slug: 'tee',
  price: 20, price_incl_tax: 24.2, final_price_incl_tax: 24.2, tax_class_id: 2, category_ids: [], category: [],
  stock: { is_in_stock: true, qty: 5, manage_stock: true }, sold_qty: 0, eol: 0, created_at: 'c', updated_at: 'u',
  configurable_options: [
    { attribute_id: 93, attribute_code: 'color', label: 'Color', values: [{ value_index: 50, label: 'Red' }] },
    { attribute_id: 144, attribute_code: 'size', label: 'Size', values: [{ value_index: 168, label: 'M' }] },
  ],
  configurable_children: [
    { id: 51, sku: 'TEE-RED-M', name: 'Tee Red M', status: 1, stock: { is_in_stock: true, qty: 5, manage_stock: true }, price: 20, price_incl_tax: 24.2, final_price_incl_tax: 19.36, tax_class_id: 2, color: 50, size: 168 },
  ],
}

describe('cart commands', () => {
  it('adds a configurable as its child with derived options, then merges a second add', async () => {
    const d = deps()
    expect(await applyCartCommand(d, { type: 'add', product: tee, childSku: 'TEE-RED-M', qty: 1 })).toEqual([
      { id: 'n1', type: 'success', key: 'productAddedToCart', action1: 'proceedToCheckout' },
    ])
    const [line] = await d.store.getItems()
    expect(line).toMatchObject({
      sku: 'TEE-RED-M',
      parentSku: 'TEE',
      price_incl_tax: 1936,
      options: [{ label: 'Color', value: 'Red' }, { label: 'Size', value: 'M' }],
      is_in_stock: true,
    })
    expect(line?.product_option?.extension_attributes.configurable_item_options?.map((o) => [o.option_id, o.option_value])).toEqual([
      ['93', '50'],
      ['144', '168'],
    ])
    expect((await applyCartCommand(d, { type: 'add', product: tee, childSku: 'TEE-RED-M', qty: 2 })).map((n) => n.key)).toEqual(['productQuantityUpdated'])
    expect((await d.store.getItems()).map((i) => [i.qty, i.prev_qty])).toEqual([[3, 1]])
  })

  it('refuses unknown prices, product errors, unchosen variants and out-of-stock products', async () => {
    const d = deps({ 'TEE-RED-M': 'out_of_stock' })
    const simple: Product = { ...tee, type_id: 'simple', sku: 'S', configurable_children: undefined, configurable_options: undefined }
    expect(await applyCartCommand(d, { type: 'add', product: { ...simple, price_incl_tax: undefined, final_price_incl_tax: undefined }, qty: 1 })).toMatchObject([{ key: 'priceUnknown', type: 'warning' }])
    expect(await applyCartCommand(d, { type: 'add', product: { ...simple, final_price_incl_tax: 0 }, qty: 1 })).toMatchObject([{ key: 'priceUnknown' }])
    expect(await applyCartCommand(d, { type: 'add', product: { ...simple, errors: { variants: 'No available product variants' } }, qty: 1 })).toMatchObject([
      { type: 'error', text: 'No available product variants' },
    ])
    expect(await applyCartCommand(d, { type: 'add', product: tee, qty: 1 })).toMatchObject([{ key: 'noSuchConfiguration' }])
    expect(await applyCartCommand(d, { type: 'add', product: tee, childSku: 'TEE-RED-M', qty: 1 })).toMatchObject([{ key: 'outOfStock', type: 'error' }])
    await expect(applyCartCommand(d, { type: 'add', product: simple, qty: 0 })).rejects.toBeInstanceOf(InvalidQuantityError)
    expect(await d.store.getItems()).toEqual([])
  })

  it('adds offline with the stock unchecked; setQty keeps prev_qty; qty 0 removes', async () => {
    const d = deps({ 'TEE-RED-M': null })
    await applyCartCommand(d, { type: 'add', product: tee, childSku: 'TEE-RED-M', qty: 1 })
    const [line] = await d.store.getItems()
    expect(line?.info).toEqual({ stock: 'unchecked' })
    expect(await applyCartCommand(d, { type: 'setQty', key: line!.key, qty: 4 })).toMatchObject([{ key: 'productQuantityUpdated' }])
    expect((await d.store.getItems())[0]).toMatchObject({ qty: 4, prev_qty: 1 })
    await applyCartCommand(d, { type: 'setQty', key: line!.key, qty: 0 })
    expect(await d.store.getItems()).toEqual([])
    await expect(applyCartCommand(d, { type: 'setQty', key: 'nope', qty: 1 })).rejects.toBeInstanceOf(CartLineNotFoundError)
  })
})
