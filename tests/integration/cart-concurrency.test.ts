/**
 * The server cart under concurrent writes: adds and changes of one cart sent at once never
 * lose an acknowledged change (one row per line, the cart locked per write, the stock checked under
 * the lock). Real server on real storage: PGlite by default, PostgreSQL with DATABASE_URL (where the
 * races are real).
 */
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { useCartRulesServer } from './cart-rules-shop'
import { json } from './helpers'

const { createCart, update, saved, pull, allAnswered } = useCartRulesServer()

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('concurrent writes to one cart', () => {
  it('keeps every one of 50 concurrent adds of one sku: one line with qty 50', async () => {
    const cartId = await createCart()
    const answers = await allAnswered(
      cartId,
      Array.from({ length: 50 }, () => ({ sku: 'COFFEE', qty: 1 })),
    )
    // taking turns, the adds saw 0, 1, … 49 before them: each answer is a different qty
    expect(answers.map((a) => a.qty).sort((a, b) => a - b)).toEqual(range(1, 50))
    expect(new Set(answers.map((a) => a.item_id)).size).toBe(1)
    const lines = await pull(cartId)
    expect(lines.map((l) => [l.sku, l.qty])).toEqual([['COFFEE', 50]])
  })

  it('merges 50 concurrent adds whose options differ only in JSON key order into one line', async () => {
    const cartId = await createCart()
    const orders = [
      {
        extension_attributes: {
          custom_options: [
            { option_id: 7, option_value: '71' },
            { option_id: '8', option_value: 'Anna' },
          ],
        },
      },
      {
        extension_attributes: {
          custom_options: [
            { option_value: '71', option_id: '7' },
            { option_value: 'Anna', option_id: 8 },
          ],
        },
      },
    ]
    await allAnswered(
      cartId,
      range(1, 50).map((i) => ({ qty: 1, product_option: orders[i % 2], sku: 'MUG' })),
    )
    const lines = await pull(cartId)
    expect(lines.map((l) => [l.sku, l.qty])).toEqual([['MUG', 50]])
  })

  it('merges two identical gift card adds into one line with qty 2; another recipient is another line', async () => {
    const cartId = await createCart()
    // jsonb stores keys in its own order: the stored options never compared equal to the sent ones
    const card = (to: string) => ({
      sku: 'GIFT',
      product_option: { extension_attributes: { mageworx_giftcard_item_option: { card_amount: 50, mail_to: to, mail_message: 'Happy birthday' } } },
    })
    const first = await saved(cartId, card('Ann'))
    const second = await saved(cartId, card('Ann'))
    expect(second).toMatchObject({ item_id: first.item_id, qty: 2 })
    await saved(cartId, card('Bob'))
    expect((await pull(cartId)).map((l) => l.qty)).toEqual([2, 1])
  })

  it('never loses a change of an existing line: 50 concurrent +1 adds, then item_id changes racing adds', async () => {
    const cartId = await createCart()
    const line = await saved(cartId, { sku: 'COFFEE', qty: 5 })
    // 50 × +1 on a line of 5: each add sees the ones before it, so the answers are 6 … 55
    const adds = await allAnswered(
      cartId,
      Array.from({ length: 50 }, () => ({ sku: 'COFFEE', qty: 1 })),
    )
    expect(adds.map((a) => a.qty).sort((a, b) => a - b)).toEqual(range(6, 55))
    expect((await pull(cartId)).map((l) => [l.item_id, l.qty])).toEqual([[line.item_id, 55]])

    // 25 changes to 200 by item_id race 25 adds of 1: in any order the line ends at 200 plus the
    // adds after the last change. An add that overwrote a change with its stale sum would leave < 200.
    const mixed = range(1, 50).map((i) => (i % 2 === 0 ? { sku: 'COFFEE', qty: 200, item_id: line.item_id } : { sku: 'COFFEE', qty: 1 }))
    const answers = await allAnswered(cartId, mixed)
    const [final] = await pull(cartId)
    expect(final!.item_id).toBe(line.item_id)
    expect(final!.qty).toBeGreaterThanOrEqual(200)
    expect(final!.qty).toBeLessThanOrEqual(225)
    // the line holds what the last write answered
    expect(answers.map((a) => a.qty)).toContain(final!.qty)
    expect(await pull(cartId)).toHaveLength(1)
  })

  it('checks the stock under the cart lock: of 50 concurrent adds of 5 (stock 170) exactly 34 count', async () => {
    const cartId = await createCart()
    const answers = await Promise.all(Array.from({ length: 50 }, () => update(cartId, { sku: 'CHEESE', qty: 5 })))
    const ok = answers.filter((res) => res.statusCode === 200)
    expect(ok).toHaveLength(34)
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(400)
      expect(json<Envelope<string>>(res).result).toBe(
        'The requested qty is not available: at most 170 of "CHEESE" can be ordered (the cart line would hold 175)',
      )
    }
    expect((await pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([['CHEESE', 170]])
  })
})
