/**
 * The newsletter extension on the real server (issue 11; spec §4 and §7 "Newsletter"): double
 * opt-in (pending, a mail in the store view's language through the outbox, the link's page posts
 * the token once), unsubscribe, refused addresses, a customer's subscription tied to them, and the
 * anonymous-write limit. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { CustomerSchema, LoginEnvelopeSchema } from '../../domain/api/user.schema'
import { DEFAULT_LIMITS } from '../../server/config'
import { json, startTestServer, useTestServer } from './helpers'
import { outboxFiles } from './payment-fixtures'

const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-newsletter-'))
const server = useTestServer({
  seed: false,
  publicUrl: 'https://shop.example',
  mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox },
})

let counter = 0
const newEmail = () => `letter${++counter}-${Date.now()}@example.com`
const URL_ = '/api/ext/newsletter/subscribe'

const status = async (email: string) => {
  const res = await server.app.inject({ method: 'GET', url: `${URL_}?email=${encodeURIComponent(email)}` })
  expect(res.statusCode, res.body).toBe(200)
  return json<Envelope<string>>(res).result
}
const subscribe = (email: string, opts: { store?: string; token?: string } = {}) =>
  server.app.inject({
    method: 'POST',
    url: `${URL_}${opts.store ? `?storeCode=${opts.store}` : ''}`,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    payload: { email },
  })
const mailsTo = (email: string) => outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email))

/** The confirmation link of the one mail sent to `email`. */
function confirmLink(email: string) {
  const mails = mailsTo(email)
  expect(mails).toHaveLength(1)
  const mail = mails[0]!.mail
  const link = /https:\/\/shop\.example(\/api\/ext\/newsletter\/confirm\?storeCode=(\w+)&token=([A-Za-z0-9_-]+))/.exec(mail.text)
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

describe('newsletter double opt-in', () => {
  it('subscribe → pending and a Dutch mail with a single-use link → its page → confirmed: subscribed', async () => {
    const email = newEmail()
    expect(await status(email)).toBe('unsubscribed')
    const res = await subscribe(email, { store: 'nl' })
    expect(res.statusCode, res.body).toBe(200)
    expect(json<Envelope<string>>(res).result).toBe('pending')
    expect(await status(email)).toBe('pending')

    const sent = confirmLink(email)
    expect(sent.store).toBe('nl')
    expect(sent.mail.subject).toBe('Bevestig je inschrijving op de nieuwsbrief van Polder')
    expect(sent.mail.text).toContain(email)
    // the token is stored hashed only
    const rows = await server.storage.newsletter.findByEmailKey(email)
    expect(rows?.token_hash).toBeTruthy()
    expect(rows?.token_hash).not.toBe(sent.token)

    // opening the link shows a button and changes nothing (a mail scanner subscribes nobody)
    const page = await server.app.inject({ method: 'GET', url: sent.path })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('Inschrijving bevestigen')
    expect(page.body).toContain('<html lang="nl')
    expect(await status(email)).toBe('pending')

    const confirmed = await confirmByForm(sent.path, sent.token)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.body).toContain('Je bent ingeschreven')
    expect(await status(email)).toBe('subscribed')

    // once only
    const again = await confirmByForm(sent.path, sent.token)
    expect(again.statusCode).toBe(400)
    expect(again.body).toContain('Deze link werkt niet meer')
    const json400 = await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: sent.token } })
    expect(json400.statusCode).toBe(400)

    // subscribing while subscribed does nothing: no second mail
    const twice = await subscribe(email, { store: 'nl' })
    expect(json<Envelope<string>>(twice).result).toBe('subscribed')
    expect(mailsTo(email)).toHaveLength(1)
  })

  it('mails in French for /fr and confirms through JSON too; an unknown token is refused', async () => {
    const email = newEmail()
    await subscribe(email, { store: 'fr' })
    const sent = confirmLink(email)
    expect(sent.mail.subject).toBe('Confirmez votre inscription à la newsletter de Polder')
    const bad = await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: 'not-a-token' } })
    expect(bad.statusCode).toBe(400)
    expect(await status(email)).toBe('pending')
    const ok = await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: sent.token } })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(json<Envelope<string>>(ok).result).toBe('subscribed')
    expect(await status(email.toUpperCase())).toBe('subscribed')
  })

  it('unsubscribes (DELETE); unsubscribing while not subscribed does nothing; a pending link stops working', async () => {
    const email = newEmail()
    await subscribe(email)
    const sent = confirmLink(email)
    await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: sent.token } })
    const del = await server.app.inject({ method: 'DELETE', url: URL_, payload: { email } })
    expect(del.statusCode, del.body).toBe(200)
    expect(json<Envelope<string>>(del).result).toBe('unsubscribed')
    expect(await status(email)).toBe('unsubscribed')
    const none = await server.app.inject({ method: 'DELETE', url: URL_, payload: { email: newEmail() } })
    expect(none.statusCode).toBe(200)

    const other = newEmail()
    await subscribe(other)
    const pending = confirmLink(other)
    await server.app.inject({ method: 'DELETE', url: URL_, payload: { email: other } })
    const late = await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: pending.token } })
    expect(late.statusCode).toBe(400)
    expect(await status(other)).toBe('unsubscribed')
  })

  it('refuses a bad e-mail address with 400 naming the field, for GET, POST and DELETE; sends no mail', async () => {
    for (const res of [
      await server.app.inject({ method: 'GET', url: `${URL_}?email=not-an-address` }),
      await server.app.inject({ method: 'GET', url: URL_ }),
      await subscribe('not-an-address'),
      await server.app.inject({ method: 'POST', url: URL_, payload: {} }),
      await server.app.inject({ method: 'DELETE', url: URL_, payload: { email: 'a@' } }),
    ]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(json<Envelope<string>>(res).result).toMatch(/^email: /)
    }
    expect(mailsTo('not-an-address')).toHaveLength(0)
  })

  it('ties a logged-in customer’s subscription to them: GET me says is_subscribed once confirmed; a bad token is 401', async () => {
    const email = newEmail()
    const password = 'correct horse 1'
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/user/create',
      payload: { customer: { email, firstname: 'Lotte', lastname: 'Jansen' }, password },
    })
    expect(created.statusCode).toBe(200)
    const customerId = json<Envelope<{ id: number }>>(created).result.id
    const login = await server.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password } })
    const token = LoginEnvelopeSchema.parse(json(login)).result

    expect((await subscribe(email, { token: 'forged.token.value' })).statusCode).toBe(401)
    // the customer subscribes a second mailbox of theirs: tied by account, not by address
    const second = newEmail()
    const res = await subscribe(second, { token, store: 'nl' })
    expect(res.statusCode, res.body).toBe(200)
    expect((await server.storage.newsletter.findByEmailKey(second))?.customer_id).toBe(customerId)

    const me = async () =>
      CustomerSchema.parse(
        json<Envelope<unknown>>(await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })).result,
      )
    expect((await me()).extension_attributes?.is_subscribed).toBe(false)
    const sent = confirmLink(second)
    await confirmByForm(sent.path, sent.token)
    expect((await me()).extension_attributes?.is_subscribed).toBe(true)
  })
})

describe('newsletter limits', () => {
  it('subscribe and unsubscribe are anonymous writes under the per-address limit (429 past it); GET is not', async () => {
    const limited = await startTestServer({
      seed: false,
      limits: { ...DEFAULT_LIMITS, writesPerMinute: 2 },
      mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox },
    })
    try {
      const codes: number[] = []
      for (let i = 0; i < 3; i++) codes.push((await limited.app.inject({ method: 'POST', url: URL_, payload: { email: newEmail() } })).statusCode)
      expect(codes).toEqual([200, 200, 429])
      const deletes: number[] = []
      for (let i = 0; i < 3; i++) deletes.push((await limited.app.inject({ method: 'DELETE', url: URL_, payload: { email: newEmail() } })).statusCode)
      expect(deletes).toEqual([200, 200, 429])
      expect((await limited.app.inject({ method: 'GET', url: `${URL_}?email=${newEmail()}` })).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
