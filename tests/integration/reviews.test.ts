/**
 * Product reviews on the real app and storage: POST /api/review/create as the contract says (200
 * and the created review, pending), by a signed-in customer or a guest who confirms it from a mail
 * in the store view's language (the link's page posts the token once); one review per customer or
 * address and product; words made plain text; the catalogue's `review` entity answers approved
 * (and confirmed) reviews only, per store view, also right after a moderation batch changed them
 * (cached answers dropped); moderation through the import endpoint's `reviews` kind; the
 * anonymous-write limit. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SearchQuery, SearchResponse } from '../../domain/api/catalog.schema'
import type { Envelope } from '../../domain/api/envelope'
import { REVIEW_MESSAGES, type ReviewCreateResult } from '../../domain/api/review.schema'
import type { Review } from '../../domain/review.schema'
import { ratingSummary } from '../../domain/review-rules'
import { DEFAULT_LIMITS } from '../../server/config'
import { importBatchCounts, importCounts, json, postImportBatch, signedUpCustomer, startTestServer, useTestServer } from './helpers'
import { outboxFiles } from './payment-fixtures'

const KEY = 'test-import-key-reviews-0123456789'
const auth = { authorization: `Bearer ${KEY}` }
const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-reviews-'))
const MAIL = { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox }

const server = useTestServer({ importApiKey: KEY, publicUrl: 'https://shop.example', mail: MAIL })

/** fixture products (tests/integration/fixtures.ts), in every store view */
const WAFEL = 200
const JACKET = 300
const SCARF = 400

let counter = 0
const newEmail = () => `reviewer${++counter}-${Date.now()}@example.com`

interface ReviewBody {
  product_id: number
  title?: string
  detail?: string
  nickname?: string
  rating?: number
  email?: string
  customer_id?: number | null
}

function write(review: ReviewBody, opts: { store?: string; token?: string } = {}) {
  return server.app.inject({
    method: 'POST',
    url: `/api/review/create${opts.store ? `?storeCode=${opts.store}` : ''}`,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    payload: {
      review: { title: 'Lovely', detail: 'Crisp and sweet', nickname: 'Lotte', review_entity: 'product', review_status: 1, ...review },
    },
  })
}

async function written(review: ReviewBody, opts: { store?: string; token?: string } = {}): Promise<ReviewCreateResult> {
  const res = await write(review, opts)
  expect(res.statusCode, res.body).toBe(200)
  const body = json<Envelope<ReviewCreateResult>>(res)
  expect(body.code).toBe(200)
  return body.result
}

/** The product's reviews the catalogue answers in a store view, as VSF1 asks (contract §3.4: `product_id eq`, `review_status eq 1`). */
async function shown(productId: number, index = 'polder_en'): Promise<Review[]> {
  const query: Partial<SearchQuery> = {
    _appliedFilters: [
      { attribute: 'product_id', value: { eq: productId }, scope: 'default' },
      { attribute: 'review_status', value: { eq: 1 }, scope: 'default' },
    ],
  }
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/${index}/review/_search?size=50`, payload: query })
  expect(res.statusCode, res.body).toBe(200)
  return json<SearchResponse>(res).hits.hits.map((h) => h._source as unknown as Review)
}

/** Every review of the product the catalogue answers in a store view, whatever the filter asks (it never shows one not approved). */
async function anyShown(productId: number, index = 'polder_en'): Promise<Review[]> {
  const query: Partial<SearchQuery> = { _appliedFilters: [{ attribute: 'product_id', value: { eq: productId }, scope: 'default' }] }
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/${index}/review/_search?size=50`, payload: query })
  expect(res.statusCode, res.body).toBe(200)
  return json<SearchResponse>(res).hits.hits.map((h) => h._source as unknown as Review)
}

const moderate = (store: string, reviews: { id: number; status: 'approved' | 'rejected' | 'pending' }[]) =>
  importBatchCounts(server, { storeViews: { [store]: { reviews } } }, auth)

const reviewMailsTo = (email: string) =>
  outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email) && f.mail.text.includes('/api/review/confirm'))

/** The confirmation link of the one review mail sent to `email`. */
function confirmLink(email: string) {
  const mails = reviewMailsTo(email)
  expect(mails).toHaveLength(1)
  const mail = mails[0]!.mail
  const link = /https:\/\/shop\.example(\/api\/review\/confirm\?storeCode=(\w+)&token=([A-Za-z0-9_-]+))/.exec(mail.text)
  expect(link, mail.text).not.toBeNull()
  return { mail, path: link![1]!, store: link![2]!, token: link![3]! }
}

