/**
 * Password reset on the real server: POST /api/user/reset-password mails a link to the
 * spec's create-password route in the store view's language through the outbox; the token is stored
 * hashed, works once and expires; at most 5 reset mails per address an hour, the answer the same
 * past that; POST /api/user/create-password sets the password and ends every login. PGlite by
 * default, PostgreSQL with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { LoginEnvelopeSchema, USER_MESSAGES } from '../../domain/api/user.schema'
import { hashToken } from '../../server/services/auth-tokens'
import { json, useTestServer } from './helpers'
import { outboxFiles } from './payment-fixtures'

const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-user-'))
const server = useTestServer({
  seed: false,
  publicUrl: 'https://shop.example',
  mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox },
})

const PASSWORD = 'correct horse 1'
let counter = 0
const newEmail = () => `reset${++counter}-${Date.now()}@example.com`

function post(url: string, payload: Record<string, unknown>, token?: string) {
  return server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  })
}

async function register(storeCode: string) {
  const email = newEmail()
  const res = await post(`/api/user/create?storeCode=${storeCode}`, { customer: { email, firstname: 'Jan', lastname: 'Peeters' }, password: PASSWORD })
  expect(res.statusCode, res.body).toBe(200)
  return { email, id: json<Envelope<{ id: number }>>(res).result.id }
}

const mailsTo = (email: string) => outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email))

/** The token of the one reset mail sent to `email`, and the mail. */
function resetMail(email: string) {
  const mails = mailsTo(email).filter((f) => f.mail.text.includes('/create-password/'))
  expect(mails).toHaveLength(1)
  const mail = mails[0]!.mail
  const link = /https:\/\/shop\.example\/(\w+)\/create-password\/token\/([A-Za-z0-9_-]+)\/email\/(\S+)/.exec(mail.text)
  expect(link, mail.text).not.toBeNull()
  return { mail, store: link![1], token: link![2]!, email: decodeURIComponent(link![3]!) }
}

describe('the welcome mail', () => {
  it('goes out once an account is made, in the store view’s language, with a link to the account', async () => {
    const { email } = await register('fr')
    const mails = mailsTo(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.mail.subject).toBe('Bienvenue chez Polder')
    expect(mails[0]!.mail.text).toContain('https://shop.example/fr/my-account')
    expect(mails[0]!.mail.text).toContain(email)
  })
})

describe('POST /api/user/reset-password', () => {
  it('mails a link to the create-password page in the store view asked for; the token is stored hashed', async () => {
    const { email } = await register('nl')
    const res = await post('/api/user/reset-password?storeCode=fr', { email: email.toUpperCase() })
    expect(res.statusCode, res.body).toBe(200)
    expect(json(res)).toEqual({ code: 200, result: true })
    const sent = resetMail(email)
    expect(sent.store).toBe('fr')
    expect(sent.email).toBe(email)
    expect(sent.mail.subject).toBe('Un nouveau mot de passe pour votre compte Polder')
    expect(sent.mail.text).toContain('Bonjour Jan Peeters,')
    expect(sent.mail.html).toContain(`href="https://shop.example/fr/create-password/token/${sent.token}/email/${encodeURIComponent(email)}"`)
    expect(await server.storage.customers.lockPasswordReset(sent.token)).toBeNull()
    expect(await server.storage.customers.lockPasswordReset(hashToken(sent.token))).not.toBeNull()
  })

  it('without a store view, writes in the language of the store view the account was made in', async () => {
    const { email } = await register('nl')
    expect((await post('/api/user/reset-password', { email })).statusCode).toBe(200)
    const sent = resetMail(email)
    expect(sent.store).toBe('nl')
    expect(sent.mail.subject).toBe('Een nieuw wachtwoord voor je Polder-account')
  })

  it('answers an unknown address the same, and sends nothing', async () => {
    const email = newEmail()
    const res = await post('/api/user/reset-password', { email })
    expect(json(res)).toEqual({ code: 200, result: true })
    expect(mailsTo(email)).toHaveLength(0)
  })

  it('answers 400 naming the field', async () => {
    expect(json(await post('/api/user/reset-password', {}))).toEqual({ code: 400, result: 'email: is required' })
    expect(json(await post('/api/user/reset-password', { email: 'nope' }))).toEqual({ code: 400, result: 'email: Please provide a valid e-mail address' })
  })
})

