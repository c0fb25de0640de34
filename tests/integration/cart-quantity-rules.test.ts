/**
 * The server cart's rules for one write: quantities (whole or decimal units, stock,
 * min and max sale qty), options a product really has, and the number of lines a cart holds. Real
 * server on real storage: PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_MAX_SALE_QTY, MAX_CART_LINES } from '../../domain/cart-item'
import { useCartRulesServer } from './cart-rules-shop'

const { createCart, saved, refused, pull } = useCartRulesServer()

describe('quantity rules', () => {
  it('refuses qty 0.0000001, 1e-300 and 1.5 for a product sold in whole units', async () => {
    const cartId = await createCart()
    for (const qty of [0.0000001, 1e-300, 1.5, '1.5']) {
      expect(await refused(cartId, { sku: 'COFFEE', qty })).toMatch(/^You cannot use decimal quantity for "COFFEE": the qty must be a whole number \(got /)
    }
    expect(await pull(cartId)).toEqual([])
    const line = await saved(cartId, { sku: 'COFFEE', qty: 2 })
    expect(await refused(cartId, { sku: 'COFFEE', qty: 2.5, item_id: line.item_id })).toContain('whole number')
    expect((await pull(cartId)).map((l) => l.qty)).toEqual([2])
  })

  it('accepts decimals (4 at most) where the stock says is_qty_decimal', async () => {
    const cartId = await createCart()
    const a = await saved(cartId, { sku: 'LOOSE-TEA', qty: 0.1 })
    const b = await saved(cartId, { sku: 'LOOSE-TEA', qty: 0.2 })
    expect(b).toMatchObject({ item_id: a.item_id, qty: 0.3 })
    expect(await refused(cartId, { sku: 'LOOSE-TEA', qty: 0.0000001 })).toContain('at most 4 decimals')
    expect(await refused(cartId, { sku: 'LOOSE-TEA', qty: 1e-300 })).toContain('at most 4 decimals')
    expect(await saved(cartId, { sku: 'LOOSE-TEA', qty: 1.25, item_id: a.item_id })).toMatchObject({ qty: 1.25 })
    // stock 25.5
    expect(await refused(cartId, { sku: 'LOOSE-TEA', qty: 24.5 })).toBe(
      'The requested qty is not available: at most 25.5 of "LOOSE-TEA" can be ordered (the cart line would hold 25.75)',
    )
    expect((await pull(cartId)).map((l) => l.qty)).toEqual([1.25])
  })

  it('never lets a line go beyond the stock across several adds or by a change', async () => {
    const cartId = await createCart()
    const line = await saved(cartId, { sku: 'CHEESE', qty: 100 })
    expect(await saved(cartId, { sku: 'CHEESE', qty: 70 })).toMatchObject({ item_id: line.item_id, qty: 170 })
    expect(await refused(cartId, { sku: 'CHEESE', qty: 1 })).toBe(
      'The requested qty is not available: at most 170 of "CHEESE" can be ordered (the cart line would hold 171)',
    )
    expect((await pull(cartId)).map((l) => l.qty)).toEqual([170])
    expect(await refused(cartId, { sku: 'CHEESE', qty: 171, item_id: line.item_id })).toContain('at most 170 of "CHEESE"')
    expect(await saved(cartId, { sku: 'CHEESE', qty: 3, item_id: line.item_id })).toMatchObject({ qty: 3 })
    // out of stock (BOOTS: qty 0) and a variant with 2 left
    expect(await refused(cartId, { sku: 'BOOTS', qty: 1 })).toBe('The requested qty is not available: "BOOTS" is out of stock')
    expect(await refused(cartId, { sku: 'TEE-RED-M', qty: 3 })).toContain('at most 2 of "TEE-RED-M"')
    expect((await pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([['CHEESE', 3]])
  })

  it('never lets a line go beyond max_sale_qty (default 10,000 where stock is not managed) nor below min_sale_qty', async () => {
    const cartId = await createCart()
    const poster = await saved(cartId, { sku: 'POSTER', qty: DEFAULT_MAX_SALE_QTY })
    expect(await refused(cartId, { sku: 'POSTER', qty: 1 })).toBe(
      `The requested qty is not available: at most ${DEFAULT_MAX_SALE_QTY} of "POSTER" can be ordered per cart (the cart line would hold ${DEFAULT_MAX_SALE_QTY + 1})`,
    )
    expect(await pull(cartId)).toEqual([expect.objectContaining({ item_id: poster.item_id, qty: DEFAULT_MAX_SALE_QTY })])

    // CANDLE: min_sale_qty 2, max_sale_qty 6
    expect(await refused(cartId, { sku: 'CANDLE', qty: 1 })).toBe(
      'The requested qty is not available: at least 2 of "CANDLE" must be ordered (the cart line would hold 1)',
    )
    const candle = await saved(cartId, { sku: 'CANDLE', qty: 2 })
    expect(await saved(cartId, { sku: 'CANDLE', qty: 4 })).toMatchObject({ item_id: candle.item_id, qty: 6 })
    expect(await refused(cartId, { sku: 'CANDLE', qty: 1 })).toContain('at most 6 of "CANDLE" can be ordered per cart')
    expect(await refused(cartId, { sku: 'CANDLE', qty: 1, item_id: candle.item_id })).toContain('at least 2 of "CANDLE"')
    expect((await pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([
      ['POSTER', DEFAULT_MAX_SALE_QTY],
      ['CANDLE', 6],
    ])
  })
})

describe('options and lines', () => {
  it('refuses options a product does not have: no line is added', async () => {
    const cartId = await createCart()
    const custom = await refused(cartId, {
      sku: 'COFFEE',
      product_option: { extension_attributes: { custom_options: [{ option_id: 999, option_value: 'x' }] } },
    })
    expect(custom).toBe('cartItem.product_option: product "COFFEE" has no custom options')
    expect(
      await refused(cartId, {
        sku: 'COFFEE',
        product_option: { extension_attributes: { bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [1] }] } },
      }),
    ).toContain('has no bundle options')
    expect(
      await refused(cartId, { sku: 'COFFEE', product_option: { extension_attributes: { mageworx_giftcard_item_option: { card_amount: 25 } } } }),
    ).toContain('has no gift card options')
    // a product with custom options: an option id it does not have
    const unknown = await refused(cartId, {
      sku: 'MUG',
      product_option: {
        extension_attributes: {
          custom_options: [
            { option_id: 7, option_value: '71' },
            { option_id: 12345, option_value: 'x' },
          ],
        },
      },
    })
    expect(unknown).toContain('unknownOption (option 12345)')
    expect(await pull(cartId)).toEqual([])
  })

  it(`holds at most ${MAX_CART_LINES} distinct lines; the next distinct line is refused, existing lines still change`, async () => {
    const cartId = await createCart()
    const engraved = (text: string) => ({
      sku: 'MUG',
      product_option: {
        extension_attributes: {
          custom_options: [
            { option_id: 7, option_value: '71' },
            { option_id: 8, option_value: text },
          ],
        },
      },
    })
    const first = await saved(cartId, engraved('line 1'))
    for (let i = 2; i <= MAX_CART_LINES; i++) await saved(cartId, engraved(`line ${i}`))
    expect(await refused(cartId, engraved(`line ${MAX_CART_LINES + 1}`))).toBe(
      `A cart can hold at most ${MAX_CART_LINES} different lines: remove one before adding "MUG"`,
    )
    expect(await refused(cartId, { sku: 'COFFEE' })).toContain(`at most ${MAX_CART_LINES} different lines`)
    expect(await saved(cartId, engraved('line 1'))).toMatchObject({ item_id: first.item_id, qty: 2 })
    expect(await pull(cartId)).toHaveLength(MAX_CART_LINES)
  })
})
