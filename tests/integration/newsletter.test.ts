/**
 * The newsletter extension on the real server (spec §4 and §7 "Newsletter"): double
 * opt-in (pending, a mail in the store view's language through the outbox, the link's page posts
 * the token once), unsubscribe only with the mail's link or as the address's signed-in owner (anyone
 * else gets the link mailed to the address), refused addresses, a customer's subscription of their own address tied to them (another
 * person's never), and the anonymous-write limit. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { NEWSLETTER_MESSAGES } from '../../domain/api/newsletter.schema'
import { CustomerSchema } from '../../domain/api/user.schema'
import { DEFAULT_LIMITS } from '../../server/config'
import { json, signedUpCustomer, startTestServer, useTestServer } from './helpers'
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
/** The newsletter's mails to `email` (a customer's address gets a welcome mail too). */
const newsletterMailsTo = (email: string) => mailsTo(email).filter((f) => f.mail.text.includes('/api/ext/newsletter/'))

/** The confirmation link of the one mail sent to `email`. */
function confirmLink(email: string) {
  const mails = newsletterMailsTo(email)
  expect(mails).toHaveLength(1)
  const mail = mails[0]!.mail
  const link = /https:\/\/shop\.example(\/api\/ext\/newsletter\/confirm\?storeCode=(\w+)&token=([A-Za-z0-9_-]+))/.exec(mail.text)
  expect(link, mail.text).not.toBeNull()
  return { mail, path: link![1]!, store: link![2]!, token: link![3]! }
}

/** The unsubscribe link of the mail sent to `email` (the `mails`-th: by default the only one): its path and its parts. */
function unsubscribeLink(email: string, mails = 1) {
  const sent = newsletterMailsTo(email)
  expect(sent).toHaveLength(mails)
  const text = sent[mails - 1]!.mail.text
  const link = /https:\/\/shop\.example(\/api\/ext\/newsletter\/unsubscribe\?storeCode=(\w+)&email=([^&\s]+)&token=([A-Za-z0-9_-]+))/.exec(text)
  expect(link, text).not.toBeNull()
  return { path: link![1]!, store: link![2]!, email: decodeURIComponent(link![3]!), token: link![4]! }
}

const unsubscribe = (payload: Record<string, unknown>, token?: string) =>
  server.app.inject({ method: 'DELETE', url: URL_, headers: token ? { authorization: `Bearer ${token}` } : {}, payload })