describe('the reset mail limit per e-mail address', () => {
  it('mails an address at most 5 times an hour; past that the answer stays `true`, for an address with an account or without', async () => {
    const { email } = await register('nl')
    const unknown = newEmail()
    const answers: unknown[] = []
    // the address's case does not make another one
    for (const asked of [email, email.toUpperCase(), email, email, email, email, email.toUpperCase()]) {
      answers.push(json(await post('/api/user/reset-password', { email: asked })))
    }
    for (let i = 0; i < 7; i++) answers.push(json(await post('/api/user/reset-password', { email: unknown })))
    for (const answer of answers) expect(answer).toEqual({ code: 200, result: true })
    expect(mailsTo(email).filter((f) => f.mail.text.includes('/create-password/'))).toHaveLength(5)
    expect(mailsTo(unknown)).toHaveLength(0)

    // another address is not held back by this one's count
    const other = await register('nl')
    expect((await post('/api/user/reset-password', { email: other.email })).statusCode).toBe(200)
    resetMail(other.email)
  })
})

describe('POST /api/user/create-password', () => {
  it('sets the password once with the mailed token and ends every login; the token cannot be used again', async () => {
    const { email } = await register('en')
    const sessionRes = await post('/api/user/login', { username: email, password: PASSWORD })
    const session = LoginEnvelopeSchema.parse(json(sessionRes))
    await post('/api/user/reset-password', { email })
    const { token } = resetMail(email)

    const wrongAddress = await post('/api/user/create-password', { email: newEmail(), resetToken: token, newPassword: 'a brand new one' })
    expect(wrongAddress.statusCode).toBe(400)
    expect(json(wrongAddress)).toEqual({ code: 400, result: { errorMessage: USER_MESSAGES.resetTokenMismatch } })

    const res = await post('/api/user/create-password', { email, resetToken: token, newPassword: 'a brand new one' })
    expect(res.statusCode, res.body).toBe(200)
    expect(json(res)).toEqual({ code: 200, result: true })
    expect((await post('/api/user/login', { username: email, password: PASSWORD })).statusCode).toBe(401)
    expect((await post('/api/user/login', { username: email, password: 'a brand new one' })).statusCode).toBe(200)
    expect((await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${session.result}` } })).statusCode).toBe(401)
    expect((await post('/api/user/refresh', { refreshToken: session.meta.refreshToken })).statusCode).toBe(401)

    const again = await post('/api/user/create-password', { email, resetToken: token, newPassword: 'yet another one' })
    expect(json(again)).toEqual({ code: 400, result: { errorMessage: USER_MESSAGES.resetTokenMismatch } })
    expect((await post('/api/user/login', { username: email, password: 'a brand new one' })).statusCode).toBe(200)
  })

  it('refuses an expired token', async () => {
    const { email, id } = await register('en')
    const token = 'an-expired-reset-token-for-the-test-0123456789'
    const past = new Date(Date.now() - 60_000).toISOString()
    await server.storage.customers.addPasswordReset(hashToken(token), id, new Date(Date.now() - 3 * 3600_000).toISOString(), past)
    const res = await post('/api/user/create-password', { email, resetToken: token, newPassword: 'a brand new one' })
    expect(res.statusCode).toBe(400)
    expect(json(res)).toEqual({ code: 400, result: { errorMessage: USER_MESSAGES.resetTokenExpired } })
    expect((await post('/api/user/login', { username: email, password: PASSWORD })).statusCode).toBe(200)
  })

  it('answers bad input as {errorMessage} naming the field', async () => {
    const { email } = await register('en')
    expect(json(await post('/api/user/create-password', { email, newPassword: 'a brand new one' }))).toEqual({
      code: 400,
      result: { errorMessage: 'resetToken: is required' },
    })
    expect(json(await post('/api/user/create-password', { email, resetToken: 'x', newPassword: 'short' }))).toEqual({
      code: 400,
      result: { errorMessage: 'newPassword: Password must have at least 8 letters' },
    })
  })
})
