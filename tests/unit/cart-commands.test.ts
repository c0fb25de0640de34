import { describe, expect, it } from 'vitest'
import type { Product } from '../../domain/product.schema'
import { CartLineNotFoundError, InvalidQuantityError, applyCartCommand } from '../../workers/cart/cart-commands'
import type { CartProduct } from '../../workers/cart/cart-product'
import { BUNDLE_MUG, ENGRAVING, GIFT_WRAP, testProduct } from '../fixtures/catalog'
import { commandDeps as deps } from './cart-fakes'

const tee: Product = testProduct('TEE', {
  id: 5,
  name: 'Tee',
  type_id: 'configurable',
  price: 20,
  price_incl_tax: 24.2,
  final_price_incl_tax: 24.2,
  configurable_options: [
    { attribute_id: 93, attribute_code: 'color', label: 'Color', values: [{ value_index: 50, label: 'Red' }] },
    { attribute_id: 144, attribute_code: 'size', label: 'Size', values: [{ value_index: 168, label: 'M' }] },
  ],
  configurable_children: [
    {
      id: 51,
      sku: 'TEE-RED-M',
      name: 'Tee Red M',
      status: 1,
      stock: { is_in_stock: true, qty: 5, manage_stock: true },
      price: 20,
      price_incl_tax: 24.2,
      final_price_incl_tax: 19.36,
      tax_class_id: 2,
      color: 50,
      size: 168,
    },
  ],
})

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
      options: [
        { label: 'Color', value: 'Red' },
        { label: 'Size', value: 'M' },
      ],
      is_in_stock: true,
    })
    expect(line?.product_option?.extension_attributes.configurable_item_options?.map((o) => [o.option_id, o.option_value])).toEqual([
      ['93', '50'],
      ['144', '168'],
    ])
    expect((await applyCartCommand(d, { type: 'add', product: tee, childSku: 'TEE-RED-M', qty: 2 })).map((n) => n.key)).toEqual(['productQuantityUpdated'])
    expect((await d.store.getItems()).map((i) => [i.qty, i.prev_qty])).toEqual([[3, 1]])
  })

  it('adds a configurable by its configurable_item_options as the child they pick, like the server', async () => {
    const d = deps()
    const options = {
      extension_attributes: {
        configurable_item_options: [
          { option_id: '93', option_value: '50' },
          { option_id: '144', option_value: '168' },
        ],
      },
    }
    expect(await applyCartCommand(d, { type: 'add', product: tee, productOption: options, qty: 1 })).toMatchObject([{ key: 'productAddedToCart' }])
    expect(await d.store.getItems()).toMatchObject([
      {
        sku: 'TEE-RED-M',
        price_incl_tax: 1936,
        options: [
          { label: 'Color', value: 'Red' },
          { label: 'Size', value: 'M' },
        ],
        product_option: options,
      },
    ])
    // the same child chosen by the page's child sku is the same line
    expect(await applyCartCommand(d, { type: 'add', product: tee, childSku: 'TEE-RED-M', qty: 1 })).toMatchObject([{ key: 'productQuantityUpdated' }])
    const none = { extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: '51' }] } }
    expect(await applyCartCommand(d, { type: 'add', product: tee, productOption: none, qty: 1 })).toMatchObject([{ key: 'noSuchConfiguration' }])
    expect((await d.store.getItems()).map((i) => [i.sku, i.qty])).toEqual([['TEE-RED-M', 2]])
  })

  it('refuses unknown prices, product errors, unchosen variants and out-of-stock products', async () => {
    const d = deps({ 'TEE-RED-M': 'out_of_stock' })
    const simple: Product = { ...tee, type_id: 'simple', sku: 'S', configurable_children: undefined, configurable_options: undefined }
    expect(
      await applyCartCommand(d, { type: 'add', product: { ...simple, price_incl_tax: undefined, final_price_incl_tax: undefined }, qty: 1 }),
    ).toMatchObject([{ key: 'priceUnknown', type: 'warning' }])
    expect(await applyCartCommand(d, { type: 'add', product: { ...simple, final_price_incl_tax: 0 }, qty: 1 })).toMatchObject([{ key: 'priceUnknown' }])
    expect(await applyCartCommand(d, { type: 'add', product: { ...simple, errors: { variants: 'No available product variants' } }, qty: 1 })).toMatchObject([
      { type: 'error', text: 'No available product variants' },
    ])
    expect(await applyCartCommand(d, { type: 'add', product: tee, qty: 1 })).toMatchObject([{ key: 'noSuchConfiguration' }])
    expect(await applyCartCommand(d, { type: 'add', product: tee, childSku: 'TEE-RED-M', qty: 1 })).toMatchObject([{ key: 'outOfStock', type: 'error' }])
    await expect(applyCartCommand(d, { type: 'add', product: simple, qty: 0 })).rejects.toBeInstanceOf(InvalidQuantityError)
    expect(await d.store.getItems()).toEqual([])
  })

  it('asked for more than the shop has: what it has goes in, and the shopper is told how many, not "volatile"', async () => {
    const d = deps({ S: 'volatile' })
    const simple: Product = { ...tee, type_id: 'simple', sku: 'S', configurable_children: undefined, configurable_options: undefined }
    expect(await applyCartCommand(d, { type: 'add', product: simple, qty: 9 })).toMatchObject([
      { key: 'stockLimited', type: 'warning', params: { available: 5, added: 5 } },
      { key: 'productAddedToCart' },
    ])
    expect((await d.store.getItems()).map((i) => [i.sku, i.qty])).toEqual([['S', 5]])
    // all of it is in the cart already: nothing more goes in
    expect(await applyCartCommand(d, { type: 'add', product: simple, qty: 2 })).toEqual([
      expect.objectContaining({ key: 'stockLimited', params: { available: 5, added: 0 } }),
    ])
    expect((await d.store.getItems()).map((i) => i.qty)).toEqual([5])
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

describe('cart commands: product types with options', () => {
  const base: Product = {
    ...tee,
    type_id: 'simple',
    sku: 'MUG',
    name: 'Mug',
    price: 10,
    final_price: 10,
    price_incl_tax: 12.1,
    final_price_incl_tax: 12.1,
    configurable_children: undefined,
    configurable_options: undefined,
  }
  const mug: Product = { ...base, custom_options: [GIFT_WRAP, ENGRAVING] }
  const custom = (...pairs: [string, string][]) => ({
    extension_attributes: { custom_options: pairs.map(([option_id, option_value]) => ({ option_id, option_value })) },
  })

  it('prices custom options into the line, labels them, and keeps different choices on different lines', async () => {
    const d = deps()
    expect(await applyCartCommand(d, { type: 'add', product: mug, qty: 1, productOption: custom(['7', '71'], ['8', 'Anna']) })).toMatchObject([
      { key: 'productAddedToCart' },
    ])
    expect(await applyCartCommand(d, { type: 'add', product: mug, qty: 2, productOption: custom(['7', '72']) })).toMatchObject([{ key: 'productAddedToCart' }])
    expect(await applyCartCommand(d, { type: 'add', product: mug, qty: 1, productOption: custom(['7', '72']) })).toMatchObject([
      { key: 'productQuantityUpdated' },
    ])
    const items = await d.store.getItems()
    // (10 + 2 + 5) × 1.21 = 20.57; (10 + 1) × 1.21 = 13.31
    expect(items.map((i) => [i.sku, i.qty, i.price_incl_tax])).toEqual([
      ['MUG', 1, 2057],
      ['MUG', 3, 1331],
    ])
    expect(items[0]?.options).toEqual([
      { label: 'Gift wrap', value: 'Paper' },
      { label: 'Engraving', value: 'Anna' },
    ])
    expect(items[0]?.checksum).not.toBe(items[1]?.checksum)
  })

  it('refuses missing required options', async () => {
    const d = deps()
    expect(await applyCartCommand(d, { type: 'add', product: mug, qty: 1 })).toMatchObject([{ key: 'noSuchConfiguration', type: 'warning' }])
    expect(await d.store.getItems()).toEqual([])
  })

  it('prices a bundle from its selections and takes the labels given', async () => {
    const d = deps()
    const box: Product = {
      ...base,
      sku: 'BOX',
      type_id: 'bundle',
      price: 20,
      final_price: 20,
      price_incl_tax: 24.2,
      final_price_incl_tax: 24.2,
      bundle_options: [BUNDLE_MUG],
    }
    const chosen = { extension_attributes: { bundle_options: [{ option_id: '1', option_qty: 2, option_selections: [12] }] } }
    await applyCartCommand(d, { type: 'add', product: box, qty: 1, productOption: chosen, labels: [{ label: 'Mug', value: '2 × Blue mug' }] })
    expect((await d.store.getItems()).map((i) => [i.sku, i.price_incl_tax, i.options])).toEqual([['BOX', 3388, [{ label: 'Mug', value: '2 × Blue mug' }]]])
    const negative = { extension_attributes: { bundle_options: [{ option_id: '1', option_qty: -1, option_selections: [12] }] } }
    expect(await applyCartCommand(d, { type: 'add', product: box, qty: 1, productOption: negative })).toMatchObject([{ key: 'noSuchConfiguration' }])
  })

  it('prices a gift card at the chosen amount; another recipient is another line', async () => {
    const d = deps()
    const card: Product = {
      ...base,
      sku: 'GC',
      type_id: 'giftcard',
      price: 25,
      final_price: 25,
      price_incl_tax: 25,
      final_price_incl_tax: 25,
      giftcard_amounts: [25, 50, 100],
      giftcard_allow_open_amount: true,
      mageworx_gc_type: 1,
    }
    const gc = (amount: Record<string, number>, to: string) => ({ extension_attributes: { mageworx_giftcard_item_option: { ...amount, mail_to: to } } })
    await applyCartCommand(d, { type: 'add', product: card, qty: 1, productOption: gc({ card_amount: 50 }, 'Ann') })
    await applyCartCommand(d, { type: 'add', product: card, qty: 1, productOption: gc({ card_amount_other: 42 }, 'Bob') })
    expect((await d.store.getItems()).map((i) => [i.price_incl_tax, i.mageworx_gc_type])).toEqual([
      [5000, 1],
      [4200, 1],
    ])
    expect(await applyCartCommand(d, { type: 'add', product: card, qty: 1, productOption: gc({ card_amount: 30 }, 'Cy') })).toMatchObject([
      { key: 'noSuchConfiguration' },
    ])
  })

  it('adds a grouped product as its linked products with their qtys, skipping qty 0 and unknown skus', async () => {
    const d = deps()
    const cheese: CartProduct = { sku: 'CHEESE', name: 'Cheese', type_id: 'simple', status: 1, price_incl_tax: 5.45 }
    const tea: CartProduct = { sku: 'TEA', name: 'Tea', type_id: 'simple', status: 1, price_incl_tax: 3.27 }
    d.linkedProduct = async (sku) => ({ CHEESE: cheese, TEA: tea })[sku] ?? null
    const set: Product = {
      ...base,
      sku: 'SET',
      type_id: 'grouped',
      product_links: ['CHEESE', 'TEA', 'GONE'].map((s) => ({ sku: 'SET', link_type: 'associated' as const, linked_product_sku: s, qty: 1 })),
    }
    const notes = await applyCartCommand(d, {
      type: 'addGrouped',
      product: set,
      lines: [
        { sku: 'CHEESE', qty: 2 },
        { sku: 'TEA', qty: 0 },
        { sku: 'GONE', qty: 1 },
        { sku: 'OTHER', qty: 1 },
      ],
    })
    expect(notes.map((n) => n.key)).toEqual(['listProductUnknown', 'productAddedToCart'])
    expect((await d.store.getItems()).map((i) => [i.sku, i.qty, i.price_incl_tax])).toEqual([['CHEESE', 2, 545]])
    expect(await applyCartCommand(d, { type: 'addGrouped', product: set, lines: [{ sku: 'TEA', qty: 0 }] })).toMatchObject([{ key: 'noSuchConfiguration' }])
  })

  it('adds a product from a list by sku as it is; one that needs a choice or that the device cannot load is refused', async () => {
    const d = deps()
    const engraved: Product = { ...base, sku: 'ENGRAVED', custom_options: [ENGRAVING] }
    const products: Record<string, Product> = { MUG: base, ENGRAVED: engraved, WRAPPED: { ...base, sku: 'WRAPPED', custom_options: [GIFT_WRAP] }, TEE: tee }
    d.fullProduct = async (sku) => products[sku] ?? null
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'MUG', qty: 1 })).toMatchObject([{ type: 'success', key: 'productAddedToCart' }])
    // an optional custom option does not stop it
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'ENGRAVED', qty: 2 })).toMatchObject([{ type: 'success', key: 'productAddedToCart' }])
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'WRAPPED', qty: 1 })).toMatchObject([{ type: 'warning', key: 'chooseOptions' }])
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'TEE', qty: 1 })).toMatchObject([{ type: 'warning', key: 'chooseOptions' }])
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'GONE', qty: 1 })).toMatchObject([{ type: 'warning', key: 'listProductUnknown' }])
    expect((await d.store.getItems()).map((i) => [i.sku, i.qty, i.price_incl_tax])).toEqual([
      ['MUG', 1, 1210],
      ['ENGRAVED', 2, 1210],
    ])
    // a second add from the list merges into the line
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'MUG', qty: 1 })).toMatchObject([{ key: 'productQuantityUpdated' }])
  })

  it('adds by sku from the light document when no full one can be had (offline, server trouble): plain types only', async () => {
    const d = deps({ TEA: null })
    d.fullProduct = async () => null
    const light: Record<string, CartProduct> = {
      TEA: { sku: 'TEA', name: 'Tea', type_id: 'simple', status: 1, price_incl_tax: 3.27, image: '/tea.png' },
      EBOOK: { sku: 'EBOOK', name: 'E-book', type_id: 'downloadable', status: 1, price_incl_tax: 9.99 },
      TEE: { sku: 'TEE', name: 'Tee', type_id: 'configurable', status: 1, price_incl_tax: 20 },
      CARD: { sku: 'CARD', name: 'Gift card', type_id: 'giftcard', status: 1, price_incl_tax: 25 },
      OFF: { sku: 'OFF', name: 'Switched off', type_id: 'simple', status: 2, price_incl_tax: 1 },
    }
    d.linkedProduct = async (sku) => light[sku] ?? null
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'TEA', qty: 2 })).toMatchObject([{ type: 'success', key: 'productAddedToCart' }])
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'EBOOK', qty: 1 })).toMatchObject([{ type: 'success', key: 'productAddedToCart' }])
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'TEE', qty: 1 })).toMatchObject([{ type: 'warning', key: 'needsFullDetails' }])
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'CARD', qty: 1 })).toMatchObject([{ type: 'warning', key: 'needsFullDetails' }])
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'OFF', qty: 1 })).toMatchObject([{ type: 'warning', key: 'listProductUnknown' }])
    expect(await applyCartCommand(d, { type: 'addSku', sku: 'GONE', qty: 1 })).toMatchObject([{ type: 'warning', key: 'listProductUnknown' }])
    const items = await d.store.getItems()
    expect(items.map((i) => [i.sku, i.qty, i.price_incl_tax, i.type_id])).toEqual([
      ['TEA', 2, 327, 'simple'],
      ['EBOOK', 1, 999, 'downloadable'],
    ])
    // stock could not be checked offline: checked again when the cart syncs
    expect(items[0]).toMatchObject({ image: '/tea.png', info: { stock: 'unchecked' } })
  })

  it('adds by sku from the full document when one can be had, even with a light one held', async () => {
    const d = deps()
    d.fullProduct = async (sku) => (sku === 'MUG' ? { ...base, sku: 'MUG', name: 'Full mug' } : null)
    d.linkedProduct = async () => ({ sku: 'MUG', name: 'Light mug', type_id: 'simple', status: 1, price_incl_tax: 1 })
    await applyCartCommand(d, { type: 'addSku', sku: 'MUG', qty: 1 })
    expect((await d.store.getItems()).map((i) => [i.name, i.price_incl_tax])).toEqual([['Full mug', 1210]])
  })
})
