/**
 * Social login on the real server (spec §7 "Social login"; be-nl-domain §6) with the local
 * OpenID Connect stand-in: the whole pop-up flow over HTTP (redirect → the stand-in's page → a test
 * user → the callback address → login → a working token), the stand-in's and the shop's refusals
 * (PKCE, code replay, state, nonce), the matching rules (linked, verified match, unverified match,
 * no e-mail, new account) and link-account / links / unlink with their ownership. PGlite by
 * default, PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest'
import type { Envelope } from '../../domain/api/envelope'
import { SOCIAL_LOGIN_MESSAGES, SocialLinkSchema, SocialLinksResultSchema, type SocialProvider } from '../../domain/api/social-login.schema'
import { PRIVACY_MESSAGES, PrivacyExportSchema } from '../../domain/api/privacy.schema'
import { CustomerSchema, LoginEnvelopeSchema, USER_MESSAGES } from '../../domain/api/user.schema'
import { DEMO_CUSTOMER_PASSWORD, demoCustomers, seedCustomers } from '../../server/seed/customers'
import { pkceChallenge } from '../../server/social/oidc-standin'
import { json, useTestServer } from './helpers'

const server = useTestServer({ listen: true })
const PASSWORD = 'correct horse 1'
const COOKIE = 'polder_social_login'

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string }

function setCookieOf(res: Answer): string {
  const header = res.headers['set-cookie']
  const all = Array.isArray(header) ? (header as string[]) : [String(header ?? '')]
  const found = all.find((c) => c.startsWith(`${COOKIE}=`))
  if (!found) throw new Error(`no ${COOKIE} cookie in ${JSON.stringify(header)}`)
  return found
}

/** GET the shop's redirect; the flow cookie (name=value) and the stand-in's authorize address. */
async function startFlow(provider: SocialProvider, opts: { store?: string; mode?: 'login' | 'link'; host?: string } = {}) {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/ext/social-login/redirect/${provider}?storeCode=${opts.store ?? 'nl'}&mode=${opts.mode ?? 'login'}`,
    headers: opts.host ? { host: opts.host } : {},
  })
  expect(res.statusCode, res.body).toBe(302)
  return { cookie: setCookieOf(res).split(';')[0]!, authorize: String(res.headers.location), setCookie: setCookieOf(res) }
}

const unescape = (s: string) => s.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>')

/** The stand-in's page for an authorize address: the link of each test user and of Cancel. */
async function authorizePage(authorize: string, host?: string) {
  const res = await server.app.inject({ method: 'GET', url: authorize, headers: host ? { host } : {} })
  expect(res.statusCode, res.body).toBe(200)
  const links = new Map<string, string>()
  for (const m of res.body.matchAll(/<a href="([^"]+)" data-(?:user|action)="([^"]+)">/g)) links.set(m[2]!, unescape(m[1]!))
  return { res, links }
}

/** Picks a test user (or "cancel") on the page: the callback address the stand-in sends the browser to. */
async function pick(authorize: string, user: string, host?: string): Promise<URL> {
  const { links } = await authorizePage(authorize, host)
  const href = links.get(user)
  expect(href, `link for ${user}`).toBeDefined()
  const res = await server.app.inject({ method: 'GET', url: href!, headers: host ? { host } : {} })
  expect(res.statusCode, res.body).toBe(302)
  return new URL(String(res.headers.location))
}

const login = (cookie: string | undefined, body: Record<string, unknown>) =>
  server.app.inject({ method: 'POST', url: '/api/ext/social-login/login', headers: cookie ? { cookie } : {}, payload: body })

/** The whole flow in-process for `user`; the login answer. */
async function socialLogin(provider: SocialProvider, user: string) {
  const flow = await startFlow(provider)
  const callback = await pick(flow.authorize, user)
  return login(flow.cookie, { type: provider, storeCode: 'nl', code: callback.searchParams.get('code'), state: callback.searchParams.get('state') })
}

const errorOf = (res: Answer) => json<Envelope<{ errorMessage: string }>>(res).result.errorMessage

async function me(token: string) {
  const res = await server.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })
  expect(res.statusCode, res.body).toBe(200)
  return CustomerSchema.parse(json<Envelope<unknown>>(res).result)
}

async function links(token: string) {
  const res = await server.app.inject({ method: 'POST', url: '/api/ext/social-login/links', payload: { token } })
  expect(res.statusCode, res.body).toBe(200)
  return SocialLinksResultSchema.parse(json<Envelope<unknown>>(res).result)
}

let counter = 0
async function passwordCustomer(firstname: string) {
  const email = `social${++counter}-${Date.now()}@example.com`
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/user/create',
    payload: { customer: { email, firstname, lastname: 'Test' }, password: PASSWORD },
  })
  expect(created.statusCode, created.body).toBe(200)
  const res = await server.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: email, password: PASSWORD } })
  return { id: json<Envelope<{ id: number }>>(created).result.id, email, token: LoginEnvelopeSchema.parse(json(res)).result }
}

describe('the flow over HTTP', () => {
  it('redirect → the stand-in’s page → a test user → the callback page → login: a token that works, the cookie cleared', async () => {
    const base = server.baseUrl
    const redirect = await fetch(`${base}/api/ext/social-login/redirect/google?storeCode=nl&mode=login`, { redirect: 'manual' })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('cache-control')).toMatch(/no-store/)
    const setCookie = redirect.headers.get('set-cookie')!
    expect(setCookie).toMatch(new RegExp(`^${COOKIE}=[^;]+; Path=/api/ext/social-login; Max-Age=600; HttpOnly; SameSite=Lax$`))
    const cookie = setCookie.split(';')[0]!
    const authorize = new URL(redirect.headers.get('location')!, base)
    expect(authorize.pathname).toBe('/api/oidc/google/authorize')
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/nl/auth/callback/google`)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('nonce')).toBeTruthy()

    const page = await fetch(authorize, { redirect: 'manual' })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
    const html = await page.text()
    expect(html).not.toMatch(/<script|<form|style=/)
    expect(html).toContain('Continue as Noor Jansen (noor.jansen@example.com, verified)')
    expect(html).toMatch(/data-action="cancel">Cancel</)
    const href = unescape(/<a href="([^"]+)" data-user="google-noor">/.exec(html)![1]!)

    const chosen = await fetch(new URL(href, base), { redirect: 'manual' })
    expect(chosen.status).toBe(302)
    const callback = new URL(chosen.headers.get('location')!)
    expect(`${callback.origin}${callback.pathname}`).toBe(`${base}/nl/auth/callback/google`)
    expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'))

    const answer = await fetch(`${base}/api/ext/social-login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ type: 'google', storeCode: 'nl', code: callback.searchParams.get('code'), state: callback.searchParams.get('state') }),
    })
    const text = await answer.text()
    expect(answer.status, text).toBe(200)
    expect(answer.headers.get('cache-control')).toMatch(/no-store/)
    expect(answer.headers.get('set-cookie')).toMatch(new RegExp(`^${COOKIE}=; Path=/api/ext/social-login; Max-Age=0`))
    const tokens = LoginEnvelopeSchema.parse(JSON.parse(text))
    const customer = await me(tokens.result)
    expect(customer).toMatchObject({ email: 'noor.jansen@example.com', firstname: 'Noor', lastname: 'Jansen' })
    expect(await links(tokens.result)).toEqual([expect.objectContaining({ type: 'google', sociallogin_id: 'google-noor', email: 'noor.jansen@example.com' })])
    // the account has no password anyone knows
    const withPassword = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'noor.jansen@example.com', password: PASSWORD },
    })
    expect(withPassword.statusCode).toBe(401)

    // signing in again: the same customer, through the link
    const again = await socialLogin('google', 'google-noor')
    expect(again.statusCode, again.body).toBe(200)
    expect((await me(LoginEnvelopeSchema.parse(json(again)).result)).id).toBe(customer.id)
  })

  it('the French host’s own callback page, and the stand-in allows it', async () => {
    const host = 'fr.localhost:3000'
    const flow = await startFlow('facebook', { store: 'fr', host })
    expect(new URL(flow.authorize, 'http://x').searchParams.get('redirect_uri')).toBe('http://fr.localhost:3000/auth/callback/facebook')
    const callback = await pick(flow.authorize, 'facebook-daan', host)
    expect(`${callback.origin}${callback.pathname}`).toBe('http://fr.localhost:3000/auth/callback/facebook')
    // the fr store view from the main host keeps the prefix
    const main = await startFlow('facebook', { store: 'fr', host: 'localhost:3000' })
    expect(new URL(main.authorize, 'http://x').searchParams.get('redirect_uri')).toBe('http://localhost:3000/fr/auth/callback/facebook')
  })

  it('Cancel sends the browser back with error=access_denied and the state', async () => {
    const flow = await startFlow('google')
    const callback = await pick(flow.authorize, 'cancel')
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expect(callback.searchParams.get('code')).toBeNull()
    expect(callback.searchParams.get('state')).toBe(new URL(flow.authorize, 'http://x').searchParams.get('state'))
  })
})

describe('refusals', () => {
  it('a PKCE verifier that does not match the challenge', async () => {
    const flow = await startFlow('google')
    const url = new URL(flow.authorize, 'http://x')
    url.searchParams.set('code_challenge', pkceChallenge('a'.repeat(43)))
    const callback = await pick(`${url.pathname}${url.search}`, 'google-noor')
    const res = await login(flow.cookie, {
      type: 'google',
      storeCode: 'nl',
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(errorOf(res)).toBe(SOCIAL_LOGIN_MESSAGES.providerRefused)
  })

  it('a code used twice: the second is refused (invalid_grant)', async () => {
    const flow = await startFlow('google')
    const callback = await pick(flow.authorize, 'google-noor')
    const body = { type: 'google', storeCode: 'nl', code: callback.searchParams.get('code'), state: callback.searchParams.get('state') }
    expect((await login(flow.cookie, body)).statusCode).toBe(200)
    const replay = await login(flow.cookie, body)
    expect(replay.statusCode, replay.body).toBe(400)
    expect(errorOf(replay)).toBe(SOCIAL_LOGIN_MESSAGES.providerRefused)
  })

  it('the token endpoint itself: replay → invalid_grant', async () => {
    const flow = await startFlow('google')
    const authorize = new URL(flow.authorize, 'http://x')
    // a verifier of the test's own, its challenge in the request
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
    authorize.searchParams.set('code_challenge', pkceChallenge(verifier))
    const callback = await pick(`${authorize.pathname}${authorize.search}`, 'google-anna')
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: authorize.searchParams.get('redirect_uri')!,
      code_verifier: verifier,
      client_id: 'polder-local-google',
      client_secret: 'polder-local-google-secret',
    })
    const token = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/oidc/google/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      })
    const first = await token()
    expect(first.statusCode, first.body).toBe(200)
    expect(json<{ id_token: string }>(first).id_token.split('.')).toHaveLength(3)
    const second = await token()
    expect(second.statusCode).toBe(400)
    expect(json(second)).toMatchObject({ error: 'invalid_grant' })
  })

  it('a wrong or missing state, a missing cookie, another provider: 400', async () => {
    const flow = await startFlow('google')
    const callback = await pick(flow.authorize, 'google-noor')
    const code = callback.searchParams.get('code')
    const state = callback.searchParams.get('state')
    for (const [cookie, body] of [
      [flow.cookie, { type: 'google', storeCode: 'nl', code, state: 'not-the-state' }],
      [undefined, { type: 'google', storeCode: 'nl', code, state }],
      [`${COOKIE}=forged.value.that.is.bad`, { type: 'google', storeCode: 'nl', code, state }],
      [flow.cookie, { type: 'facebook', storeCode: 'nl', code, state }],
    ] as const) {
      const res = await login(cookie, body)
      expect(res.statusCode, res.body).toBe(400)
      expect(errorOf(res)).toBe(SOCIAL_LOGIN_MESSAGES.stateMismatch)
    }
    const missing = await login(flow.cookie, { type: 'google', storeCode: 'nl', code })
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing)).toMatch(/state/)
  })

  it('an id_token with another nonce than this sign-in’s', async () => {
    const flow = await startFlow('google')
    const url = new URL(flow.authorize, 'http://x')
    url.searchParams.set('nonce', 'a-nonce-of-someone-else')
    const callback = await pick(`${url.pathname}${url.search}`, 'google-noor')
    const res = await login(flow.cookie, {
      type: 'google',
      storeCode: 'nl',
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(errorOf(res)).toBe(SOCIAL_LOGIN_MESSAGES.providerRefused)
  })

  it('the stand-in refuses an unknown client or a redirect_uri that is not the shop’s callback page, without redirecting', async () => {
    const flow = await startFlow('google')
    for (const [key, value] of [
      ['client_id', 'someone-else'],
      ['redirect_uri', 'https://evil.example/nl/auth/callback/google'],
      ['redirect_uri', 'http://localhost:80/nl/auth/callback/facebook'],
    ] as const) {
      const url = new URL(flow.authorize, 'http://x')
      url.searchParams.set(key, value)
      const res = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
      expect(res.statusCode, `${key}=${value}`).toBe(400)
      expect(res.headers.location).toBeUndefined()
    }
  })

  it('a bad provider or store view on the redirect: 400 with an errorMessage', async () => {
    for (const url of ['/api/ext/social-login/redirect/twitter', '/api/ext/social-login/redirect/google?storeCode=de']) {
      const res = await server.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(errorOf(res)).toBeTruthy()
    }
  })
})

describe('matching the provider account to a customer', () => {
  it('a verified e-mail of an existing account links to it; an unverified one is refused (409); no e-mail is refused (400); unverified with no account makes one', async () => {
    await seedCustomers(server.storage, demoCustomers())
    const anna = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'anna.devries@example.nl', password: DEMO_CUSTOMER_PASSWORD },
    })
    const annaId = (await me(LoginEnvelopeSchema.parse(json(anna)).result)).id

    const verified = await socialLogin('google', 'google-anna')
    expect(verified.statusCode, verified.body).toBe(200)
    const token = LoginEnvelopeSchema.parse(json(verified)).result
    expect((await me(token)).id).toBe(annaId)
    expect((await links(token)).map((l) => l.sociallogin_id)).toEqual(['google-anna'])
    // her password still works
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'anna.devries@example.nl', password: DEMO_CUSTOMER_PASSWORD } }))
        .statusCode,
    ).toBe(200)

    for (const [provider, user] of [
      ['facebook', 'facebook-anna'],
      ['google', 'google-luc'],
    ] as const) {
      const refused = await socialLogin(provider, user)
      expect(refused.statusCode, refused.body).toBe(409)
      expect(errorOf(refused)).toBe(SOCIAL_LOGIN_MESSAGES.emailUnverified)
    }
    const noEmail = await socialLogin('facebook', 'facebook-sem')
    expect(noEmail.statusCode, noEmail.body).toBe(400)
    expect(errorOf(noEmail)).toBe(SOCIAL_LOGIN_MESSAGES.emailMissing)

    const eva = await socialLogin('google', 'google-eva')
    expect(eva.statusCode, eva.body).toBe(200)
    expect(await me(LoginEnvelopeSchema.parse(json(eva)).result)).toMatchObject({ email: 'eva.maes@example.be', firstname: 'Eva', lastname: 'Maes' })
  })
})

describe('link-account, links and unlink', () => {
  it('links the provider account to the token’s customer only; another’s link is neither listed, taken nor removable', async () => {
    const a = await passwordCustomer('Alma')
    const b = await passwordCustomer('Bert')
    const linkAccount = async (as: { token: string }, customerId: number, user = 'facebook-daan', mode: 'login' | 'link' = 'link') => {
      const flow = await startFlow('facebook', { mode })
      const callback = await pick(flow.authorize, user)
      return server.app.inject({
        method: 'POST',
        url: `/api/ext/social-login/link-account?token=${encodeURIComponent(as.token)}`,
        headers: { cookie: flow.cookie },
        payload: { type: 'facebook', customerId, storeCode: 'nl', code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
      })
    }

    const linked = await linkAccount(a, a.id)
    expect(linked.statusCode, linked.body).toBe(200)
    const link = SocialLinkSchema.parse(json<Envelope<unknown>>(linked).result)
    expect(link).toMatchObject({ type: 'facebook', sociallogin_id: 'facebook-daan', email: 'daan.visser@example.nl' })
    expect(await links(a.token)).toEqual([link])
    expect(await links(b.token)).toEqual([])

    // the provider account now signs in to Alma
    const viaFacebook = await socialLogin('facebook', 'facebook-daan')
    expect(viaFacebook.statusCode, viaFacebook.body).toBe(200)
    expect((await me(LoginEnvelopeSchema.parse(json(viaFacebook)).result)).id).toBe(a.id)

    // Bert: Alma's customerId → 403; the provider account of Alma's → 409; a login flow on link-account → 400
    const forbidden = await linkAccount(b, a.id)
    expect(forbidden.statusCode, forbidden.body).toBe(403)
    expect(errorOf(forbidden)).toBe(SOCIAL_LOGIN_MESSAGES.notYours)
    const taken = await linkAccount(b, b.id)
    expect(taken.statusCode, taken.body).toBe(409)
    expect(errorOf(taken)).toBe(SOCIAL_LOGIN_MESSAGES.linkedElsewhere)
    const wrongMode = await linkAccount(b, b.id, 'facebook-sem', 'login')
    expect(wrongMode.statusCode).toBe(400)
    // a sign-in started to log in is not a link's
    expect(errorOf(wrongMode)).toBe(SOCIAL_LOGIN_MESSAGES.stateMismatch)
    // without a token
    const anonymous = await server.app.inject({ method: 'POST', url: '/api/ext/social-login/link-account', payload: {} })
    expect(anonymous.statusCode).toBe(401)
    expect(errorOf(anonymous)).toBe(USER_MESSAGES.notAuthorized)

    // Bert cannot unlink Alma's link (404, as a missing one), nor list with a forged token
    const unlink = (as: { token: string }, id: number) =>
      server.app.inject({ method: 'POST', url: `/api/ext/social-login/unlink?token=${encodeURIComponent(as.token)}`, payload: { link_id: id } })
    const notHis = await unlink(b, link.link_id)
    expect(notHis.statusCode).toBe(404)
    expect(errorOf(notHis)).toBe(SOCIAL_LOGIN_MESSAGES.linkNotFound)
    const forged = await server.app.inject({ method: 'POST', url: '/api/ext/social-login/links', payload: { token: `${a.token.slice(0, -4)}AAAA` } })
    expect(forged.statusCode).toBe(401)
    expect(forged.body).not.toContain('facebook-daan')
    expect(await links(a.token)).toEqual([link])

    // Alma unlinks hers; the provider account then makes its own account (verified e-mail, none yet)
    const mine = await unlink(a, link.link_id)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(json<Envelope<boolean>>(mine).result).toBe(true)
    expect(await links(a.token)).toEqual([])
    expect((await unlink(a, link.link_id)).statusCode).toBe(404)
    // Bert may link it now
    const nowBert = await linkAccount(b, b.id)
    expect(nowBert.statusCode, nowBert.body).toBe(200)
  })
})

describe('data protection', () => {
  const privacy = (action: 'download' | 'anonymise' | 'delete', token: string, password: string) =>
    server.app.inject({ method: 'POST', url: `/api/ext/data-protection/${action}`, headers: { authorization: `Bearer ${token}` }, payload: { password } })
  const linkTo = async (customer: { id: number; token: string }, provider: SocialProvider, user: string) => {
    const flow = await startFlow(provider, { mode: 'link' })
    const callback = await pick(flow.authorize, user)
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/ext/social-login/link-account?token=${encodeURIComponent(customer.token)}`,
      headers: { cookie: flow.cookie },
      payload: { type: provider, customerId: customer.id, storeCode: 'nl', code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    })
    expect(res.statusCode, res.body).toBe(200)
  }

  it('the export holds the links (provider and subject id, no token); anonymise and delete remove them', async () => {
    const carla = await passwordCustomer('Carla')
    await linkTo(carla, 'google', 'google-luc')
    const exported = await privacy('download', carla.token, PASSWORD)
    expect(exported.statusCode, exported.body).toBe(200)
    const data = PrivacyExportSchema.parse(json<Envelope<unknown>>(exported).result)
    expect(data.social_links).toEqual([{ provider: 'google', subject: 'google-luc', email: 'luc.dubois@example.be', created_at: expect.any(String) }])
    expect(exported.body).not.toMatch(/access_token|id_token|refresh/i)
    expect((await privacy('anonymise', carla.token, PASSWORD)).statusCode).toBe(200)
    expect(await server.storage.socialLinks.find('google', 'google-luc')).toBeNull()

    const dirk = await passwordCustomer('Dirk')
    await linkTo(dirk, 'facebook', 'facebook-sem')
    expect(await server.storage.socialLinks.find('facebook', 'facebook-sem')).toMatchObject({ customer_id: dirk.id })
    expect((await privacy('delete', dirk.token, PASSWORD)).statusCode).toBe(200)
    expect(await server.storage.socialLinks.find('facebook', 'facebook-sem')).toBeNull()
    // the provider account no longer signs in to anyone: no e-mail, so refused
    expect((await socialLogin('facebook', 'facebook-sem')).statusCode).toBe(400)
  })

  it('a customer who signed up through a provider has no password: the refusal says to set one through "forgot password"', async () => {
    const res = await socialLogin('google', 'google-noor')
    expect(res.statusCode, res.body).toBe(200)
    const refused = await privacy('download', LoginEnvelopeSchema.parse(json(res)).result, 'any password at all')
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused)).toBe(PRIVACY_MESSAGES.passwordWrong)
    expect(PRIVACY_MESSAGES.passwordWrong).toMatch(/Forgot the password\?/)
  })
})
