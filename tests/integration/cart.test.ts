import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import type { ServerCartItem, Totals } from '../../domain/cart.schema'
import type { Product } from '../../domain/product.schema'
import { BUNDLE_TREAT, ENGRAVING, GIFT_WRAP, testProduct } from '../fixtures/catalog'
import { BLUE, CLOTHING, COLOR_ATTRIBUTE_ID, MEDIUM, SIZE_ATTRIBUTE_ID } from './fixtures'
import { json, startFixtureShopWith, useTestServer } from './helpers'

const server = useTestServer()

async function createCart(storeCode?: string, header?: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/cart/create${storeCode ? `?storeCode=${storeCode}` : ''}`,
    headers: header ? { 'x-vs-store-code': header } : {},
  })
  expect(res.statusCode).toBe(200)
  expect(res.headers['cache-control']).toBe('no-cache, no-store')
  const id = json<Envelope<string>>(res).result
  expect(id).toMatch(/^[A-Za-z0-9]{32}$/)
  return id
}

async function update(cartId: string, cartItem: Record<string, unknown>) {
  return server.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: { cartItem: { quoteId: cartId, ...cartItem } } })
}

async function added(cartId: string, cartItem: Record<string, unknown>): Promise<ServerCartItem> {
  const res = await update(cartId, cartItem)
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<ServerCartItem>>(res).result
}

async function totals(cartId: string): Promise<Totals> {
  const res = await server.app.inject({ method: 'GET', url: `/api/cart/totals?cartId=${cartId}` })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('no-cache, no-store')
  return json<Envelope<Totals>>(res).result
}

function expectConsistent(t: Totals) {
  const rows = t.items.reduce((n, i) => n + i.row_total_incl_tax, 0)
  expect(t.grand_total).toBeCloseTo(rows, 2)
  const seg = Object.fromEntries(t.total_segments.map((s) => [s.code, s]))
  expect(seg.grand_total!.value).toBe(t.grand_total)
  expect(seg.grand_total!.area).toBe('footer')
  expect(seg.shipping!.value).toBe(0)
  expect(seg.tax!.value).toBe(t.tax_amount)
  expect(seg.subtotal!.value + seg.tax!.value + seg.shipping!.value).toBeCloseTo(t.grand_total, 2)
}

const TEE_BLUE_M_BY_OPTIONS = {
  sku: 'TEE',
  qty: 1,
  product_option: {
    extension_attributes: {
      configurable_item_options: [
        { option_id: COLOR_ATTRIBUTE_ID, option_value: BLUE },
        { option_id: String(SIZE_ATTRIBUTE_ID), option_value: String(MEDIUM) },
      ],
    },
  },
}

async function pull(cartId: string): Promise<ServerCartItem[]> {
  const res = await server.app.inject({ method: 'GET', url: `/api/cart/pull?cartId=${cartId}` })
  expect(res.statusCode).toBe(200)
  return json<Envelope<ServerCartItem[]>>(res).result
}

/** A cart holding 3 WAFEL (9 %), TEE-RED-S and TEE-BLUE-M (21 %), as the tests below need it. */
async function filledCart(): Promise<string> {
  const cartId = await createCart()
  await added(cartId, { sku: 'WAFEL', qty: 3 })
  await added(cartId, { sku: 'TEE-RED-S', qty: 1 })
  await added(cartId, TEE_BLUE_M_BY_OPTIONS)
  return cartId
}

describe('cart in the en store view (NL VAT)', () => {
  it('creates an empty guest cart with a masked id, never cached', async () => {
    const cartId = await createCart()
    expect(await pull(cartId)).toEqual([])
    // another create is another cart
    expect(await createCart()).not.toBe(cartId)
  })

  it('adds a simple product and merges the same line', async () => {
    const cartId = await createCart()
    const first = await added(cartId, { sku: 'WAFEL', qty: 2 })
    expect(first).toMatchObject({ sku: 'WAFEL', qty: 2, product_type: 'simple', quote_id: cartId, price: 5 })
    const again = await added(cartId, { sku: 'WAFEL', qty: '1' })
    expect(again.item_id).toBe(first.item_id)
    expect(again.qty).toBe(3)
  })

  it('adds a configurable by child sku and by parent sku with options', async () => {
    const cartId = await createCart()
    const byChild = await added(cartId, { sku: 'TEE-RED-S', qty: 1 })
    expect(byChild).toMatchObject({ sku: 'TEE-RED-S', product_type: 'configurable' })
    const byParent = await added(cartId, TEE_BLUE_M_BY_OPTIONS)
    expect(byParent).toMatchObject({ sku: 'TEE-BLUE-M', product_type: 'configurable' })
    expect(byParent.item_id).not.toBe(byChild.item_id)
  })

  it('pulls the items in the order they were added, with the chosen options', async () => {
    const items = await pull(await filledCart())
    expect(items.map((i) => [i.sku, i.qty])).toEqual([
      ['WAFEL', 3],
      ['TEE-RED-S', 1],
      ['TEE-BLUE-M', 1],
    ])
    expect(items[1]!.product_option?.extension_attributes.configurable_item_options?.length).toBe(2)
  })

  it('computes totals with 9 % and 21 %', async () => {
    const t = await totals(await filledCart())
    const byItem = Object.fromEntries(t.items.map((i) => [i.name.startsWith('Stroop') ? 'WAFEL' : i.price_incl_tax, i]))
    expect(byItem.WAFEL).toMatchObject({ price_incl_tax: 5.45, row_total_incl_tax: 16.35, tax_percent: 9, row_total: 15, tax_amount: 1.35 })
    const tee = t.items
      .filter((i) => i.tax_percent === 21)
      .map((i) => i.price_incl_tax)
      .sort()
    expect(tee).toEqual([20.57, 24.2])
    expect(t.grand_total).toBe(61.12)
    expect(t.items_qty).toBe(5)
    const details = t.total_segments.find((s) => s.code === 'tax')!.extension_attributes!.tax_grandtotal_details as {
      amount: number
      rates: { percent: string }[]
    }[]
    expect(details.map((d) => d.rates[0]!.percent).sort()).toEqual(['21', '9'])
    expect(JSON.parse(t.items.find((i) => i.price_incl_tax === 20.57)!.options)).toEqual([
      { label: 'Color', value: 'Blue' },
      { label: 'Size', value: 'M' },
    ])
    expectConsistent(t)
  })

  it('sets a quantity by item id and deletes a line', async () => {
    const cartId = await filledCart()
    const wafel = (await pull(cartId)).find((i) => i.sku === 'WAFEL')!
    const set = await added(cartId, { sku: 'WAFEL', qty: 1, item_id: wafel.item_id })
    expect(set.qty).toBe(1)
    const del = await server.app.inject({
      method: 'POST',
      url: `/api/cart/delete?cartId=${cartId}`,
      payload: { cartItem: { sku: 'WAFEL', item_id: wafel.item_id, quoteId: cartId } },
    })
    expect(del.statusCode).toBe(200)
    expect(json<Envelope<boolean>>(del).result).toBe(true)
    expect((await pull(cartId)).map((i) => i.sku)).toEqual(['TEE-RED-S', 'TEE-BLUE-M'])
    const again = await server.app.inject({
      method: 'POST',
      url: `/api/cart/delete?cartId=${cartId}`,
      payload: { cartItem: { sku: 'WAFEL', item_id: wafel.item_id, quoteId: cartId } },
    })
    expect(again.statusCode).toBe(404)
  })
})

describe('cart in the be store view (BE VAT)', () => {
  it('uses 6 % and 21 %', async () => {
    const cartId = await createCart('be')
    await added(cartId, { sku: 'WAFEL', qty: 2 })
    await added(cartId, { sku: 'JACKET', qty: 1 })
    const t = await totals(cartId)
    const wafel = t.items.find((i) => i.tax_percent === 6)!
    expect(wafel).toMatchObject({ price_incl_tax: 5.3, row_total_incl_tax: 10.6 })
    const jacket = t.items.find((i) => i.tax_percent === 21)!
    expect(jacket).toMatchObject({ price_incl_tax: 96.8, row_total: 80 })
    expect(t.grand_total).toBe(107.4)
    expectConsistent(t)
  })

  it('takes the store view from the x-vs-store-code header (nl: 9 %)', async () => {
    const cartId = await createCart(undefined, 'nl')
    await added(cartId, { sku: 'WAFEL', qty: 1 })
    expect((await totals(cartId)).items[0]!.tax_percent).toBe(9)
  })
})

describe('cart errors', () => {
  it('answers 404 for an unknown cart', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/cart/pull?cartId=doesnotexist' },
      { method: 'GET' as const, url: '/api/cart/totals?cartId=doesnotexist' },
      { method: 'POST' as const, url: '/api/cart/update?cartId=doesnotexist', payload: { cartItem: { sku: 'WAFEL', qty: 1, quoteId: 'doesnotexist' } } },
    ]) {
      const res = await server.app.inject(req)
      expect(res.statusCode).toBe(404)
      expect(json<Envelope<string>>(res)).toEqual({ code: 404, result: 'No such entity with cartId = doesnotexist' })
    }
  })

  it('answers 404 with a clear message for an unknown sku', async () => {
    const cartId = await createCart()
    const res = await update(cartId, { sku: 'NO-SUCH-SKU', qty: 1 })
    expect(res.statusCode).toBe(404)
    expect(json<Envelope<string>>(res).result).toContain('NO-SUCH-SKU')
  })

  it('answers 400 naming the field for a bad body, never 500', async () => {
    const cartId = await createCart()
    const zero = await update(cartId, { sku: 'WAFEL', qty: 0 })
    expect(zero.statusCode).toBe(400)
    expect(json<Envelope<string>>(zero).result).toBe('cartItem.qty: must be greater than 0')
    const bad = [
      await server.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: {} }),
      await server.app.inject({
        method: 'POST',
        url: `/api/cart/update?cartId=${cartId}`,
        payload: { cartItem: { sku: 'WAFEL', qty: 'many', quoteId: cartId } },
      }),
      await server.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: 'nope', headers: { 'content-type': 'application/json' } }),
      await server.app.inject({ method: 'POST', url: `/api/cart/delete?cartId=${cartId}`, payload: { cartItem: { sku: 'WAFEL' } } }),
      await server.app.inject({ method: 'GET', url: '/api/cart/pull' }),
      await update(cartId, { sku: 'TEE', qty: 1 }),
      await update(cartId, { sku: 'WA\u0000FEL', qty: 1 }),
    ]
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400)
      expect(json<Envelope<unknown>>(res).code).toBe(400)
    }
    expect(json<Envelope<string>>(bad[0]!).result).toContain('cartItem')
    const huge = await update(cartId, { sku: 'WAFEL', qty: 1, item_id: 1e15 })
    expect(huge.statusCode).toBe(404)
  })
})

describe('cart lines with options (bundle, custom options, gift card): priced from the server catalogue', () => {
  const T = '2026-01-01T00:00:00.000Z'
  const base = (id: number, sku: string, extra: Partial<Product>): Product =>
    testProduct(sku, {
      id,
      category_ids: [CLOTHING],
      category: [{ category_id: CLOTHING, name: 'Clothing' }],
      stock: { qty: 10, is_in_stock: true, manage_stock: true },
      created_at: T,
      updated_at: T,
      ...extra,
    })
  const extras: Product[] = [
    base(900, 'MUG', { custom_options: [GIFT_WRAP, { ...ENGRAVING, max_characters: 20 }] }),
    base(901, 'BOX', {
      type_id: 'bundle',
      price: 13,
      bundle_options: [
        BUNDLE_TREAT,
        { option_id: 2, title: 'Socks', type: 'checkbox', required: false, product_links: [{ id: 3, sku: 'SOCK-0', qty: 1, is_default: true, price: 8 }] },
      ],
    }),
    base(902, 'GIFT', {
      type_id: 'giftcard',
      price: 25,
      tax_class_id: 0,
      giftcard_amounts: [25, 50, 100],
      giftcard_allow_open_amount: true,
      mageworx_gc_type: 1,
    }),
    base(903, 'SET', { type_id: 'grouped', product_links: [{ sku: 'SET', link_type: 'associated', linked_product_sku: 'WAFEL', qty: 1 }] }),
  ]

  const shop = useTestServer(() => startFixtureShopWith(extras))

  const create = async () => json<Envelope<string>>(await shop.app.inject({ method: 'POST', url: '/api/cart/create' })).result
  const put = (cartId: string, cartItem: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: { cartItem: { quoteId: cartId, qty: 1, ...cartItem } } })
  const totalsOf = async (cartId: string) => json<Envelope<Totals>>(await shop.app.inject({ method: 'GET', url: `/api/cart/totals?cartId=${cartId}` })).result

  it('prices custom options (fixed, percent of the price, text) and a bundle from its selections × qty', async () => {
    const cartId = await create()
    const mug = await put(cartId, {
      sku: 'MUG',
      product_option: {
        extension_attributes: {
          custom_options: [
            { option_id: 7, option_value: '72' },
            { option_id: 8, option_value: 'Anna' },
          ],
        },
      },
    })
    expect(mug.statusCode, mug.body).toBe(200)
    // 10 + 10 % of 10 + 5 = 16 excl. tax
    expect(json<Envelope<ServerCartItem>>(mug).result.price).toBe(16)
    const bundle = await put(cartId, {
      sku: 'BOX',
      qty: 2,
      product_option: {
        extension_attributes: {
          bundle_options: [
            { option_id: 1, option_qty: 2, option_selections: [2] },
            { option_id: 2, option_qty: 1, option_selections: [3] },
          ],
        },
      },
    })
    expect(bundle.statusCode, bundle.body).toBe(200)
    // 2 × 9 + 1 × 8 = 26 excl. tax per box
    expect(json<Envelope<ServerCartItem>>(bundle).result.price).toBe(26)
    const card = await put(cartId, {
      sku: 'GIFT',
      product_option: { extension_attributes: { mageworx_giftcard_item_option: { card_amount_other: 42, mail_to: 'Ann' } } },
    })
    expect(card.statusCode, card.body).toBe(200)

    const t = await totalsOf(cartId)
    const rows = Object.fromEntries(t.items.map((i) => [i.name, i]))
    expect(rows.MUG).toMatchObject({ price: 16, price_incl_tax: 19.36, row_total_incl_tax: 19.36 })
    expect(JSON.parse(rows.MUG!.options)).toEqual([
      { label: 'Gift wrap', value: 'Box' },
      { label: 'Engraving', value: 'Anna' },
    ])
    expect(rows.BOX).toMatchObject({ qty: 2, price: 26, price_incl_tax: 31.46, row_total_incl_tax: 62.92 })
    // a gift card carries no VAT
    expect(rows.GIFT).toMatchObject({ price: 42, price_incl_tax: 42, tax_amount: 0 })
    expect(t.grand_total).toBe(124.28)
    expectConsistent(t)
  })

  it('keeps different option choices on different lines and merges the same choice', async () => {
    const cartId = await create()
    const paper = { extension_attributes: { custom_options: [{ option_id: '7', option_value: '71' }] } }
    const box = { extension_attributes: { custom_options: [{ option_id: '7', option_value: '72' }] } }
    const a = json<Envelope<ServerCartItem>>(await put(cartId, { sku: 'MUG', product_option: paper })).result
    const b = json<Envelope<ServerCartItem>>(await put(cartId, { sku: 'MUG', product_option: box })).result
    const c = json<Envelope<ServerCartItem>>(await put(cartId, { sku: 'MUG', product_option: paper })).result
    expect(a.item_id).not.toBe(b.item_id)
    expect(c).toMatchObject({ item_id: a.item_id, qty: 2, price: 12 })
  })

  it('refuses missing or unknown options, a bad bundle qty, an amount the card does not offer and a grouped sku', async () => {
    const cartId = await create()
    const refused = async (cartItem: Record<string, unknown>) => {
      const res = await put(cartId, cartItem)
      expect(res.statusCode, res.body).toBe(400)
    }
    await refused({ sku: 'MUG' })
    await refused({ sku: 'MUG', product_option: { extension_attributes: { custom_options: [{ option_id: 7, option_value: '79' }] } } })
    await refused({ sku: 'BOX', product_option: { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: -1, option_selections: [1] }] } } })
    await refused({ sku: 'BOX', product_option: { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [1, 2] }] } } })
    await refused({ sku: 'BOX' })
    await refused({ sku: 'GIFT', product_option: { extension_attributes: { mageworx_giftcard_item_option: { card_amount: 30 } } } })
    await refused({ sku: 'GIFT' })
    await refused({ sku: 'SET' })
    const pull = json<Envelope<ServerCartItem[]>>(await shop.app.inject({ method: 'GET', url: `/api/cart/pull?cartId=${cartId}` })).result
    expect(pull).toEqual([])
  })
})
