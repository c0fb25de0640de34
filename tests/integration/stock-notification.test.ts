/**
 * Back-in-stock notifications on the real server (spec §1, §7 "Stock notification"): a subscription
 * to an out-of-stock product or variant, asking twice is one subscription, an in-stock, unknown or
 * variant-less product refused; a restock through the import endpoint mails each subscription once
 * through the outbox, in its store view's language with a link to the product, and a second restock
 * mails nothing; a cancelled order's stock given back does the same; the customer's data export lists
 * their subscriptions and the account's deletion removes them. PGlite by default, PostgreSQL with
 * DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { PrivacyExportSchema } from '../../domain/api/privacy.schema'
import { STOCK_ALERT_MESSAGES, STOCK_SUBSCRIPTION_PATH } from '../../domain/api/stock-alert.schema'
import { DEFAULT_LIMITS } from '../../server/config'
import { json, postImportBatch, signedUpCustomer, startFixtureShopWith, startTestServer, useTestServer } from './helpers'
import { BE_ADDRESS } from './order-fixtures'
import { outboxFiles, PRODUCTS, shopCalls } from './payment-fixtures'

const KEY = 'test-import-key-stock-alerts-0123'
const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-stock-alerts-'))
const server = useTestServer({
  importApiKey: KEY,
  publicUrl: 'https://shop.example',
  mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox },
})

let counter = 0
const newEmail = () => `restock${++counter}-${Date.now()}@example.com`

const subscribe = (email: string, sku: string, opts: { store?: string; token?: string } = {}) =>
  server.app.inject({
    method: 'POST',
    url: `${STOCK_SUBSCRIPTION_PATH}${opts.store ? `?storeCode=${opts.store}` : ''}`,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    payload: { email, sku },
  })

async function subscribed(email: string, sku: string, opts: { store?: string; token?: string } = {}) {
  const res = await subscribe(email, sku, opts)
  expect(res.statusCode, res.body).toBe(200)
  expect(json<Envelope<string>>(res).result).toBe('subscribed')
}

const mailsTo = (email: string) => outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email))

/** Sets the stock of `sku` in every store view through the import endpoint. */
async function setStock(sku: string, qty: number, isInStock: boolean) {
  const res = await postImportBatch(server, { storeViews: { en: { stock: [{ sku, qty, is_in_stock: isInStock }] } } }, { authorization: `Bearer ${KEY}` })
  expect(res.statusCode, res.body).toBe(200)
}

/** A simple product of its own per test, out of stock, in every store view. */
let nextId = 9000
async function outOfStockProduct(name: Record<'en' | 'nl' | 'fr', string>) {
  const id = ++nextId
  const sku = `RESTOCK-${id}`
  const product = (store: 'en' | 'nl' | 'fr') => {
    const slug = `${sku.toLowerCase()}-${id}`
    return {
      id,
      sku,
      name: name[store],
      type_id: 'simple',
      status: 1,
      visibility: 4,
      url_key: slug,
      url_path: `${slug}.html`,
      slug,
      price: 12,
      tax_class_id: 2,
      category_ids: [],
      category: [],
      stock: { qty: 0, is_in_stock: false, manage_stock: true },
      sold_qty: 0,
      eol: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }
  }
  const res = await postImportBatch(
    server,
    {
      storeViews: {
        en: { products: [product('en')] },
        nl: { products: [product('nl')] },
        be: { products: [product('nl')] },
        fr: { products: [product('fr')] },
      },
    },
    { authorization: `Bearer ${KEY}` },
  )
  expect(res.statusCode, res.body).toBe(200)
  return { id, sku, slug: `${sku.toLowerCase()}-${id}` }
}