const confirmByForm = (path: string, token: string) =>
  server.app.inject({
    method: 'POST',
    url: path.split('&token=')[0]!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${encodeURIComponent(token)}`,
  })

/** A customer account, logged in. */
async function customer() {
  const email = newEmail()
  return { email, ...(await signedUpCustomer(server.app, email)) }
}

describe('writing a review', () => {
  it('a customer’s review: 200 with the created review, pending, by the token’s customer (not the body’s), no mail', async () => {
    const me = await customer()
    const review = await written({ product_id: WAFEL, rating: 4, customer_id: 999_999 }, { token: me.token })
    expect(review).toMatchObject({
      product_id: WAFEL,
      entity_pk_value: WAFEL,
      review_entity: 'product',
      review_status: 2,
      customer_id: me.id,
      rating: 4,
      title: 'Lovely',
      nickname: 'Lotte',
      store_id: 1,
      confirmation: 'not-needed',
    })
    expect(reviewMailsTo(me.email)).toHaveLength(0)
    // pending: never answered, whatever the query asks
    expect((await anyShown(WAFEL)).map((r) => r.id)).not.toContain(review.id)
  })

  it('one review per customer and product: a second one is a 409; another product is fine', async () => {
    const me = await customer()
    await written({ product_id: JACKET }, { token: me.token })
    const again = await write({ product_id: JACKET, title: 'Second thoughts' }, { token: me.token })
    expect(again.statusCode).toBe(409)
    expect(json<Envelope<string>>(again).result).toBe(REVIEW_MESSAGES.alreadyReviewed)
    // the customer's address, used as a guest, is theirs too
    const asGuest = await write({ product_id: JACKET, email: me.email })
    expect(asGuest.statusCode).toBe(409)
    await written({ product_id: SCARF }, { token: me.token })
  })

  it('a token that is not valid is 401 (the client renews it), not a guest review', async () => {
    const res = await write({ product_id: WAFEL, email: newEmail() }, { token: 'not-a-token' })
    expect(res.statusCode).toBe(401)
  })

  it('refuses what is not a review: no address for a guest, stars outside 1–5, empty words, an unknown product', async () => {
    const guestWithout = await write({ product_id: WAFEL })
    expect(guestWithout.statusCode).toBe(400)
    expect(json<Envelope<string>>(guestWithout).result).toBe(REVIEW_MESSAGES.emailNeeded)
    expect((await write({ product_id: WAFEL, email: newEmail(), rating: 6 })).statusCode).toBe(400)
    expect((await write({ product_id: WAFEL, email: newEmail(), rating: 0 })).statusCode).toBe(400)
    expect((await write({ product_id: WAFEL, email: newEmail(), title: '<b></b>' })).statusCode).toBe(400)
    expect((await write({ product_id: WAFEL, email: 'not an address' })).statusCode).toBe(400)
    const unknown = await write({ product_id: 987_654, email: newEmail() })
    expect(unknown.statusCode).toBe(404)
    expect(json<Envelope<string>>(unknown).result).toBe(REVIEW_MESSAGES.productNotFound)
  })

  it('stores the words as plain text: markup and scripts never reach the catalogue', async () => {
    const me = await customer()
    const review = await written(
      { product_id: WAFEL, title: '<b>Best</b> <script>alert(1)</script>waffles', detail: '<img src=x onerror=alert(2)>Sweet', nickname: '<i>Jo</i>' },
      { token: me.token },
    )
    expect(review).toMatchObject({ title: 'Best waffles', detail: 'Sweet', nickname: 'Jo' })
    await moderate('en', [{ id: review.id, status: 'approved' }])
    const doc = (await shown(WAFEL)).find((r) => r.id === review.id)
    expect(doc).toMatchObject({ title: 'Best waffles', detail: 'Sweet', nickname: 'Jo', review_status: 1 })
    expect(JSON.stringify(doc)).not.toMatch(/[<>]/)
    // nothing personal in what anyone may read
    expect(JSON.stringify(doc)).not.toContain(me.email)
    expect(doc).not.toHaveProperty('customer_id')
  })
})

describe('a guest’s review', () => {
  it('pending with a Dutch mail; the link’s page changes nothing; its button confirms once; shown once also approved', async () => {
    const email = newEmail()
    const review = await written({ product_id: JACKET, email, rating: 5 }, { store: 'nl' })
    expect(review).toMatchObject({ customer_id: null, review_status: 2, confirmation: 'mail-sent', store_id: 2 })

    const sent = confirmLink(email)
    expect(sent.store).toBe('nl')
    expect(sent.mail.subject).toBe('Bevestig je review bij Polder')
    expect(sent.mail.text).toContain(email)
    // only the token's hash is stored
    const stored = await server.storage.reviews.findOfAuthor(JACKET, { customerId: null, emailKey: email.toLowerCase() })
    expect(stored).toHaveLength(1)
    expect(JSON.stringify(stored)).not.toContain(sent.token)

    // approved before it is confirmed: still not shown
    expect(await moderate('nl', [{ id: review.id, status: 'approved' }])).toEqual(importCounts({ reviews: { upserted: 1, unchanged: 0, deleted: 0 } }))
    expect((await shown(JACKET, 'polder_nl')).map((r) => r.id)).not.toContain(review.id)

    // opening the link shows a button and confirms nothing (a mail scanner confirms nobody's review)
    const page = await server.app.inject({ method: 'GET', url: sent.path })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<form method="post" action="/api/review/confirm?storeCode=nl">')
    expect(page.body).toContain('Bevestig je review')
    expect((await shown(JACKET, 'polder_nl')).map((r) => r.id)).not.toContain(review.id)

    const confirmed = await confirmByForm(sent.path, sent.token)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.body).toContain('Bedankt voor je review')
    expect((await shown(JACKET, 'polder_nl')).map((r) => r.id)).toContain(review.id)

    // the link works once
    const again = await confirmByForm(sent.path, sent.token)
    expect(again.statusCode).toBe(400)
    expect(again.body).toContain('Deze link werkt niet meer')
    expect((await server.app.inject({ method: 'GET', url: sent.path })).statusCode).toBe(400)
    const asJson = await server.app.inject({ method: 'POST', url: '/api/review/confirm', payload: { token: sent.token } })
    expect(asJson.statusCode).toBe(400)
  })

  it('confirmed by JSON, then approved: shown; one review per address and product', async () => {
    const email = newEmail()
    const review = await written({ product_id: SCARF, email }, { store: 'fr' })
    const sent = confirmLink(email)
    expect(sent.mail.subject).toBe('Confirmez votre avis sur Polder')
    const res = await server.app.inject({ method: 'POST', url: '/api/review/confirm', payload: { token: sent.token } })
    expect(res.statusCode, res.body).toBe(200)
    expect(json<Envelope<string>>(res).result).toBe('confirmed')
    expect((await shown(SCARF, 'polder_fr')).map((r) => r.id)).not.toContain(review.id)
    await moderate('fr', [{ id: review.id, status: 'approved' }])
    expect((await shown(SCARF, 'polder_fr')).map((r) => r.id)).toContain(review.id)

    const second = await write({ product_id: SCARF, email: email.toUpperCase() }, { store: 'fr' })
    expect(second.statusCode).toBe(409)
    expect(reviewMailsTo(email)).toHaveLength(1)
  })

  it('a made-up link is refused', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/review/confirm?storeCode=en&token=made-up-token-0123456789' })
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('This link no longer works')
  })
})

describe('moderation and what the catalogue answers', () => {
  it('approved reviews only, per store view, newest first; rejected hides; deleted is gone and may be written again', async () => {
    const [ann, bo, cy] = [await customer(), await customer(), await customer()]
    const a = await written({ product_id: 700, rating: 5 }, { token: ann.token })
    const b = await written({ product_id: 700, rating: 2 }, { token: bo.token })
    const c = await written({ product_id: 700, rating: 1 }, { token: cy.token })
    expect(await shown(700)).toEqual([])

    // answered before: a cached answer must not outlive the moderation
    expect(
      await moderate('en', [
        { id: a.id, status: 'approved' },
        { id: b.id, status: 'approved' },
        { id: c.id, status: 'rejected' },
      ]),
    ).toEqual(importCounts({ reviews: { upserted: 3, unchanged: 0, deleted: 0 } }))
    const listed = await shown(700)
    expect(listed.map((r) => r.id).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y))
    // newest first
    expect(listed[0]!.created_at >= listed[1]!.created_at).toBe(true)
    expect(listed.every((r) => r.review_status === 1)).toBe(true)
    expect((await anyShown(700)).map((r) => r.id).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y))
    expect(ratingSummary(listed)).toEqual({ count: 2, ratingCount: 2, average: 3.5 })
    // another store view has none of them
    expect(await anyShown(700, 'polder_nl')).toEqual([])

    // the same decisions again: nothing changes
    expect(await moderate('en', [{ id: a.id, status: 'approved' }])).toEqual(importCounts({ reviews: { upserted: 0, unchanged: 1, deleted: 0 } }))

    // taken back
    await moderate('en', [{ id: b.id, status: 'rejected' }])
    expect((await shown(700)).map((r) => r.id)).toEqual([a.id])

    // deleted: gone, and its author may write another
    expect(await importBatchCounts(server, { storeViews: { en: { delete: { reviews: [a.id] } } } }, auth)).toEqual(
      importCounts({ reviews: { upserted: 0, unchanged: 0, deleted: 1 } }),
    )
    expect(await shown(700)).toEqual([])
    await written({ product_id: 700, rating: 4 }, { token: ann.token })
  })

  it('a review the store view does not have refuses the whole batch', async () => {
    const me = await customer()
    const mine = await written({ product_id: 701 }, { token: me.token })
    const res = await postImportBatch(
      server,
      {
        storeViews: {
          en: {
            reviews: [
              { id: mine.id, status: 'approved' },
              { id: 987_654, status: 'approved' },
            ],
          },
        },
      },
      auth,
    )
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('storeViews.en.reviews[1] (id 987654): no review with this id in this store view')
    expect((await shown(701)).map((r) => r.id)).not.toContain(mine.id)
    // written in en: nl cannot moderate it
    expect((await postImportBatch(server, { storeViews: { nl: { reviews: [{ id: mine.id, status: 'approved' }] } } }, auth)).statusCode).toBe(400)
    // a status that is not one, or another field, is refused by the schema
    expect((await postImportBatch(server, { storeViews: { en: { reviews: [{ id: mine.id, status: 'shown' }] } } }, auth)).statusCode).toBe(400)
    expect((await postImportBatch(server, { storeViews: { en: { reviews: [{ id: mine.id, status: 'approved', title: 'x' }] } } }, auth)).statusCode).toBe(400)
  })

  it('moderation needs the import key', async () => {
    const res = await postImportBatch(server, { storeViews: { en: { reviews: [{ id: 1, status: 'approved' }] } } }, { authorization: 'Bearer wrong' })
    expect(res.statusCode).toBe(401)
  })
})

describe('a customer’s reviews and their data', () => {
  it('the download lists them (also one written as a guest with their address); deleting the account removes them, shown ones from the catalogue too', async () => {
    const me = await customer()
    const own = await written({ product_id: 704, rating: 3 }, { token: me.token })
    const asGuest = await written({ product_id: 705, email: me.email })
    await moderate('en', [{ id: own.id, status: 'approved' }])
    expect((await shown(704)).map((r) => r.id)).toContain(own.id)

    const download = await server.app.inject({
      method: 'POST',
      url: '/api/ext/data-protection/download',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { password: 'correct horse 1' },
    })
    expect(download.statusCode, download.body).toBe(200)
    const exported = json<Envelope<{ reviews: { id: number; status: string }[] }>>(download).result.reviews
    expect(exported.map((r) => [r.id, r.status])).toEqual([
      [own.id, 'approved'],
      [asGuest.id, 'pending'],
    ])

    const deleted = await server.app.inject({
      method: 'POST',
      url: '/api/ext/data-protection/delete',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { password: 'correct horse 1' },
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await shown(704)).map((r) => r.id)).not.toContain(own.id)
    expect((await server.storage.privacy.tablesMentioning([me.email])).map((f) => f.table)).not.toContain('reviews')
  })
})

describe('review limits', () => {
  it('a guest’s reviews are limited per e-mail address (each mails it): the sixth within the hour is a 429, stored nowhere, mailed nowhere', async () => {
    const email = newEmail()
    const products = [702, 703, 704, 705, 706, 100]
    const codes: number[] = []
    for (const product_id of products) codes.push((await write({ product_id, email })).statusCode)
    expect(codes).toEqual([200, 200, 200, 200, 200, 429])
    expect(reviewMailsTo(email)).toHaveLength(5)
    expect(await server.storage.reviews.findOfAuthor(100, { customerId: null, emailKey: email })).toEqual([])
    // another address is not held back
    expect((await write({ product_id: 100, email: newEmail() })).statusCode).toBe(200)
  })

  it('writing a review is an anonymous write under the per-address limit (429 past it)', async () => {
    // an outbox of its own: this server's review ids start again at 1
    const own = { ...MAIL, outboxDir: mkdtempSync(join(tmpdir(), 'polder-outbox-reviews-limit-')) }
    const limited = await startTestServer({ limits: { ...DEFAULT_LIMITS, writesPerMinute: 2 }, mail: own })
    try {
      const codes: number[] = []
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/review/create',
          payload: { review: { product_id: WAFEL, title: 'Nice', detail: 'Good', nickname: 'Bo', email: newEmail() } },
        })
        codes.push(res.statusCode)
      }
      expect(codes).toEqual([200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})
