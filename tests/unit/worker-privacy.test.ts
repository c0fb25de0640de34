/**
 * The customer's newsletter and data protection calls through the DataService on real RxDB
 * (workers/account/privacy-module): the newsletter state, subscribe (pending) and unsubscribe;
 * download answers the export as JSON text; a wrong password is told as such; offline is refused
 * before any call; anonymise logs the shopper out on this device. The token goes along and an
 * expired one is renewed through the token renewal like every call.
 */
import { describe, expect, it } from 'vitest'
import { FakeBackend, useBackendServices } from './worker-backend'
import { accountView, CUSTOMER, json, waitFor } from './worker-harness'

const { start } = useBackendServices()

class PrivacyBackend extends FakeBackend {
  newsletter = new Map<string, string>()
  calls: string[] = []
  access = 'access-1'
  refreshes = 0
  private readonly shopFetch: FakeBackend['fetch'] = (this as FakeBackend).fetch

  override fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input)
    const token = url.searchParams.get('token')
    const body = (typeof init.body === 'string' && init.body ? JSON.parse(init.body) : {}) as Record<string, unknown>
    const unauthorized = () => json({ code: 401, result: "The consumer isn't authorized to access self." }, 401)
    if (/^\/api\/ext\/(newsletter|data-protection)\//.test(url.pathname)) this.calls.push(`${init.method ?? 'GET'} ${url.pathname} ${token ?? '-'}`)
    switch (url.pathname) {
      case '/api/user/login':
        return json({ code: 200, result: this.access, meta: { refreshToken: 'refresh-1' } })
      case '/api/user/refresh':
        this.refreshes += 1
        this.access = `access-${this.refreshes + 1}`
        return json({ code: 200, result: this.access, meta: { refreshToken: `refresh-${this.refreshes + 1}` } })
      case '/api/user/logout':
        return json({ code: 200, result: true })
      case '/api/user/me':
        return token === this.access ? json({ code: 200, result: CUSTOMER }) : unauthorized()
      case '/api/ext/newsletter/subscribe': {
        const email = (init.method === 'GET' || !init.method ? url.searchParams.get('email') : body.email) as string
        if (init.method === 'POST') this.newsletter.set(email, this.newsletter.get(email) === 'subscribed' ? 'subscribed' : 'pending')
        if (init.method === 'DELETE') {
          // as the real server: only the signed-in owner (or the mail's link) unsubscribes an address
          if (token !== this.access) return unauthorized()
          this.newsletter.set(email, 'unsubscribed')
        }
        return json({ code: 200, result: this.newsletter.get(email) ?? 'unsubscribed' })
      }
      case '/api/ext/data-protection/download':
      case '/api/ext/data-protection/anonymise':
        if (token !== this.access) return unauthorized()
        if (body.password !== 'correct horse 1') return json({ code: 400, result: { errorMessage: 'The password is not correct.' } }, 400)
        return url.pathname.endsWith('download')
          ? json({
              code: 200,
              result: {
                exported_at: '2026-11-25T00:00:00.000Z',
                legal_basis: 'GDPR art. 15 and 20',
                profile: { id: 7, email: 'anna@example.com', firstname: 'Anna', lastname: 'de Vries', store_code: 'nl', created_at: 'x', updated_at: 'x' },
                addresses: [],
                carts: [],
                orders: [{ increment_id: '200000001', items: [{ sku: 'LAMP' }] }],
                newsletter: null,
                privacy_requests: [],
              },
            })
          : json({ code: 200, result: true })
    }
    return this.shopFetch(input, init)
  }
}

describe('DataService (worker): newsletter and data protection', { timeout: 20_000 }, () => {
  it('newsletter state, subscribe → pending, unsubscribe; download as JSON; wrong password; anonymise logs out here', async () => {
    const backend = new PrivacyBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const view = await accountView(service)
    // not logged in: the data protection calls are refused before any call
    expect(await service.applyPrivacyCommand({ type: 'download', password: 'x' })).toEqual({ ok: false, error: 'notLoggedIn' })
    expect(backend.calls).toEqual([])

    await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
    await waitFor(view, (v) => v.loggedIn && v.customer !== null)

    expect(await service.applyPrivacyCommand({ type: 'newsletterStatus', email: 'anna@example.com' })).toEqual({ ok: true, newsletter: 'unsubscribed' })
    expect(await service.applyPrivacyCommand({ type: 'newsletterSubscribe', email: 'anna@example.com' })).toEqual({ ok: true, newsletter: 'pending' })
    // subscribing carries the token (ties her own address to her), and so does unsubscribing (only the owner may); the status needs none
    expect(backend.calls).toContain('POST /api/ext/newsletter/subscribe access-1')
    expect(await service.applyPrivacyCommand({ type: 'newsletterUnsubscribe', email: 'anna@example.com' })).toEqual({ ok: true, newsletter: 'unsubscribed' })
    expect(backend.calls).toContain('DELETE /api/ext/newsletter/subscribe access-1')
    expect(backend.calls.filter((c) => c.startsWith('GET '))).toEqual(['GET /api/ext/newsletter/subscribe -'])

    expect(await service.applyPrivacyCommand({ type: 'download', password: 'wrong' })).toEqual({ ok: false, error: 'passwordWrong' })
    // an expired access token is renewed once and the call sent again
    backend.access = 'access-expired-meanwhile'
    backend.refreshes = 0
    const download = await service.applyPrivacyCommand({ type: 'download', password: 'correct horse 1' })
    expect(download.ok).toBe(true)
    expect(backend.refreshes).toBe(1)
    expect(JSON.parse(download.data!)).toMatchObject({ profile: { email: 'anna@example.com' }, orders: [{ increment_id: '200000001' }] })

    expect(await service.applyPrivacyCommand({ type: 'anonymise', password: 'correct horse 1' })).toEqual({ ok: true })
    await waitFor(view, (v) => !v.loggedIn)
  })

  it('offline: refused as offline, nothing sent', async () => {
    const backend = new PrivacyBackend()
    const { service } = await start(backend, { online: false })
    expect(await service.applyPrivacyCommand({ type: 'newsletterSubscribe', email: 'anna@example.com' })).toEqual({ ok: false, error: 'offline' })
    expect(backend.calls).toEqual([])
  })
})
