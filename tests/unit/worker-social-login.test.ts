/**
 * Social login and social links through the DataService on real RxDB
 * (workers/account/social-account; spec §7 "Social login", §8): the provider's code logs in with the
 * password login's steps (profile, order history, the cart authorised with the token); a refusal
 * leaves the shopper logged out; a failure after the token was received clears the user again;
 * links are read into the account (kept offline), linked (409: another customer's), and unlinked
 * (removed locally on 200), with an expired token renewed once through the token renewal.
 */
import { describe, expect, it } from 'vitest'
import { SOCIAL_LOGIN_MESSAGES } from '../../domain/api/social-login.schema'
import { FakeBackend, fullProduct, useBackendServices } from './worker-backend'
import { accountView, CUSTOMER, json, waitFor } from './worker-harness'

const { start } = useBackendServices()

/** The callback page's answer with the provider's code and state (as it posts it to its opener). */
const answer = (provider: string, code: string, state: string) => ({ type: 'auth', provider, status: 'ok', code, state })

const GOOGLE = { link_id: 1, sociallogin_id: 'g-1', type: 'google', email: 'anna@example.com', created_at: '2026-11-20 10:00:00' } as const
const FACEBOOK = { link_id: 2, sociallogin_id: 'f-1', type: 'facebook', email: null, created_at: '2026-11-25 19:30:00' } as const

/** The social-login extension on the fake back end: the code 'good' logs in; the customer's calls need a current token. */
class SocialBackend extends FakeBackend {
  private seq = 0
  valid = new Set<string>()
  refreshes = 0
  profileFails = false
  links: { link_id: number; sociallogin_id: string; type: string; email: string | null; created_at: string }[] = [GOOGLE]
  /** what the login and link-account calls were sent */
  bodies: Record<string, unknown>[] = []
  tokensSeen: string[] = []
  private readonly shopFetch: FakeBackend['fetch'] = (this as FakeBackend).fetch

  private pair() {
    this.seq += 1
    this.valid.add(`access-${this.seq}`)
    return json({ code: 200, result: `access-${this.seq}`, meta: { refreshToken: `refresh-${this.seq}` } })
  }

  override fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input)
    const body = (typeof init.body === 'string' && init.body ? JSON.parse(init.body) : {}) as Record<string, unknown>
    const token = url.searchParams.get('token') ?? (typeof body.token === 'string' ? body.token : null)
    if (token) this.tokensSeen.push(`${url.pathname} ${token}`)
    const unauthorized = () => json({ code: 401, result: "The consumer isn't authorized to access self." }, 401)
    const customerCall = url.pathname.startsWith('/api/user/') || /social-login\/(link-account|links|unlink)$/.test(url.pathname)
    if (customerCall && !['/api/user/refresh', '/api/user/logout'].includes(url.pathname) && (!token || !this.valid.has(token))) return unauthorized()
    switch (url.pathname) {
      case '/api/ext/social-login/login':
        this.bodies.push(body)
        if (body.code === 'unverified') return json({ code: 409, result: { errorMessage: SOCIAL_LOGIN_MESSAGES.emailUnverified } }, 409)
        return body.code === 'good' ? this.pair() : json({ code: 400, result: { errorMessage: SOCIAL_LOGIN_MESSAGES.providerRefused } }, 400)
      case '/api/user/refresh':
        this.refreshes += 1
        return this.pair()
      case '/api/user/logout':
        return json({ code: 200, result: true })
      case '/api/user/me':
        return this.profileFails ? json({ code: 500, result: 'boom' }, 500) : json({ code: 200, result: CUSTOMER })
      case '/api/user/order-history':
        return json({ code: 200, result: { items: [], search_criteria: { page_size: 50, current_page: 1 }, total_count: 0 } })
      case '/api/ext/social-login/links':
        return json({ code: 200, result: this.links })
      case '/api/ext/social-login/link-account':
        this.bodies.push(body)
        if (body.code === 'taken') return json({ code: 409, result: { errorMessage: SOCIAL_LOGIN_MESSAGES.linkedElsewhere } }, 409)
        this.links.push(FACEBOOK)
        return json({ code: 200, result: FACEBOOK })
      case '/api/ext/social-login/unlink':
        if (!this.links.some((l) => l.link_id === body.link_id)) return json({ code: 404, result: { errorMessage: 'No such link.' } }, 404)
        this.links = this.links.filter((l) => l.link_id !== body.link_id)
        return json({ code: 200, result: true })
    }
    return this.shopFetch(input, init)
  }
}

