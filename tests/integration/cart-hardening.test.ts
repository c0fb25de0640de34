/**
 * The server cart under load and abuse (issue 8): concurrent adds and changes of one cart never
 * lose an acknowledged change (one row per line, the cart locked per write), and quantities,
 * options and the number of lines obey the shop's rules. Real server on real storage: PGlite by
 * default, PostgreSQL with DATABASE_URL (where the races are real).
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { cartLineKey, DEFAULT_MAX_SALE_QTY, MAX_CART_LINES } from '../../domain/cart-item'
import type { ServerCartItem } from '../../domain/cart.schema'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { wrapDrizzle, type Db, type DrizzleExecutor } from '../../server/storage/db'
import { migrate } from '../../server/storage/migrations'
import { buildFixtureShop, CLOTHING } from './fixtures'
import { json, startTestServer, useTestServer } from './helpers'

const T = '2026-01-01T00:00:00.000Z'
const product = (id: number, sku: string, stock: Product['stock'], extra: Partial<Product> = {}): Product => ({
  id,
  sku,
  name: sku,
  type_id: 'simple',
  status: 1,
  visibility: 4,
  url_key: sku.toLowerCase(),
  url_path: `${sku.toLowerCase()}.html`,
  slug: sku.toLowerCase(),
  price: 10,
  tax_class_id: 2,
  category_ids: [CLOTHING],
  category: [{ category_id: CLOTHING, name: 'Clothing' }],
  stock,
  sold_qty: 0,
  eol: 0,
  created_at: T,
  updated_at: T,
  ...extra,
})
const managed = (qty: number, extra: Partial<Product['stock']> = {}): Product['stock'] => ({ qty, is_in_stock: qty > 0, manage_stock: true, ...extra })

const extras: Product[] = [
  product(950, 'COFFEE', managed(500)),
  product(951, 'CHEESE', managed(170)),
  product(952, 'POSTER', { qty: 0, is_in_stock: true, manage_stock: false }),
  product(953, 'CANDLE', managed(100, { min_sale_qty: 2, max_sale_qty: 6 })),
  product(954, 'LOOSE-TEA', managed(25.5, { is_qty_decimal: true })),
  product(955, 'MUG', managed(500), {
    custom_options: [
      {
        option_id: 7,
        title: 'Gift wrap',
        type: 'drop_down',
        is_require: true,
        values: [{ option_type_id: 71, title: 'Paper', price: 2, price_type: 'fixed' }],
      },
      { option_id: 8, title: 'Engraving', type: 'field', is_require: false, price: 5, price_type: 'fixed', max_characters: 20 },
    ],
  }),
  product(956, 'GIFT', managed(10), {
    type_id: 'giftcard',
    price: 25,
    tax_class_id: 0,
    giftcard_amounts: [25, 50],
    giftcard_allow_open_amount: false,
    mageworx_gc_type: 1,
  }),
]

const server = useTestServer(async () => {
  const started = await startTestServer({ seed: false })
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) shop.catalog[code].products.push(...structuredClone(extras))
  await importShop(started.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return started
})

async function createCart(): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/api/cart/create' })
  expect(res.statusCode).toBe(200)
  return json<Envelope<string>>(res).result
}

function update(cartId: string, cartItem: Record<string, unknown>) {
  return server.app.inject({ method: 'POST', url: `/api/cart/update?cartId=${cartId}`, payload: { cartItem: { quoteId: cartId, qty: 1, ...cartItem } } })
}

async function saved(cartId: string, cartItem: Record<string, unknown>): Promise<ServerCartItem> {
  const res = await update(cartId, cartItem)
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<ServerCartItem>>(res).result
}

/** The refusal's message, after checking it is a 400. */
async function refused(cartId: string, cartItem: Record<string, unknown>): Promise<string> {
  const res = await update(cartId, cartItem)
  expect(res.statusCode, res.body).toBe(400)
  const body = json<Envelope<string>>(res)
  expect(body.code).toBe(400)
  return body.result
}

