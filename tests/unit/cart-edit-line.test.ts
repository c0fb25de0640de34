/** Cart edit mode (spec §4): a configurable line's options and qty changed from the cart, as one command. */
import { describe, expect, it } from 'vitest'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import { CartLineNotFoundError, applyCartCommand } from '../../workers/cart/cart-commands'
import { testProduct } from '../fixtures/catalog'
import { commandDeps } from './cart-fakes'

function child(sku: string, color: number, size: number, price: number): ConfigurableChild {
  return {
    id: color * 1000 + size,
    sku,
    name: `Tee ${sku}`,
    status: 1,
    stock: { is_in_stock: true, qty: 5, manage_stock: true },
    price,
    price_incl_tax: price,
    final_price_incl_tax: price,
    tax_class_id: 2,
    color,
    size,
  }
}

const tee: Product = testProduct('TEE', {
  id: 5,
  name: 'Tee',
  type_id: 'configurable',
  price: 20,
  price_incl_tax: 24.2,
  final_price_incl_tax: 24.2,
  configurable_options: [
    {
      attribute_id: 93,
      attribute_code: 'color',
      label: 'Color',
      values: [
        { value_index: 50, label: 'Red' },
        { value_index: 51, label: 'Blue' },
      ],
    },
    { attribute_id: 144, attribute_code: 'size', label: 'Size', values: [{ value_index: 168, label: 'M' }] },
  ],
  configurable_children: [child('TEE-RED-M', 50, 168, 24.2), child('TEE-BLUE-M', 51, 168, 30.25)],
})

async function cartWithRedTee(qty = 2) {
  const d = commandDeps()
  d.fullProduct = async (sku) => (sku === 'TEE' ? tee : null)
  await applyCartCommand(d, { type: 'add', product: tee, childSku: 'TEE-RED-M', qty })
  const [line] = await d.store.getItems()
  return { d, line: line! }
}

describe('cart edit mode (editLine)', () => {
  it('swaps the line for the chosen child of its configurable parent, with its price, labels and the new qty', async () => {
    const { d, line } = await cartWithRedTee()
    const said = await applyCartCommand(d, { type: 'editLine', key: line.key, childSku: 'TEE-BLUE-M', qty: 3 })
    expect(said.map((n) => n.key)).toEqual(['cartLineChanged'])
    const items = await d.store.getItems()
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      sku: 'TEE-BLUE-M',
      parentSku: 'TEE',
      qty: 3,
      price_incl_tax: 3025,
      options: [
        { label: 'Color', value: 'Blue' },
        { label: 'Size', value: 'M' },
      ],
    })
    expect(items[0]!.key).not.toBe(line.key)
  })

  it('the same child only changes the qty (a setQty, the line keeps its key)', async () => {
    const { d, line } = await cartWithRedTee()
    const said = await applyCartCommand(d, { type: 'editLine', key: line.key, childSku: 'TEE-RED-M', qty: 5 })
    expect(said.map((n) => n.key)).toEqual(['productQuantityUpdated'])
    expect(await d.store.getItems()).toMatchObject([{ key: line.key, qty: 5, prev_qty: 2 }])
  })

  it('merges into a line the chosen child already has, never leaving two lines of one child', async () => {
    const { d, line } = await cartWithRedTee(2)
    await applyCartCommand(d, { type: 'add', product: tee, childSku: 'TEE-BLUE-M', qty: 1 })
    await applyCartCommand(d, { type: 'editLine', key: line.key, childSku: 'TEE-BLUE-M', qty: 2 })
    expect((await d.store.getItems()).map((i) => [i.sku, i.qty])).toEqual([['TEE-BLUE-M', 3]])
  })

  it('keeps the old line when the chosen child is out of stock (nothing is lost)', async () => {
    const { d, line } = await cartWithRedTee()
    d.checkStock = async (sku) =>
      sku === 'TEE-BLUE-M' ? { ...(await commandDeps().checkStock(sku))!, is_in_stock: false, stock_status: 'out_of_stock' } : null
    const said = await applyCartCommand(d, { type: 'editLine', key: line.key, childSku: 'TEE-BLUE-M', qty: 1 })
    expect(said.map((n) => [n.type, n.key])).toEqual([['error', 'outOfStock']])
    expect(await d.store.getItems()).toMatchObject([{ key: line.key, sku: 'TEE-RED-M', qty: 2 }])
  })

  it('refuses a sku that is not a child of the line parent, and a parent the device cannot load', async () => {
    const { d, line } = await cartWithRedTee()
    expect((await applyCartCommand(d, { type: 'editLine', key: line.key, childSku: 'MUG', qty: 1 })).map((n) => n.key)).toEqual(['noSuchConfiguration'])
    d.fullProduct = async () => null
    expect((await applyCartCommand(d, { type: 'editLine', key: line.key, childSku: 'TEE-BLUE-M', qty: 1 })).map((n) => n.key)).toEqual(['noSuchConfiguration'])
    expect(await d.store.getItems()).toMatchObject([{ key: line.key, sku: 'TEE-RED-M' }])
  })

  it('a line another tab removed is an error, not a silent add', async () => {
    const { d, line } = await cartWithRedTee()
    await applyCartCommand(d, { type: 'remove', key: line.key })
    await expect(applyCartCommand(d, { type: 'editLine', key: line.key, childSku: 'TEE-BLUE-M', qty: 1 })).rejects.toBeInstanceOf(CartLineNotFoundError)
    expect(await d.store.getItems()).toEqual([])
  })
})
