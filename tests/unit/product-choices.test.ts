import { describe, expect, it } from 'vitest'
import { isVirtualCart } from '../../domain/cart-item'
import type { Product } from '../../domain/product.schema'
import { groupedLines, initialChoices, linkedSkus, productOptionOf, typedQty } from '../../src/routes/product/product-choices'

function product(overrides: Partial<Product>): Product {
  return {
    id: 1,
    sku: 'P',
    name: 'P',
    type_id: 'simple',
    status: 1,
    visibility: 4,
    url_key: 'p',
    url_path: 'p.html',
    slug: 'p',
    price: 10,
    tax_class_id: 2,
    category_ids: [],
    category: [],
    stock: { qty: 1, is_in_stock: true, manage_stock: true },
    sold_qty: 0,
    eol: 0,
    created_at: 'c',
    updated_at: 'u',
    ...overrides,
  }
}

const bundle = product({
  type_id: 'bundle',
  bundle_options: [
    { option_id: 2, title: 'B', type: 'checkbox', required: false, position: 2, product_links: [{ id: 21, sku: 'X', qty: 3, is_default: false, price: 1 }] },
    {
      option_id: 1,
      title: 'A',
      type: 'radio',
      required: true,
      position: 1,
      product_links: [
        { id: 11, sku: 'Y', qty: 2, is_default: true, price: 1 },
        { id: 12, sku: 'X', qty: 1, is_default: false, price: 1 },
      ],
    },
  ],
})
const grouped = product({
  type_id: 'grouped',
  product_links: [
    { sku: 'P', link_type: 'associated', linked_product_sku: 'B', qty: 2, position: 2 },
    { sku: 'P', link_type: 'associated', linked_product_sku: 'A', qty: 1, position: 1 },
    { sku: 'P', link_type: 'related', linked_product_sku: 'R', position: 3 },
  ],
})

describe('product page choices', () => {
  it('starts bundles on their defaults, grouped pieces on their link qty, gift cards on the first amount', () => {
    expect(initialChoices(bundle).bundle).toEqual({ '1': { selections: [11], qty: '2' } })
    expect(initialChoices(grouped).grouped).toEqual({ A: '1', B: '2' })
    expect(initialChoices(product({ type_id: 'giftcard', giftcard_amounts: [25, 50] })).giftcard.amount).toBe(25)
    expect(initialChoices(product({ type_id: 'giftcard', giftcard_amounts: [], giftcard_allow_open_amount: true })).giftcard.amount).toBe('other')
  })
  it('lists the linked skus once, grouped in link order', () => {
    expect(linkedSkus(grouped)).toEqual(['A', 'B'])
    expect(linkedSkus(bundle)).toEqual(['X', 'Y'])
    expect(linkedSkus(product({}))).toEqual([])
  })
  it('builds bundle_options in option order with typed qtys; no choice gives no product_option', () => {
    const choices = { ...initialChoices(bundle), bundle: { '1': { selections: [12], qty: '3' }, '2': { selections: [21], qty: '' } } }
    expect(productOptionOf(bundle, choices)).toEqual({
      extension_attributes: {
        bundle_options: [
          { option_id: '2', option_qty: Number.NaN, option_selections: [21] },
          { option_id: '1', option_qty: 3, option_selections: [12] },
        ],
      },
    })
    expect(productOptionOf(bundle, { ...choices, bundle: {} })).toBeUndefined()
    expect(typedQty(' ')).toBeNaN()
  })
  it('builds custom_options from filled choices only', () => {
    const p = product({
      custom_options: [
        { option_id: 8, title: 'E', type: 'field', is_require: false },
        { option_id: 7, title: 'W', type: 'drop_down', is_require: true, values: [] },
      ],
    })
    expect(productOptionOf(p, { ...initialChoices(p), custom: { '7': '71', '8': '  ' } })).toEqual({
      extension_attributes: { custom_options: [{ option_id: '7', option_value: '71' }] },
    })
  })
  it('builds the gift card option: listed amount, or a readable open amount, and trimmed details', () => {
    const card = product({ type_id: 'giftcard', giftcard_amounts: [25] })
    const base = initialChoices(card)
    expect(productOptionOf(card, { ...base, giftcard: { ...base.giftcard, to: ' Ann ', message: '' } })).toEqual({
      extension_attributes: { mageworx_giftcard_item_option: { card_amount: 25, mail_to: 'Ann' } },
    })
    expect(
      productOptionOf(card, { ...base, giftcard: { ...base.giftcard, amount: 'other', other: '42,5' } })?.extension_attributes.mageworx_giftcard_item_option,
    ).toEqual({ card_amount_other: 42.5 })
    expect(
      productOptionOf(card, { ...base, giftcard: { ...base.giftcard, amount: 'other', other: 'abc' } })?.extension_attributes.mageworx_giftcard_item_option,
    ).toEqual({})
  })
  it('sends a delivery date only for a card sent by e-mail (type 2), and only when one is chosen', () => {
    const byMail = product({ type_id: 'giftcard', giftcard_amounts: [25], mageworx_gc_type: 2 })
    const base = initialChoices(byMail)
    const option = (p: typeof byMail, deliveryDate: string) =>
      productOptionOf(p, { ...base, giftcard: { ...base.giftcard, deliveryDate } })?.extension_attributes.mageworx_giftcard_item_option
    expect(option(byMail, '2026-12-24')).toEqual({ card_amount: 25, mail_delivery_date: '2026-12-24' })
    expect(option(byMail, '')).toEqual({ card_amount: 25 })
    expect(option({ ...byMail, mageworx_gc_type: 3 }, '2026-12-24')).toEqual({ card_amount: 25 })
  })
  it('adds grouped pieces that are available and have a qty above 0', () => {
    const choices = { ...initialChoices(grouped), grouped: { A: '2', B: '0' } }
    expect(groupedLines(grouped, choices, new Set(['A', 'B']))).toEqual([{ sku: 'A', qty: 2 }])
    expect(groupedLines(grouped, { ...choices, grouped: { A: '2', B: '1' } }, new Set(['B']))).toEqual([{ sku: 'B', qty: 1 }])
    expect(groupedLines(grouped, { ...choices, grouped: { A: 'x', B: '-1' } }, new Set(['A', 'B']))).toEqual([])
  })
})

describe('virtual cart (spec §4)', () => {
  it('is virtual when every item is downloadable, virtual or a gift card of type 1 or 2', () => {
    expect(isVirtualCart([{ type_id: 'virtual' }, { type_id: 'downloadable' }, { type_id: 'giftcard', mageworx_gc_type: 2 }])).toBe(true)
    expect(isVirtualCart([{ type_id: 'giftcard', mageworx_gc_type: 1 }])).toBe(true)
    expect(isVirtualCart([{ type_id: 'giftcard', mageworx_gc_type: 3 }])).toBe(false)
    expect(isVirtualCart([{ type_id: 'virtual' }, { type_id: 'simple' }])).toBe(false)
    expect(isVirtualCart([])).toBe(false)
  })
})