/** A customer account with its own address, logged in. */
async function customer() {
  const email = newEmail()
  return { email, ...(await signedUpCustomer(server.app, email)) }
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

  it('unsubscribes (DELETE) with the mail’s link; unsubscribing while not subscribed does nothing; a pending link stops working', async () => {
    const email = newEmail()
    await subscribe(email)
    const sent = confirmLink(email)
    const link = unsubscribeLink(email)
    expect(link.email).toBe(email)
    await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: sent.token } })
    const del = await unsubscribe({ email, token: link.token })
    expect(del.statusCode, del.body).toBe(200)
    expect(json<Envelope<string>>(del).result).toBe('unsubscribed')
    expect(await status(email)).toBe('unsubscribed')
    // the link keeps working (unsubscribing again does nothing)
    expect((await unsubscribe({ email, token: link.token })).statusCode).toBe(200)

    const other = newEmail()
    await subscribe(other)
    const pending = confirmLink(other)
    expect((await unsubscribe({ email: other, token: unsubscribeLink(other).token })).statusCode).toBe(200)
    const late = await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: pending.token } })
    expect(late.statusCode).toBe(400)
    expect(await status(other)).toBe('unsubscribed')
  })

  it('an anonymous caller who knows only the address cannot unsubscribe it: the address gets its link instead (once in a while); nor with another address’s link or a made-up one', async () => {
    const email = newEmail()
    await subscribe(email)
    await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: confirmLink(email).token } })
    expect(await status(email)).toBe('subscribed')
    const ownLink = unsubscribeLink(email)

    const anonymous = await unsubscribe({ email })
    expect(anonymous.statusCode, anonymous.body).toBe(200)
    expect(json(anonymous)).toEqual({ code: 200, result: 'unsubscribe-mail-sent' })
    expect(await status(email)).toBe('subscribed')
    const mailed = unsubscribeLink(email, 2)
    expect(newsletterMailsTo(email)[1]!.mail.subject).toBe('Unsubscribe from the Polder newsletter')
    expect(mailed).toEqual(ownLink)
    // asked again at once: the same answer, no second mail
    expect(json(await unsubscribe({ email: email.toUpperCase() }))).toEqual({ code: 200, result: 'unsubscribe-mail-sent' })
    expect(newsletterMailsTo(email)).toHaveLength(2)
    // an address that gets no newsletter: nothing to stop, no mail
    const stranger = newEmail()
    expect(json(await unsubscribe({ email: stranger }))).toEqual({ code: 200, result: 'unsubscribed' })
    expect(mailsTo(stranger)).toHaveLength(0)

    const other = newEmail()
    await subscribe(other)
    const othersLink = unsubscribeLink(other)
    for (const token of [othersLink.token, 'made-up-token', ownLink.token.slice(0, -2) + 'xx']) {
      const res = await unsubscribe({ email, token })
      expect(res.statusCode, res.body).toBe(400)
      expect(json(res)).toEqual({ code: 400, result: NEWSLETTER_MESSAGES.unsubscribeLinkInvalid })
    }
    expect(await status(email)).toBe('subscribed')
  })

  it('the signed-in owner of the address unsubscribes it without the link; another customer only has the owner mailed the link; a bad token is 401', async () => {
    const lotte = await customer()
    const bram = await customer()
    await subscribe(lotte.email, { token: lotte.token })
    await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: confirmLink(lotte.email).token } })
    expect(await status(lotte.email)).toBe('subscribed')

    const bramTries = await unsubscribe({ email: lotte.email }, bram.token)
    expect(bramTries.statusCode, bramTries.body).toBe(200)
    expect(json(bramTries)).toEqual({ code: 200, result: 'unsubscribe-mail-sent' })
    expect(unsubscribeLink(lotte.email, 2).email).toBe(lotte.email)
    expect((await unsubscribe({ email: lotte.email }, 'forged.token.value')).statusCode).toBe(401)
    expect(await status(lotte.email)).toBe('subscribed')

    const own = await unsubscribe({ email: lotte.email.toUpperCase() }, lotte.token)
    expect(own.statusCode, own.body).toBe(200)
    expect(await status(lotte.email)).toBe('unsubscribed')
  })

  it('the mail’s unsubscribe link opens a page whose button unsubscribes (in the store view’s language); a bad link gets a page saying so', async () => {
    const email = newEmail()
    await subscribe(email, { store: 'fr' })
    await server.app.inject({ method: 'POST', url: '/api/ext/newsletter/confirm', payload: { token: confirmLink(email).token } })
    const link = unsubscribeLink(email)
    expect(link.store).toBe('fr')
    expect(mailsTo(email)[0]!.mail.text).toContain(link.path)

    // opening it changes nothing (a mail scanner unsubscribes nobody)
    const page = await server.app.inject({ method: 'GET', url: link.path })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('<html lang="fr')
    expect(page.body).toContain('Se désinscrire')
    expect(page.body).toContain(`value="${link.token}"`)
    expect(await status(email)).toBe('subscribed')

    const form = (token: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/ext/newsletter/unsubscribe?storeCode=fr',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`,
      })
    const bad = await form('made-up-token')
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('<html lang="fr')
    expect(await status(email)).toBe('subscribed')
    const badPage = await server.app.inject({
      method: 'GET',
      url: `/api/ext/newsletter/unsubscribe?storeCode=fr&email=${encodeURIComponent(email)}&token=nope`,
    })
    expect(badPage.statusCode).toBe(400)

    const done = await form(link.token)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.body).toContain('Vous êtes désinscrit')
    expect(await status(email)).toBe('unsubscribed')
  })

  it('refuses a bad e-mail address with 400 naming the field, for GET, POST and DELETE; sends no mail', async () => {
    for (const res of [
      await server.app.inject({ method: 'GET', url: `${URL_}?email=not-an-address` }),
      await server.app.inject({ method: 'GET', url: URL_ }),
      await subscribe('not-an-address'),
      await server.app.inject({ method: 'POST', url: URL_, payload: {} }),
      await unsubscribe({ email: 'a@', token: 'some-token' }),
    ]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(json<Envelope<string>>(res).result).toMatch(/^email: /)
    }
    expect(mailsTo('not-an-address')).toHaveLength(0)
  })

  it('ties a logged-in customer’s subscription of their own address to them: GET me says is_subscribed once confirmed; a bad token is 401', async () => {
    const { id, email, token } = await customer()
    expect((await subscribe(email, { token: 'forged.token.value' })).statusCode).toBe(401)
    const res = await subscribe(email, { token, store: 'nl' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await server.storage.newsletter.findByEmailKey(email)).toMatchObject({ customer_id: id, source: 'account' })

    const me = async () =>
      CustomerSchema.parse(
        json<Envelope<unknown>>(await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })).result,
      )
    expect((await me()).extension_attributes?.is_subscribed).toBe(false)
    const sent = confirmLink(email)
    await confirmByForm(sent.path, sent.token)
    expect((await me()).extension_attributes?.is_subscribed).toBe(true)
  })

  it('another person’s address subscribed by a signed-in customer is never tied to that customer: not new, not pending, not subscribed', async () => {
    const lotte = await customer()
    const me = async () =>
      CustomerSchema.parse(
        json<Envelope<unknown>>(await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${lotte.token}` } })).result,
      )
    const fresh = newEmail()
    expect((await subscribe(fresh, { token: lotte.token })).statusCode).toBe(200)
    expect(await server.storage.newsletter.findByEmailKey(fresh)).toMatchObject({ customer_id: null, source: 'shop' })
    // asked again while pending, and again once its owner confirmed it: still nobody's account
    expect((await subscribe(fresh, { token: lotte.token })).statusCode).toBe(200)
    expect((await server.storage.newsletter.findByEmailKey(fresh))?.customer_id).toBeNull()
    const sent = confirmLink(fresh)
    await confirmByForm(sent.path, sent.token)
    expect(json<Envelope<string>>(await subscribe(fresh, { token: lotte.token })).result).toBe('subscribed')
    expect((await server.storage.newsletter.findByEmailKey(fresh))?.customer_id).toBeNull()
    // so it is neither her subscription nor in her data
    expect((await me()).extension_attributes?.is_subscribed).toBe(false)
    expect(await server.storage.newsletter.findForCustomer(lotte.id, lotte.email)).toBeNull()
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
      // counted before anything else: answered (nothing to unsubscribe), then refused as too many
      const deletes: number[] = []
      for (let i = 0; i < 3; i++) deletes.push((await limited.app.inject({ method: 'DELETE', url: URL_, payload: { email: newEmail() } })).statusCode)
      expect(deletes).toEqual([200, 200, 429])
      const forms: number[] = []
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/ext/newsletter/unsubscribe', payload: { email: newEmail(), token: 'made-up' } })
        forms.push(res.statusCode)
      }
      expect(forms).toEqual([400, 400, 429])
      expect((await limited.app.inject({ method: 'GET', url: `${URL_}?email=${newEmail()}` })).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
