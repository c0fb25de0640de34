/**
 * The newsletter at VSF1 1.12's address, /api/ext/mailchimp-subscribe/subscribe, as its
 * NewsletterService sends the calls through the TaskQueue (JSON, `storeCode=` appended in a
 * multistore setup, the customer's token as `?token=` or a Bearer header, empty for a guest) and
 * reads the answers (GET: subscribed iff `result === 'subscribed'`; POST and DELETE: success iff
 * `code === 200`), on the same double opt-in as Polder's own address. And the unsubscribe link mail
 * that answers a DELETE without proof: its language, its one-per-window limit across processes'
 * clocks, and a failed send that does not use up the window. PGlite by default, PostgreSQL with
 * DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { LoginEnvelopeSchema } from '../../domain/api/user.schema'
import type { Mailer, OutgoingMail } from '../../server/mail/mailer'
import { createNewsletterService, RESEND_MINUTES } from '../../server/services/newsletter-service'
import { AccountMailError } from '../../server/services/user-service'
import { json, useTestServer } from './helpers'
import { outboxFiles } from './payment-fixtures'

const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-vsf1-newsletter-'))
const server = useTestServer({
  seed: false,
  publicUrl: 'https://shop.example',
  mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox },
})

const VSF1 = '/api/ext/mailchimp-subscribe/subscribe'
let counter = 0
const newEmail = () => `vsf1-letter${++counter}-${Date.now()}@example.com`

/** A TaskQueue call: JSON, `storeCode` appended as adjustMultistoreApiUrl does, and the token where the client puts it. */
function vsf1(method: 'GET' | 'POST' | 'DELETE', email: string, opts: { store?: string; token?: string; tokenInHeader?: boolean } = {}) {
  const query = new URLSearchParams()
  if (method === 'GET') query.set('email', email)
  if (opts.token !== undefined && !opts.tokenInHeader) query.set('token', opts.token)
  if (opts.store) query.set('storeCode', opts.store)
  const qs = query.toString()
  return server.app.inject({
    method,
    url: `${VSF1}${qs ? `?${qs}` : ''}`,
    headers: { 'content-type': 'application/json', ...(opts.tokenInHeader ? { authorization: `Bearer ${opts.token ?? ''}` } : {}) },
    ...(method === 'GET' ? {} : { payload: JSON.stringify({ email }) }),
  })
}

/** What VSF1's NewsletterService makes of each answer. */
const isSubscribed = async (email: string, store?: string) => json<Envelope<unknown>>(await vsf1('GET', email, { store })).result === 'subscribed'
const succeeded = (res: { body: string }) => json<Envelope<unknown>>(res).code === 200

const mailsTo = (email: string) => outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email))

/** The token of the confirmation link mailed to `email` (a customer's address got a welcome mail too). */
function confirmToken(email: string): string {
  const texts = mailsTo(email).map((m) => m.mail.text)
  const token = texts.map((text) => /\/api\/ext\/newsletter\/confirm\?storeCode=\w+&token=([A-Za-z0-9_-]+)/.exec(text)?.[1]).find(Boolean)
  expect(token, texts.join('\n---\n')).toBeDefined()
  return token!
}

async function subscribedAddress(store?: string): Promise<string> {
  const email = newEmail()
  expect(succeeded(await vsf1('POST', email, { store }))).toBe(true)
  const confirmed = await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: confirmToken(email) } })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  return email
}

async function customer(store: string) {
  const email = newEmail()
  const password = 'correct horse 1'
  const created = await server.app.inject({
    method: 'POST',
    url: `/api/user/create?storeCode=${store}`,
    payload: { customer: { email, firstname: 'Lotte', lastname: 'Jansen' }, password },
  })
  expect(created.statusCode, created.body).toBe(200)
  const login = await server.app.inject({ method: 'POST', url: `/api/user/login?storeCode=${store}`, payload: { username: email, password } })
  return { email, token: LoginEnvelopeSchema.parse(json(login)).result }
}

