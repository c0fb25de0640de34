/**
 * Customer accounts on the real server: create, login, refresh with rotation and reuse
 * detection, logout, the profile (a new e-mail address only with the password, the old address
 * told), change-password; the token by bearer header or `?token=`; forged,
 * revoked and expired tokens refused; tokens kept out of the log. PGlite by default, PostgreSQL
 * with DATABASE_URL.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { CustomerSchema, LoginEnvelopeSchema, USER_MESSAGES } from '../../domain/api/user.schema'
import { json, useTestServer, type TestServer } from './helpers'
import { outboxFiles } from './payment-fixtures'

const outbox = mkdtempSync(join(tmpdir(), 'polder-outbox-accounts-'))
const server = useTestServer({ seed: false, mail: { from: 'Polder <shop@polder.example>', smtpUrl: undefined, outboxDir: outbox } })
const mailsTo = (email: string) => outboxFiles(outbox).filter((f) => JSON.stringify(f.mail.to).includes(email))

function call(s: TestServer, method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) {
  return s.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : { body: '' }),
  })
}

let counter = 0
const newEmail = () => `shopper${++counter}-${Date.now()}@example.com`
const PASSWORD = 'correct horse 1'

async function register(s: TestServer, email = newEmail(), password = PASSWORD) {
  const res = await call(s, 'POST', '/api/user/create?storeCode=nl', { customer: { email, firstname: 'Anna', lastname: 'de Vries' }, password })
  expect(res.statusCode, res.body).toBe(200)
  return { email, password, customer: CustomerSchema.parse(json<Envelope<unknown>>(res).result) }
}

async function login(s: TestServer, username: string, password = PASSWORD) {
  const res = await call(s, 'POST', '/api/user/login', { username, password })
  expect(res.statusCode, res.body).toBe(200)
  const body = LoginEnvelopeSchema.parse(json(res))
  return { accessToken: body.result, refreshToken: body.meta.refreshToken }
}

const me = (s: TestServer, token?: string) => call(s, 'GET', '/api/user/me', undefined, token)
const refresh = (s: TestServer, refreshToken: unknown) => call(s, 'POST', '/api/user/refresh', { refreshToken })

describe('POST /api/user/create', () => {
  it('creates an account and answers the customer (never the password), in the store view it was made in', async () => {
    const email = newEmail()
    const res = await call(server, 'POST', '/api/user/create?storeCode=nl', {
      customer: { email: ` ${email} `, firstname: ' Anna ', lastname: 'de Vries' },
      password: PASSWORD,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache, no-store')
    const customer = CustomerSchema.parse(json<Envelope<unknown>>(res).result)
    expect(customer).toMatchObject({ email, firstname: 'Anna', lastname: 'de Vries', store_id: 2, created_in: 'Nederlands', addresses: [] })
    expect(res.body).not.toContain(PASSWORD)
    expect(res.body).not.toContain('scrypt')
  })

  it.each([
    [
      { customer: { email: 'not-an-address', firstname: 'Anna', lastname: 'Smit' }, password: PASSWORD },
      'customer.email: Please provide a valid e-mail address',
    ],
    [{ customer: { email: 'a@example.com', firstname: 'Anna', lastname: 'Smit' }, password: 'short' }, 'password: Password must have at least 8 letters'],
    [{ customer: { email: 'a@example.com', firstname: 'A', lastname: 'Smit' }, password: PASSWORD }, 'customer.firstname: Name must have at least 2 letters'],
    [
      { customer: { email: 'a<x@evil.example>', firstname: 'Anna', lastname: 'Smit' }, password: PASSWORD },
      'customer.email: Please provide a valid e-mail address',
    ],
    [
      { customer: { email: 'a@example.com', firstname: 'Anna', lastname: 'Smit\r\nBcc: x' }, password: PASSWORD },
      'customer.lastname: A name cannot hold control characters',
    ],
    [{ customer: { email: 'a@example.com', firstname: 'Anna' }, password: PASSWORD }, 'customer.lastname: is required'],
    [{ customer: { email: 'a@example.com', firstname: 'Anna', lastname: 'Smit' } }, 'password: is required'],
    [{ password: PASSWORD }, 'customer: is required'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await call(server, 'POST', '/api/user/create', body)
    expect(res.statusCode, res.body).toBe(400)
    expect(json(res)).toEqual({ code: 400, result: message })
  })

  it('refuses a second account for the same address, whatever its case', async () => {
    const { email } = await register(server)
    const res = await call(server, 'POST', '/api/user/create', {
      customer: { email: email.toUpperCase(), firstname: 'Other', lastname: 'One' },
      password: PASSWORD,
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(json(res)).toEqual({ code: 400, result: USER_MESSAGES.emailTaken })
  })
})

describe('POST /api/user/login and the token', () => {
  it('answers an access token and meta.refreshToken; the token reads the profile by bearer header or ?token=', async () => {
    const { email, customer } = await register(server)
    const { accessToken, refreshToken } = await login(server, email.toUpperCase())
    expect(accessToken).not.toBe(refreshToken)
    const byHeader = await me(server, accessToken)
    expect(byHeader.statusCode, byHeader.body).toBe(200)
    expect(CustomerSchema.parse(json<Envelope<unknown>>(byHeader).result)).toEqual(customer)
    const byQuery = await call(server, 'GET', `/api/user/me?token=${encodeURIComponent(accessToken)}`)
    expect(byQuery.statusCode, byQuery.body).toBe(200)
    expect(json<Envelope<{ id: number }>>(byQuery).result.id).toBe(customer.id)
  })

  it('refuses a wrong password and an unknown address with one 401 message', async () => {
    const { email } = await register(server)
    for (const body of [
      { username: email, password: 'wrong password' },
      { username: newEmail(), password: PASSWORD },
    ]) {
      const res = await call(server, 'POST', '/api/user/login', body)
      expect(res.statusCode, res.body).toBe(401)
      expect(json(res)).toEqual({ code: 401, result: USER_MESSAGES.signInIncorrect })
    }
  })

  it('answers 400 naming a missing field', async () => {
    const res = await call(server, 'POST', '/api/user/login', { password: PASSWORD })
    expect(res.statusCode).toBe(400)
    expect(json(res)).toEqual({ code: 400, result: 'username: is required' })
    const noPassword = await call(server, 'POST', '/api/user/login', { username: 'a@example.com' })
    expect(json(noPassword)).toEqual({ code: 400, result: 'password: is required' })
  })

  it('refuses no token, a forged token, a tampered token and an unsigned token with 401', async () => {
    const { email, customer } = await register(server)
    const { accessToken } = await login(server, email)
    const [header, payload, signature] = accessToken.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: String(customer.id + 1) })).toString('base64url'), signature].join('.')
    const unsigned = [Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'), payload, ''].join('.')
    const otherKey = await new SignJWT({ fam: claims.fam })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customer.id))
      .setIssuer('polder')
      .setAudience('polder-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a secret that is not the shop’s secret at all'))
    for (const token of [undefined, 'garbage', tampered, unsigned, otherKey]) {
      const res = await me(server, token)
      expect(res.statusCode, `${token}: ${res.body}`).toBe(401)
      expect(json(res)).toEqual({ code: 401, result: USER_MESSAGES.notAuthorized })
    }
    // the real token still works: the refusals above were about the tokens
    expect((await me(server, accessToken)).statusCode).toBe(200)
  })
})

describe('POST /api/user/refresh', () => {
  it('rotates: each refresh answers a new pair and uses up the refresh token it was given', async () => {
    const { email } = await register(server)
    const first = await login(server, email)
    const res = await refresh(server, first.refreshToken)
    expect(res.statusCode, res.body).toBe(200)
    const second = LoginEnvelopeSchema.parse(json(res))
    expect(second.meta.refreshToken).not.toBe(first.refreshToken)
    expect((await me(server, second.result)).statusCode).toBe(200)
    const third = await refresh(server, second.meta.refreshToken)
    expect(third.statusCode, third.body).toBe(200)
  })

  it('a reused refresh token revokes its whole family: the stolen copy, the newest token and their access tokens', async () => {
    const { email } = await register(server)
    const first = await login(server, email)
    const other = await login(server, email) // another device: a family of its own
    const rotated = LoginEnvelopeSchema.parse(json(await refresh(server, first.refreshToken)))
    const reuse = await refresh(server, first.refreshToken)
    expect(reuse.statusCode, reuse.body).toBe(401)
    expect(json(reuse)).toEqual({ code: 401, result: USER_MESSAGES.refreshRefused })
    expect((await refresh(server, rotated.meta.refreshToken)).statusCode).toBe(401)
    expect((await me(server, rotated.result)).statusCode).toBe(401)
    expect((await me(server, first.accessToken)).statusCode).toBe(401)
    // the other device's login is untouched
    expect((await me(server, other.accessToken)).statusCode).toBe(200)
    expect((await refresh(server, other.refreshToken)).statusCode).toBe(200)
  })

  it('answers 400 without a refresh token and 401 for one it never issued', async () => {
    const missing = await call(server, 'POST', '/api/user/refresh', {})
    expect(missing.statusCode).toBe(400)
    expect(json(missing)).toEqual({ code: 400, result: 'refreshToken: is required' })
    const unknown = await refresh(server, 'bm90LWEtcmVmcmVzaC10b2tlbg')
    expect(unknown.statusCode).toBe(401)
  })
})

describe('POST /api/user/logout', () => {
  it('revokes the login: its refresh token and its access token stop working', async () => {
    const { email } = await register(server)
    const session = await login(server, email)
    const res = await call(server, 'POST', '/api/user/logout', { refreshToken: session.refreshToken }, session.accessToken)
    expect(res.statusCode, res.body).toBe(200)
    expect(json(res)).toEqual({ code: 200, result: true })
    expect((await me(server, session.accessToken)).statusCode).toBe(401)
    expect((await refresh(server, session.refreshToken)).statusCode).toBe(401)
  })

  it('with the refresh token alone also ends the login; without anything it answers true', async () => {
    const { email } = await register(server)
    const session = await login(server, email)
    expect((await call(server, 'POST', '/api/user/logout', { refreshToken: session.refreshToken })).statusCode).toBe(200)
    expect((await me(server, session.accessToken)).statusCode).toBe(401)
    expect(json(await call(server, 'POST', '/api/user/logout', {}))).toEqual({ code: 200, result: true })
  })
})

describe('POST /api/user/me', () => {
  it('updates the profile and answers it', async () => {
    const { email } = await register(server)
    const { accessToken } = await login(server, email)
    const newAddress = newEmail()
    const res = await call(
      server,
      'POST',
      '/api/user/me',
      { customer: { email: newAddress, firstname: 'Anneke', lastname: 'Jansen', addresses: [] }, currentPassword: PASSWORD },
      accessToken,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(json<Envelope<Record<string, unknown>>>(res).result).toMatchObject({ email: newAddress, firstname: 'Anneke', lastname: 'Jansen' })
    expect(json<Envelope<Record<string, unknown>>>(await me(server, accessToken)).result).toMatchObject({ email: newAddress, firstname: 'Anneke' })
    expect((await login(server, newAddress)).accessToken).toBeTruthy()
  })

  it('a token alone cannot change the e-mail address: no password or a wrong one is a 400 naming it, and nothing changes', async () => {
    const { email } = await register(server)
    const { accessToken } = await login(server, email)
    const thief = newEmail()
    const customer = { email: thief, firstname: 'Anna', lastname: 'de Vries' }
    const missing = await call(server, 'POST', '/api/user/me', { customer }, accessToken)
    expect(missing.statusCode, missing.body).toBe(400)
    expect(json(missing)).toEqual({ code: 400, result: USER_MESSAGES.emailChangeNeedsPassword })
    const wrong = await call(server, 'POST', '/api/user/me', { customer, currentPassword: 'not my password' }, accessToken)
    expect(wrong.statusCode, wrong.body).toBe(400)
    expect(json(wrong)).toEqual({ code: 400, result: USER_MESSAGES.currentPasswordWrong })
    // nor may it find out whether an address has an account: the password comes first
    const taken = await register(server)
    const probe = await call(server, 'POST', '/api/user/me', { customer: { ...customer, email: taken.email } }, accessToken)
    expect(json(probe)).toEqual({ code: 400, result: USER_MESSAGES.emailChangeNeedsPassword })

    expect(json<Envelope<Record<string, unknown>>>(await me(server, accessToken)).result.email).toBe(email)
    expect((await login(server, email)).accessToken).toBeTruthy()
    expect((await call(server, 'POST', '/api/user/login', { username: thief, password: PASSWORD })).statusCode).toBe(401)
    expect(mailsTo(email).filter((m) => m.mail.text.includes(thief))).toEqual([])
  })

  it('with the current password the address changes, and the old address gets a mail in the store view’s language naming the new one', async () => {
    const { email } = await register(server)
    const { accessToken } = await login(server, email)
    const next = newEmail()
    const res = await call(
      server,
      'POST',
      '/api/user/me?storeCode=nl',
      { customer: { email: next, firstname: 'Anna', lastname: 'de Vries' }, currentPassword: PASSWORD },
      accessToken,
    )
    expect(res.statusCode, res.body).toBe(200)
    const notices = mailsTo(email).filter((m) => m.mail.subject === 'Het e-mailadres van je Polder-account is gewijzigd')
    expect(notices).toHaveLength(1)
    expect(notices[0]!.mail.text).toContain(`Het e-mailadres van je account is gewijzigd van ${email} naar ${next}.`)
    expect(notices[0]!.mail.html).toContain('<html lang="nl')
    // told to the old mailbox only
    expect(mailsTo(next).filter((m) => m.mail.subject.includes('gewijzigd'))).toEqual([])
    expect((await call(server, 'POST', '/api/user/login', { username: email, password: PASSWORD })).statusCode).toBe(401)
    expect((await login(server, next)).accessToken).toBeTruthy()
  })

  it('the name changes without the password and without a mail, and so does the address’s case alone', async () => {
    const { email } = await register(server)
    const { accessToken } = await login(server, email)
    const before = mailsTo(email).length
    const renamed = await call(server, 'POST', '/api/user/me', { customer: { email, firstname: 'Anneke', lastname: 'Jansen' } }, accessToken)
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(json<Envelope<Record<string, unknown>>>(renamed).result).toMatchObject({ email, firstname: 'Anneke', lastname: 'Jansen' })
    const upper = email.toUpperCase()
    const recased = await call(server, 'POST', '/api/user/me', { customer: { email: upper, firstname: 'Anneke', lastname: 'Jansen' } }, accessToken)
    expect(recased.statusCode, recased.body).toBe(200)
    expect(json<Envelope<Record<string, unknown>>>(recased).result.email).toBe(upper)
    expect(mailsTo(email)).toHaveLength(before)
  })

  it('refuses bad fields (400 naming them), another account’s address (400) and no token (401)', async () => {
    const taken = await register(server)
    const { email } = await register(server)
    const { accessToken } = await login(server, email)
    const bad = await call(server, 'POST', '/api/user/me', { customer: { email: 'nope', firstname: 'Anna', lastname: 'Smit' } }, accessToken)
    expect(json(bad)).toEqual({ code: 400, result: 'customer.email: Please provide a valid e-mail address' })
    const clash = await call(
      server,
      'POST',
      '/api/user/me',
      { customer: { email: taken.email, firstname: 'Anna', lastname: 'Smit' }, currentPassword: PASSWORD },
      accessToken,
    )
    expect(json(clash)).toEqual({ code: 400, result: USER_MESSAGES.emailTaken })
    const anonymous = await call(server, 'POST', '/api/user/me', { customer: { email: newEmail(), firstname: 'Anna', lastname: 'Smit' } })
    expect(anonymous.statusCode).toBe(401)
    expect(json<Envelope<Record<string, unknown>>>(await me(server, accessToken)).result.email).toBe(email)
  })
})

describe('POST /api/user/change-password', () => {
  it('changes the password: the old one no longer signs in, other logins end, this one goes on', async () => {
    const { email } = await register(server)
    const here = await login(server, email)
    const elsewhere = await login(server, email)
    const res = await call(server, 'POST', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'a new passphrase' }, here.accessToken)
    expect(res.statusCode, res.body).toBe(200)
    expect(json(res)).toEqual({ code: 200, result: true })
    expect((await call(server, 'POST', '/api/user/login', { username: email, password: PASSWORD })).statusCode).toBe(401)
    expect((await login(server, email, 'a new passphrase')).accessToken).toBeTruthy()
    expect((await me(server, elsewhere.accessToken)).statusCode).toBe(401)
    expect((await refresh(server, elsewhere.refreshToken)).statusCode).toBe(401)
    expect((await me(server, here.accessToken)).statusCode).toBe(200)
  })

  it('answers a wrong current password and a short new one as {errorMessage}, and no token with 401', async () => {
    const { email } = await register(server)
    const { accessToken } = await login(server, email)
    const wrong = await call(server, 'POST', '/api/user/change-password', { currentPassword: 'not my password', newPassword: 'a new passphrase' }, accessToken)
    expect(wrong.statusCode).toBe(400)
    expect(json(wrong)).toEqual({ code: 400, result: { errorMessage: USER_MESSAGES.currentPasswordWrong } })
    const short = await call(server, 'POST', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'short' }, accessToken)
    expect(json(short)).toEqual({ code: 400, result: { errorMessage: 'newPassword: Password must have at least 8 letters' } })
    const anonymous = await call(server, 'POST', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'a new passphrase' })
    expect(anonymous.statusCode).toBe(401)
    expect((await login(server, email)).accessToken).toBeTruthy()
  })
})

describe('an expired access token', () => {
  const shortLived = useTestServer({ seed: false, auth: { accessTokenTtl: 1 } })

  it('is refused with 401 once its lifetime (ACCESS_TOKEN_TTL) is over; a refresh gives a working one', async () => {
    const { email } = await register(shortLived)
    const session = await login(shortLived, email)
    expect((await me(shortLived, session.accessToken)).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 2_100))
    const expired = await me(shortLived, session.accessToken)
    expect(expired.statusCode, expired.body).toBe(401)
    expect(json(expired)).toEqual({ code: 401, result: USER_MESSAGES.notAuthorized })
    const renewed = LoginEnvelopeSchema.parse(json(await refresh(shortLived, session.refreshToken)))
    expect((await me(shortLived, renewed.result)).statusCode).toBe(200)
  })
})

describe('the log', () => {
  const lines: string[] = []
  const logged = useTestServer({ seed: false, log: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } })

  it('never holds a token: not from ?token=, the bearer header or the refresh token in the body', async () => {
    const { email } = await register(logged)
    const session = await login(logged, email)
    await call(logged, 'GET', `/api/user/me?storeCode=nl&token=${encodeURIComponent(session.accessToken)}`)
    await me(logged, session.accessToken)
    await refresh(logged, session.refreshToken)
    const text = lines.join('')
    expect(text).toContain('/api/user/me?storeCode=nl&token=[redacted]')
    for (const secret of [session.accessToken, session.refreshToken, PASSWORD]) expect(text).not.toContain(secret)
  })
})

describe('the login limit (@fastify/rate-limit)', () => {
  const limited = useTestServer({
    seed: false,
    auth: { loginFailuresPerAccount: 3, loginFailuresPerAccountCeiling: 6, loginAttemptsPerAddress: 8, loginWindowSeconds: 900 },
  })
  const attempt = (username: string, password: string, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: { username, password },
    })

  it('per account and address: after 3 wrong passwords that address is refused even the right one (429 and the message); the owner elsewhere signs in', async () => {
    const victim = await register(limited)
    const bystander = await register(limited)
    for (let i = 0; i < 3; i++) expect((await attempt(victim.email, `wrong ${i} password`, '10.0.0.1')).statusCode).toBe(401)
    // in another case: the account is what counts, with the address
    const blocked = await attempt(victim.email.toUpperCase(), PASSWORD, '10.0.0.1')
    expect(blocked.statusCode, blocked.body).toBe(429)
    expect(json<Envelope<string>>(blocked).result).toMatch(/^Too many failed sign-in attempts for this account\. Please wait \d+ seconds and try again\.$/)
    expect(Number(json<Envelope<string>>(blocked).result.match(/\d+/)![0])).toBeGreaterThan(800)
    // the attacker does not lock the owner out, nor other accounts
    expect((await attempt(victim.email, PASSWORD, '10.0.0.2')).statusCode).toBe(200)
    expect((await attempt(bystander.email, PASSWORD, '10.0.0.1')).statusCode).toBe(200)
    // a run spread over addresses stops at the account's ceiling (6), from everywhere
    for (let i = 0; i < 3; i++) expect((await attempt(victim.email, `wrong ${i} again`, '10.0.0.3')).statusCode).toBe(401)
    expect((await attempt(victim.email, PASSWORD, '10.0.0.2')).statusCode).toBe(429)
  })

  it('per account: successful sign-ins do not count', async () => {
    const shopper = await register(limited)
    for (let i = 0; i < 4; i++) expect((await attempt(shopper.email, PASSWORD, `10.0.1.${i}`)).statusCode).toBe(200)
  })

  it('per address: the 9th attempt from one address is refused with 429 and the message; other addresses go on', async () => {
    const shopper = await register(limited)
    for (let i = 0; i < 8; i++) expect((await attempt(newEmail(), PASSWORD, '10.0.0.9')).statusCode).toBe(401)
    const blocked = await attempt(shopper.email, PASSWORD, '10.0.0.9')
    expect(blocked.statusCode, blocked.body).toBe(429)
    expect(json<Envelope<string>>(blocked).result).toMatch(/^Too many sign-in attempts from this address\. Please wait \d+ seconds and try again\.$/)
    expect((await attempt(shopper.email, PASSWORD, '10.0.0.10')).statusCode).toBe(200)
  })
})