describe('DataService (worker): social login and links', { timeout: 20_000 }, () => {
  it('logs in with the provider code as the password login does: profile, orders, the cart authorised with the token', async () => {
    const backend = new SocialBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const view = await accountView(service)
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })
    await waitFor(cart, (c) => c.serverCartId !== null && !c.pendingSync)

    expect(await service.applyAccountCommand({ type: 'socialLogin', answer: answer('google', 'good', 'st-1') })).toEqual({ ok: true, notifications: [] })
    expect(backend.bodies).toEqual([{ type: 'google', storeCode: 'en', code: 'good', state: 'st-1' }])
    expect(await waitFor(view, (v) => v.customer !== null)).toMatchObject({ loggedIn: true, customer: { firstname: 'Anna' }, socialLinks: [] })
    expect(backend.tokensSeen).toEqual(expect.arrayContaining(['/api/user/me access-1', '/api/user/order-history access-1']))
    await waitFor(
      () => backend.tokensSeen,
      (seen) => seen.some((t) => t.startsWith('/api/cart/')),
    )
  })

  it('a refused code leaves the shopper logged out, told in keys by the server’s errorMessage; the answer is checked before any call', async () => {
    const backend = new SocialBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const view = await accountView(service)
    const login = (given: unknown) => service.applyAccountCommand({ type: 'socialLogin', answer: given })
    expect(await login(answer('facebook', 'spent', 'st'))).toMatchObject({ ok: false, error: 'socialRefused' })
    expect(await login(answer('google', 'unverified', 'st'))).toMatchObject({ ok: false, error: 'socialEmailUnverified' })
    expect(backend.bodies).toHaveLength(2)

    // the pop-up's message as it came: the worker holds it to the contract (the page has no zod)
    expect(await login({ type: 'auth', provider: 'google', status: 'cancelled' })).toMatchObject({ ok: false, error: 'socialCancelled' })
    expect(await login({ type: 'auth', provider: 'google', status: 'error' })).toMatchObject({ error: 'socialProviderError' })
    expect(await login({ type: 'auth', provider: 'google', status: 'ok', code: 'good' }), 'no state').toMatchObject({ error: 'socialProviderError' })
    expect(await login({ ...answer('google', 'good', 'st'), provider: 'myspace' })).toMatchObject({ error: 'socialProviderError' })
    expect(await login('google good st')).toMatchObject({ error: 'socialProviderError' })
    expect(await login(answer('google', ' ', 'st')), 'a blank code').toMatchObject({ error: 'socialProviderError' })
    await service.setOnline(false)
    expect(await login(answer('google', 'good', 'st'))).toMatchObject({ error: 'offline' })
    expect(backend.bodies).toHaveLength(2)
    expect(view()).toMatchObject({ loggedIn: false, customer: null })
  })

  it('a failure after the token was received clears the current user (spec §8)', async () => {
    const backend = new SocialBackend()
    backend.profileFails = true
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const view = await accountView(service)
    const result = await service.applyAccountCommand({ type: 'socialLogin', answer: answer('google', 'good', 'st') })
    expect(result).toMatchObject({ ok: false, error: 'serverError' })
    expect(await waitFor(view, (v) => !v.loggedIn)).toMatchObject({ loggedIn: false, customer: null })
    // nothing of the undone login is sent afterwards
    const seen = backend.tokensSeen.length
    await service.flushCartSync()
    expect(backend.tokensSeen).toHaveLength(seen)
  })

  it('reads, links and unlinks: kept in the account offline, 409 for another customer’s account, an expired token renewed once', async () => {
    const backend = new SocialBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const view = await accountView(service)
    expect(await service.applyAccountCommand({ type: 'loadSocialLinks' })).toMatchObject({ ok: false, error: 'notLoggedIn' })
    expect(await service.applyAccountCommand({ type: 'linkSocial', answer: answer('facebook', 'c', 's') })).toMatchObject({ error: 'notLoggedIn' })
    await service.applyAccountCommand({ type: 'socialLogin', answer: answer('google', 'good', 'st') })

    backend.valid.clear() // the access token expired
    expect(await service.applyAccountCommand({ type: 'loadSocialLinks' })).toEqual({ ok: true, notifications: [] })
    expect(backend.refreshes).toBe(1)
    expect(await waitFor(view, (v) => v.socialLinks.length === 1)).toMatchObject({
      socialLinks: [{ linkId: 1, provider: 'google', email: 'anna@example.com', createdAt: '2026-11-20 10:00:00' }],
    })

    expect(await service.applyAccountCommand({ type: 'linkSocial', answer: answer('facebook', 'taken', 's') })).toMatchObject({
      ok: false,
      error: 'socialLinkTaken',
    })
    const linked = await service.applyAccountCommand({ type: 'linkSocial', answer: answer('facebook', 'fb-code', 's') })
    expect(linked).toMatchObject({ ok: true, notifications: [{ type: 'success', key: 'socialLinked' }] })
    expect(backend.bodies.at(-1)).toEqual({ type: 'facebook', customerId: CUSTOMER.id, storeCode: 'en', code: 'fb-code', state: 's' })
    await waitFor(view, (v) => v.socialLinks.map((l) => l.provider).join() === 'google,facebook')

    await service.setOnline(false)
    expect(await service.applyAccountCommand({ type: 'loadSocialLinks' })).toMatchObject({ error: 'offline' })
    expect(await service.applyAccountCommand({ type: 'unlinkSocial', linkId: 2 })).toMatchObject({ error: 'offline' })
    expect(view()!.socialLinks).toHaveLength(2)

    await service.setOnline(true)
    expect(await service.applyAccountCommand({ type: 'unlinkSocial', linkId: 2 })).toMatchObject({
      ok: true,
      notifications: [{ type: 'success', key: 'socialUnlinked' }],
    })
    expect((await waitFor(view, (v) => v.socialLinks.length === 1)).socialLinks[0]).toMatchObject({ linkId: 1 })
    expect(backend.links.map((l) => l.link_id)).toEqual([1])

    // a link gone on the server meanwhile: refused, and the list read again
    backend.links = []
    expect(await service.applyAccountCommand({ type: 'unlinkSocial', linkId: 1 })).toMatchObject({ ok: false })
    await waitFor(view, (v) => v.socialLinks.length === 0)

    await service.applyAccountCommand({ type: 'logout' })
    expect(await waitFor(view, (v) => !v.loggedIn)).toMatchObject({ socialLinks: [] })
  })
})