describe('VSF1 newsletter calls at /api/ext/mailchimp-subscribe/subscribe', () => {
  it('subscribe: code 200 and a confirmation mail in the store view’s language; subscribed only once the link is confirmed', async () => {
    const email = newEmail()
    expect(await isSubscribed(email, 'nl')).toBe(false)
    const res = await vsf1('POST', email, { store: 'nl' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    expect(json(res)).toEqual({ code: 200, result: 'pending' })
    expect(mailsTo(email).map((m) => m.mail.subject)).toEqual(['Bevestig je inschrijving op de nieuwsbrief van Polder'])
    expect(await isSubscribed(email, 'nl')).toBe(false)

    const confirmed = await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: confirmToken(email) } })
    expect(confirmed.statusCode).toBe(200)
    expect(await isSubscribed(email, 'nl')).toBe(true)
    // one subscription store: Polder's own address says the same
    const polder = await server.app.inject({ method: 'GET', url: `/api/ext/newsletter/subscribe?email=${encodeURIComponent(email)}` })
    expect(json(polder)).toEqual({ code: 200, result: 'subscribed' })
    // subscribing again is a success that sends nothing
    expect(json(await vsf1('POST', email, { store: 'nl' }))).toEqual({ code: 200, result: 'subscribed' })
    expect(mailsTo(email)).toHaveLength(1)
  })

  it('takes the store view from the x-vs-store-code header, and ignores a store code that is not the shop’s', async () => {
    const fr = newEmail()
    const byHeader = await server.app.inject({ method: 'POST', url: VSF1, headers: { 'x-vs-store-code': 'fr' }, payload: { email: fr } })
    expect(byHeader.statusCode, byHeader.body).toBe(200)
    expect(mailsTo(fr)[0]!.mail.subject).toBe('Confirmez votre inscription à la newsletter de Polder')
    const unknown = newEmail()
    expect(succeeded(await vsf1('POST', unknown, { store: 'xx' }))).toBe(true)
    expect(mailsTo(unknown)[0]!.mail.subject).toBe('Confirm your subscription to the Polder newsletter')
  })

  it('unsubscribe without proof: code 200, the address is mailed its unsubscribe link in the store view’s language, and stays subscribed until it is used', async () => {
    const email = await subscribedAddress('nl')
    for (const guest of [{ store: 'fr' }, { store: 'fr', token: '' }, { store: 'fr', token: '', tokenInHeader: true }]) {
      const res = await vsf1('DELETE', email, guest)
      expect(res.statusCode, res.body).toBe(200)
      expect(json(res)).toEqual({ code: 200, result: 'unsubscribe-mail-sent' })
    }
    expect(await isSubscribed(email)).toBe(true)
    // one mail for the three asks
    const mails = mailsTo(email)
    expect(mails.map((m) => m.mail.subject)).toEqual(['Bevestig je inschrijving op de nieuwsbrief van Polder', 'Désinscription de la newsletter de Polder'])
    const link = /https:\/\/shop\.example\/api\/ext\/newsletter\/unsubscribe\?storeCode=fr&email=([^&\s]+)&token=([A-Za-z0-9_-]+)/.exec(mails[1]!.mail.text)
    expect(link, mails[1]!.mail.text).not.toBeNull()
    const used = await server.app.inject({
      method: 'POST',
      url: '/api/ext/newsletter/unsubscribe',
      payload: { email: decodeURIComponent(link![1]!), token: link![2]! },
    })
    expect(json(used)).toEqual({ code: 200, result: 'unsubscribed' })
    expect(await isSubscribed(email)).toBe(false)
  })

  it('unsubscribe by the address’s signed-in owner (token in the query or the header) is done at once; a token that is not valid is 401', async () => {
    for (const tokenInHeader of [false, true]) {
      const lotte = await customer('nl')
      expect(succeeded(await vsf1('POST', lotte.email, { store: 'nl', token: lotte.token, tokenInHeader }))).toBe(true)
      const confirmed = await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: confirmToken(lotte.email) } })
      expect(confirmed.statusCode).toBe(200)
      expect(await isSubscribed(lotte.email)).toBe(true)

      const expired = await vsf1('DELETE', lotte.email, { store: 'nl', token: 'forged.token.value', tokenInHeader })
      expect(expired.statusCode, expired.body).toBe(401)
      expect(await isSubscribed(lotte.email)).toBe(true)
      const res = await vsf1('DELETE', lotte.email, { store: 'nl', token: lotte.token, tokenInHeader })
      expect(json(res)).toEqual({ code: 200, result: 'unsubscribed' })
      expect(await isSubscribed(lotte.email)).toBe(false)
    }
  })

  it('a missing or invalid e-mail is 400 naming the field (never a 200 VSF1 would take for success); no mail', async () => {
    const answers = [
      await server.app.inject({ method: 'GET', url: VSF1 }),
      await vsf1('GET', 'not-an-address'),
      await server.app.inject({ method: 'POST', url: VSF1, payload: {} }),
      await vsf1('POST', 'not-an-address', { store: 'nl' }),
      await server.app.inject({ method: 'DELETE', url: VSF1, payload: {} }),
      await vsf1('DELETE', 'a@'),
    ]
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400)
      expect(json<Envelope<string>>(res).result).toMatch(/^email: /)
    }
    expect(mailsTo('not-an-address')).toHaveLength(0)
  })
})

describe('the unsubscribe link mail (the service on the real storage, its clock and mailer ours)', () => {
  const log = { error: () => undefined }
  const origin = 'https://shop.example'

  function mailerThat(fail: () => boolean) {
    const sent: OutgoingMail[] = []
    const mailer: Mailer = {
      kind: 'outbox',
      async send(mail) {
        if (fail()) throw new Error('the mail server is down')
        sent.push(mail)
        return { messageId: String(sent.length) }
      },
      close: () => undefined,
    }
    return { mailer, sent }
  }

  it('goes at most once per mailbox within RESEND_MINUTES; a send that failed leaves the turn to the next ask', async () => {
    let now = Date.parse('2026-06-15T12:00:00Z')
    let down = false
    const { mailer, sent } = mailerThat(() => down)
    const service = createNewsletterService(server.storage, { mailer, log }, () => new Date(now))
    const email = newEmail()
    await service.subscribe(email, { store: 'be', origin, customerId: null })
    const token = /token=([A-Za-z0-9_-]+)/.exec(sent[0]!.text)![1]!
    await service.confirm(token)
    const ask = () => service.unsubscribe(email, { customerId: null, store: undefined, origin })

    down = true
    await expect(ask()).rejects.toBeInstanceOf(AccountMailError)
    down = false
    expect(await ask()).toBe('unsubscribe-mail-sent')
    expect(sent).toHaveLength(2)
    // no store view named: the subscription's language
    expect(sent[1]!.subject).toBe('Uitschrijven voor de nieuwsbrief van Polder')

    now += RESEND_MINUTES * 60_000 - 1_000
    expect(await ask()).toBe('unsubscribe-mail-sent')
    expect(sent).toHaveLength(2)
    now += 2_000
    expect(await ask()).toBe('unsubscribe-mail-sent')
    expect(sent).toHaveLength(3)
    expect(await service.status(email)).toBe('subscribed')
  })
})