describe('back-in-stock subscriptions', () => {
  it('subscribes an address to an out-of-stock product, and asking again is the same subscription', async () => {
    const email = newEmail()
    await subscribed(email, 'BOOTS')
    await subscribed(email, 'BOOTS')
    // the same mailbox written otherwise is the same mailbox
    await subscribed(email.toUpperCase(), 'BOOTS')
    const rows = await server.storage.stockAlerts.listForCustomer(-1, email.toLowerCase())
    expect(rows.map((r) => [r.sku, r.product_sku, r.store_code, r.notified_at])).toEqual([['BOOTS', 'BOOTS', 'en', null]])
    expect(mailsTo(email)).toEqual([])
  })

  it('refuses an in-stock product, an unknown sku, a configurable without its variant and a bad address', async () => {
    const inStock = await subscribe(newEmail(), 'WAFEL')
    expect(inStock.statusCode).toBe(400)
    expect(json<Envelope<string>>(inStock).result).toBe(STOCK_ALERT_MESSAGES.inStock)
    // an in-stock variant of a configurable
    expect((await subscribe(newEmail(), 'TEE-RED-S')).statusCode).toBe(400)
    expect((await subscribe(newEmail(), 'NO-SUCH-SKU')).statusCode).toBe(404)
    const parent = await subscribe(newEmail(), 'TEE')
    expect(parent.statusCode).toBe(400)
    expect(json<Envelope<string>>(parent).result).toBe(STOCK_ALERT_MESSAGES.chooseVariant)
    const bad = await subscribe('not an address', 'BOOTS')
    expect(bad.statusCode).toBe(400)
    expect(json<Envelope<string>>(bad).result).toMatch(/^email: /)
  })

  it('mails each subscription once when the import endpoint restocks the product, and nothing at a second restock', async () => {
    const product = await outOfStockProduct({ en: 'Rain cape', nl: 'Regencape', fr: 'Cape de pluie' })
    const anna = newEmail()
    const bram = newEmail()
    await subscribed(anna, product.sku)
    await subscribed(anna, product.sku)
    await subscribed(bram, product.sku, { store: 'nl' })
    // stock that stays out (a quantity without the flag) mails nobody
    await setStock(product.sku, 4, false)
    expect(mailsTo(anna)).toEqual([])

    await setStock(product.sku, 4, true)
    const [annaMail, ...moreToAnna] = mailsTo(anna)
    expect(moreToAnna).toEqual([])
    expect(annaMail!.mail.subject).toBe('Back in stock: Rain cape')
    expect(annaMail!.mail.text).toContain(`https://shop.example/en/p/${product.sku}/${product.slug}`)
    expect(annaMail!.mail.html).toContain(`<a href="https://shop.example/en/p/${product.sku}/${product.slug}">`)
    expect(mailsTo(bram)).toHaveLength(1)

    // sold out and restocked again: the subscriptions ended with their mail
    await setStock(product.sku, 0, false)
    await setStock(product.sku, 9, true)
    expect(mailsTo(anna)).toHaveLength(1)
    expect(mailsTo(bram)).toHaveLength(1)
    const ended = await server.storage.stockAlerts.listForCustomer(-1, anna)
    expect(ended).toHaveLength(1)
    expect(ended[0]!.notified_at).not.toBeNull()

    // once ended, the address may ask again, for the next time
    await setStock(product.sku, 0, false)
    await subscribed(anna, product.sku)
    await setStock(product.sku, 1, true)
    expect(mailsTo(anna)).toHaveLength(2)
  })

  it("mails in the subscription's store view's language, with the product's page in that store view", async () => {
    const product = await outOfStockProduct({ en: 'Rain cape', nl: 'Regencape', fr: 'Cape de pluie' })
    const nl = newEmail()
    const fr = newEmail()
    await subscribed(nl, product.sku, { store: 'nl' })
    await subscribed(fr, product.sku, { store: 'fr' })
    await setStock(product.sku, 3, true)
    const [nlMail] = mailsTo(nl)
    expect(nlMail!.mail.subject).toBe('Weer op voorraad: Regencape')
    expect(nlMail!.mail.text).toContain('Goed nieuws: Regencape is weer op voorraad.')
    expect(nlMail!.mail.text).toContain(`https://shop.example/nl/p/${product.sku}/${product.slug}`)
    expect(nlMail!.mail.html).toContain('<html lang="nl-NL"')
    const [frMail] = mailsTo(fr)
    expect(frMail!.mail.subject).toBe('De retour en stock\u202f: Cape de pluie')
    expect(frMail!.mail.text).toContain(`https://shop.example/fr/p/${product.sku}/${product.slug}`)
  })

  it("mails a configurable's variant subscription with a link that opens the variant", async () => {
    const email = newEmail()
    await subscribed(email, 'TEE-BLUE-S')
    await setStock('TEE-BLUE-S', 6, true)
    const [mail, ...more] = mailsTo(email)
    expect(more).toEqual([])
    expect(mail!.mail.text).toMatch(/https:\/\/shop\.example\/en\/p\/TEE\/[^/\s]+\/TEE-BLUE-S/)
  })

  it("lists a customer's subscriptions in their data export and removes them with the account", async () => {
    const email = newEmail()
    const password = 'correct horse 1'
    const { id, token } = await signedUpCustomer(server.app, email, password)
    await subscribed(email, 'BOOTS', { token })
    // another person's address asked by the customer is not theirs
    const other = newEmail()
    await subscribed(other, 'BOOTS', { token })
    const theirs = await server.storage.stockAlerts.listForCustomer(id, 'nobody')
    expect(theirs.map((r) => r.email)).toEqual([email])

    const download = await server.app.inject({
      method: 'POST',
      url: '/api/ext/data-protection/download',
      headers: { authorization: `Bearer ${token}` },
      payload: { password },
    })
    expect(download.statusCode, download.body).toBe(200)
    const exported = PrivacyExportSchema.parse(json<Envelope<unknown>>(download).result)
    expect(exported.stock_subscriptions.map((s) => [s.email, s.sku, s.notified_at])).toEqual([[email, 'BOOTS', null]])

    const deleted = await server.app.inject({
      method: 'POST',
      url: '/api/ext/data-protection/delete',
      headers: { authorization: `Bearer ${token}` },
      payload: { password },
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await server.storage.stockAlerts.listForCustomer(id, email.toLowerCase())).toEqual([])
    expect((await server.storage.privacy.tablesMentioning([email])).map((t) => t.table)).not.toContain('stock_subscriptions')
    // the other person's subscription stays, theirs alone
    expect(await server.storage.stockAlerts.listForCustomer(-1, other)).toHaveLength(1)
  })
})

describe("back-in-stock subscriptions: a cancelled order's stock", () => {
  const cancelOutbox = mkdtempSync(join(tmpdir(), 'polder-outbox-stock-cancel-'))
  // the last two mugs: the order takes them all
  const lastMugs = PRODUCTS.map((p) => ({ ...p, stock: { qty: 2, is_in_stock: true, manage_stock: true } }))
  const shop = useTestServer(() =>
    startFixtureShopWith(lastMugs, {
      publicUrl: 'https://shop.example',
      mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: cancelOutbox },
    }),
  )

  it('mails the subscription once when a cancelled payment gives the stock back', async () => {
    const { placeOrder, created } = shopCalls(shop)
    const placed = await placeOrder('be', 'bancontact', BE_ADDRESS)
    const email = newEmail()
    const res = await shop.app.inject({ method: 'POST', url: `${STOCK_SUBSCRIPTION_PATH}?storeCode=be`, payload: { email, sku: 'PAY-MUG' } })
    expect(res.statusCode, res.body).toBe(200)
    expect(outboxFiles(cancelOutbox).filter((f) => JSON.stringify(f.mail.to).includes(email))).toEqual([])

    const payment = await created(placed.orderNumber)
    const chosen = await shop.app.inject({
      method: 'POST',
      url: new URL(payment.payment_gateway_url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=bancontact&result=cancelled',
    })
    expect(chosen.statusCode, chosen.body).toBe(303)
    const mails = outboxFiles(cancelOutbox).filter((f) => JSON.stringify(f.mail.to).includes(email))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.mail.subject).toMatch(/^Weer op voorraad: /)
    expect(mails[0]!.mail.text).toContain('https://shop.example/be/p/PAY-MUG/')
  })
})

describe('back-in-stock subscriptions: limits', () => {
  it('are limited per address as the other anonymous writes', async () => {
    const limited = await startTestServer({ limits: { ...DEFAULT_LIMITS, writesPerMinute: 2 } })
    try {
      const ask = () => limited.app.inject({ method: 'POST', url: STOCK_SUBSCRIPTION_PATH, payload: { email: newEmail(), sku: 'BOOTS' } })
      expect((await ask()).statusCode).toBe(200)
      expect((await ask()).statusCode).toBe(200)
      expect((await ask()).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})