async function pull(cartId: string): Promise<ServerCartItem[]> {
  const res = await server.app.inject({ method: 'GET', url: `/api/cart/pull?cartId=${cartId}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<ServerCartItem[]>>(res).result
}

/** Sends all at once (the server handles them concurrently) and expects every answer to be 200. */
async function allAnswered(cartId: string, items: Record<string, unknown>[]): Promise<ServerCartItem[]> {
  const answers = await Promise.all(items.map((item) => update(cartId, item)))
  for (const res of answers) expect(res.statusCode, res.body).toBe(200)
  return answers.map((res) => json<Envelope<ServerCartItem>>(res).result)
}

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

describe('migration 6: stored lines get their line key and duplicates become one line', () => {
  /** A database of its own on PGlite; on PostgreSQL the test server's (its cart tests are done by now). */
  async function openDb(): Promise<{ db: Db; close(): Promise<void> }> {
    const url = process.env.DATABASE_URL
    if (url) {
      const pool = new pg.Pool({ connectionString: url, max: 1 })
      return { db: wrapDrizzle(drizzlePostgres(pool) as unknown as DrizzleExecutor), close: () => pool.end() }
    }
    const client = await PGlite.create('memory://')
    const db = wrapDrizzle(drizzlePglite(client) as unknown as DrizzleExecutor)
    await migrate(db)
    return { db, close: () => client.close() }
  }

  interface Row {
    item_id: number
    cart_id: string
    line_key: string
    sku: string
    qty: number
    product_type: string
    product_option: Record<string, unknown> | null
  }

  it('keys and merges the lines stored before it, then enforces one row per (cart, line key)', async () => {
    const { db, close } = await openDb()
    try {
      // the schema as version 5 left it
      await db.query(sql`DROP INDEX cart_items_line_key_idx`)
      await db.query(sql`ALTER TABLE cart_items DROP COLUMN line_key`)
      await db.query(sql`DELETE FROM schema_migrations WHERE version = 6`)
      await db.query(
        sql`INSERT INTO carts (id, store_code, created_at, updated_at) VALUES ('MIGRATION-A', 'en', ${T}, ${T}), ('MIGRATION-B', 'en', ${T}, ${T})`,
      )
      const card = (to: string) => JSON.stringify({ extension_attributes: { mageworx_giftcard_item_option: { card_amount: 50, mail_to: to } } })
      const tee = (a: string, b: string) =>
        JSON.stringify({
          extension_attributes: {
            configurable_item_options: [
              { option_id: a, option_value: '1' },
              { option_id: b, option_value: '2' },
            ],
          },
        })
      const add = (cart: string, sku: string, qty: number, type = 'simple', option: string | null = null) =>
        db.query(sql`INSERT INTO cart_items (cart_id, sku, parent_sku, qty, product_type, product_option, name, created_at)
          VALUES (${cart}, ${sku}, NULL, ${qty}, ${type}, ${option}::jsonb, ${sku}, ${T})`)
      await add('MIGRATION-A', 'WAFEL', 2)
      await add('MIGRATION-A', 'GIFT', 1, 'giftcard', card('Ann'))
      await add('MIGRATION-A', 'WAFEL', 3)
      await add('MIGRATION-A', 'GIFT', 1, 'giftcard', card('Ann'))
      await add('MIGRATION-A', 'GIFT', 1, 'giftcard', card('Bob'))
      await add('MIGRATION-A', 'TEE-RED-S', 1, 'configurable', tee('93', '142'))
      await add('MIGRATION-A', 'TEE-RED-S', 4, 'configurable', tee('142', '93'))
      await add('MIGRATION-B', 'WAFEL', 7)
      // more duplicates of one line than one batch of the data step holds
      await db.query(sql`INSERT INTO cart_items (cart_id, sku, parent_sku, qty, product_type, product_option, name, created_at)
        SELECT 'MIGRATION-B', 'SOCK-1', NULL, 1, 'simple', NULL, 'SOCK-1', ${T} FROM generate_series(1, 1500)`)

      expect(await migrate(db)).toEqual([6])

      const rows = (
        await db.query<Row>(sql`
        SELECT item_id, cart_id, line_key, sku, qty, product_type, product_option FROM cart_items
        WHERE cart_id IN ('MIGRATION-A', 'MIGRATION-B') ORDER BY cart_id, item_id`)
      ).map((r) => ({ ...r, qty: Number(r.qty) }))
      expect(rows.map((r) => [r.cart_id, r.sku, r.qty])).toEqual([
        ['MIGRATION-A', 'WAFEL', 5],
        ['MIGRATION-A', 'GIFT', 2],
        ['MIGRATION-A', 'GIFT', 1],
        ['MIGRATION-A', 'TEE-RED-S', 5],
        ['MIGRATION-B', 'WAFEL', 7],
        ['MIGRATION-B', 'SOCK-1', 1500],
      ])
      for (const r of rows) expect(r.line_key).toBe(cartLineKey(r.sku, r.product_type, r.product_option as ServerCartItem['product_option']))
      const [wafel] = rows
      await expect(add('MIGRATION-A', 'WAFEL', 1)).rejects.toThrow()
      await expect(
        db.query(sql`INSERT INTO cart_items (cart_id, line_key, sku, qty, product_type, name, created_at)
          VALUES ('MIGRATION-A', ${wafel!.line_key}, 'WAFEL', 1, 'simple', 'WAFEL', ${T})`),
      ).rejects.toThrow()
      // every line the earlier tests stored got its key too
      const unkeyed = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM cart_items WHERE line_key IS NULL`)
      expect(Number(unkeyed[0]!.n)).toBe(0)
    } finally {
      await close()
    }
  })
})
