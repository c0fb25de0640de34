/**
 * The customer session through the DataService on real RxDB: login and logout state
 * changes, the session surviving a reload (Dexie over fake-indexeddb), and an access token that
 * expires mid-session: a 401 is refreshed once through the token renewal and the call sent again —
 * the cart sync keeps its cart (never a "dead cart"), and calls meeting the expiry together share
 * one refresh. A refused refresh logs out silently and keeps the cart on the device.
 */
import { describe, expect, it } from 'vitest'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { USER_MESSAGES } from '../../domain/api/user.schema'
import type { OrderView } from '../../workers/contract/checkout'
import { FakeBackend, fullProduct, useBackendServices } from './worker-backend'
import { accountView, CUSTOMER, json, waitFor } from './worker-harness'

const { start, stop } = useBackendServices()

/** The fake back end with the user calls; a token it no longer takes is answered 401, on every call that carries it. */
class AccountBackend extends FakeBackend {
  customer = { ...CUSTOMER }
  password = 'correct horse 1'
  private seq = 0
  validAccess = new Set<string>()
  validRefresh = new Set<string>()
  refreshCalls = 0
  addressPuts = 0
  history: unknown[] = []
  nextAddressId = 40
  refuseRefresh = false
  /** while set, refresh calls are held (answered once it resolves) */
  refreshGate: Promise<void> | null = null
  /** while set, logout calls are held */
  logoutGate: Promise<void> | null = null
  /** the refresh call fails as fetch does offline (the other calls still answer) */
  refreshUnreachable = false
  logoutCalls: string[] = []
  /** every token a request carried */
  tokensSeen: string[] = []
  /** the customer's server cart: what cart/create answers with a current token (the real server's active cart) */
  customerCartId: string | null = null
  /** the Idempotency-Key of every address save, and the keys applied */
  addressKeys: (string | null)[] = []
  private appliedKeys = new Set<string>()
  /** address saves are answered 400 */
  refuseAddresses = false
  /** the bodies of the profile saves (POST /api/user/me) */
  profilePosts: Record<string, unknown>[] = []
  /** the next address change is applied, and its answer lost on the way (the connection drops) */
  loseNextAddressAnswer = false

  private lostAnswer(answer: Response): Response {
    if (!this.loseNextAddressAnswer) return answer
    this.loseNextAddressAnswer = false
    throw new TypeError('Failed to fetch')
  }

  private pair() {
    this.seq += 1
    const pair = { accessToken: `access-${this.seq}`, refreshToken: `refresh-${this.seq}` }
    this.validAccess.add(pair.accessToken)
    this.validRefresh.add(pair.refreshToken)
    return pair
  }

  expireAccessTokens(): void {
    this.validAccess.clear()
  }

  /** the cart, stock and catalogue calls of the plain fake back end (a field, not a method: taken before the override) */
  private readonly shopFetch: FakeBackend['fetch'] = (this as FakeBackend).fetch

  private tokens = (pair: { accessToken: string; refreshToken: string }) =>
    json({ code: 200, result: pair.accessToken, meta: { refreshToken: pair.refreshToken } })

  override fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input)
    const token = url.searchParams.get('token')
    if (token) this.tokensSeen.push(`${url.pathname} ${token}`)
    const body = (typeof init.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>
    const unauthorized = () => json({ code: 401, result: "The consumer isn't authorized to access self." }, 401)
    switch (url.pathname.startsWith('/api/ext/address-book/address/') ? '/api/ext/address-book/address' : url.pathname) {
      case '/api/user/create':
        if ((body.customer as { email: string }).email === 'taken@example.com') {
          return json({ code: 400, result: 'A customer with the same email address already exists in an associated website.' }, 400)
        }
        this.customer = { ...this.customer, ...(body.customer as object) }
        this.password = body.password as string
        return json({ code: 200, result: this.customer })
      case '/api/user/login':
        if (body.username !== this.customer.email || body.password !== this.password) {
          return json({ code: 401, result: 'The account sign-in was incorrect or your account is disabled temporarily.' }, 401)
        }
        return this.tokens(this.pair())
      case '/api/user/refresh': {
        this.refreshCalls += 1
        if (this.refreshUnreachable) throw new TypeError('Failed to fetch')
        await new Promise((resolve) => setTimeout(resolve, 30))
        if (this.refreshGate) await this.refreshGate
        const rt = body.refreshToken as string
        if (this.refuseRefresh || !this.validRefresh.delete(rt)) return json({ code: 401, result: 'Error refreshing user token.' }, 401)
        return this.tokens(this.pair())
      }
      case '/api/user/logout':
        if (this.logoutGate) await this.logoutGate
        this.logoutCalls.push(`${token ?? ''} ${String(body.refreshToken)}`)
        // as the real server: the logout revokes the refresh token
        this.validRefresh.delete(String(body.refreshToken))
        return json({ code: 200, result: true })
      case '/api/user/create-password':
        if (body.resetToken !== 'reset-1' || body.email !== this.customer.email) {
          return json({ code: 400, result: { errorMessage: 'The password token is mismatched. Reset and try again.' } }, 400)
        }
        this.password = body.newPassword as string
        return json({ code: 200, result: true })
      case '/api/user/change-password':
        if (!token || !this.validAccess.has(token)) return unauthorized()
        if (body.currentPassword !== this.password) {
          return json({ code: 400, result: { errorMessage: "The password doesn't match this account. Verify the password and try again." } }, 400)
        }
        this.password = body.newPassword as string
        return json({ code: 200, result: true })
      case `/api/ext/address-book/customer/${this.customer.id}`: {
        if (!token || !this.validAccess.has(token)) return unauthorized()
        this.addressPuts += 1
        if (this.refuseAddresses) return json({ code: 400, result: 'customer.addresses.0.city: is required' }, 400)
        // as the real server: a save named by a key it has applied before changes nothing
        const key = new Headers(init.headers).get('Idempotency-Key')
        this.addressKeys.push(key)
        if (key !== null && this.appliedKeys.has(key)) return this.lostAnswer(json({ code: 200, result: this.customer }))
        if (key !== null) this.appliedKeys.add(key)
        const [address] = (body.customer as { addresses: Record<string, unknown>[] }).addresses
        const id = (address!.id as number | undefined) ?? (this.nextAddressId += 1)
        const stored = { ...address, region: { region: null, region_code: null, region_id: 0 }, region_id: 0, id, customer_id: this.customer.id } as never
        const others = (this.customer.addresses as { id: number; default_shipping: boolean }[])
          .filter((a) => a.id !== id)
          .map((a) => ({ ...a, default_shipping: address!.default_shipping ? false : a.default_shipping }))
        this.customer = { ...this.customer, addresses: [...others, stored] as never[] }
        return this.lostAnswer(json({ code: 200, result: this.customer }))
      }
      case '/api/ext/address-book/address': {
        if (!token || !this.validAccess.has(token)) return unauthorized()
        const id = Number(url.pathname.split('/').pop())
        const addresses = this.customer.addresses as { id: number }[]
        if (!addresses.some((a) => a.id === id)) return json({ code: 404, result: `No such entity with addressId = ${id}` }, 404)
        this.customer = { ...this.customer, addresses: addresses.filter((a) => a.id !== id) as never[] }
        return this.lostAnswer(json({ code: 200, result: true }))
      }
      case '/api/user/order-history':
        if (!token || !this.validAccess.has(token)) return unauthorized()
        return json({ code: 200, result: { items: this.history, search_criteria: { page_size: 50, current_page: 1 }, total_count: this.history.length } })
      case '/api/user/me': {
        if (!token || !this.validAccess.has(token)) return unauthorized()
        if (init.method !== 'POST') return json({ code: 200, result: this.customer })
        this.profilePosts.push(body)
        // as the real server: another mailbox only with the current password
        const next = body.customer as { email: string }
        if (next.email.toLowerCase() !== this.customer.email.toLowerCase()) {
          if (body.currentPassword === undefined) return json({ code: 400, result: USER_MESSAGES.emailChangeNeedsPassword }, 400)
          if (body.currentPassword !== this.password) return json({ code: 400, result: USER_MESSAGES.currentPasswordWrong }, 400)
        }
        this.customer = { ...this.customer, ...next }
        return json({ code: 200, result: this.customer })
      }
    }
    // the cart calls: a customer's token must be current (a guest's call carries none)
    if (token && !this.validAccess.has(token)) return unauthorized()
    if (url.pathname === '/api/cart/create' && token) {
      if (this.customerCartId === null) this.customerCartId = ((await (await this.shopFetch(input, init)).json()) as { result: string }).result
      return json({ code: 200, result: this.customerCartId })
    }
    return this.shopFetch(input, init)
  }
}

/** The service started on `backend` as the leader, with Anna logged in and her profile loaded. */
async function startLoggedIn(backend: AccountBackend) {
  const started = await start(backend)
  await waitFor(started.status, (s) => s.isLeader)
  await started.service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
  const view = await accountView(started.service)
  await waitFor(view, (v) => v.customer?.firstname === 'Anna')
  return { ...started, view }
}

describe('DataService (worker): customer session', { timeout: 20_000 }, () => {
  it('logs in (profile loaded), refuses a wrong password, logs out with the spec clearing', async () => {
    const backend = new AccountBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const view = await accountView(service)
    await waitFor(view, (v) => !v.loggedIn)

    expect(await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'wrong one' })).toMatchObject({
      ok: false,
      error: 'signInIncorrect',
    })
    expect(view()).toMatchObject({ loggedIn: false, customer: null })

    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 2 })
    await service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-1' })
    await service.updateCheckout({ personalDetails: { firstName: 'Anna' } } as never)
    const guest = await waitFor(cart, (c) => c.serverCartId !== null && !c.pendingSync)

    expect(await service.applyAccountCommand({ type: 'login', email: ' Anna@example.com '.trim().toLowerCase(), password: 'correct horse 1' })).toEqual({
      ok: true,
      notifications: [],
    })
    expect(await waitFor(view, (v) => v.loggedIn && v.customer !== null)).toEqual({
      loggedIn: true,
      customer: { email: 'anna@example.com', firstname: 'Anna', lastname: 'de Vries' },
      profilePending: false,
      sessionEnded: false,
      addresses: [],
      addressNotices: [],
      socialLinks: [],
    })
    // the cart authorised: the customer's server cart connected with the token, the guest line merged into it once
    const authorised = await waitFor(cart, (c) => !c.pendingSync && c.serverCartId === backend.customerCartId)
    expect(authorised.serverCartId).not.toBe(guest.serverCartId)
    expect(backend.tokensSeen.some((t) => t.startsWith(`/api/cart/pull access-1`))).toBe(true)
    expect(backend.cart.carts.get(authorised.serverCartId!)!.map((l) => [l.sku, l.qty])).toEqual([['SKU-1', 2]])
    expect(authorised.items.map((i) => [i.sku, i.qty])).toEqual([['SKU-1', 2]])

    const out = await service.applyAccountCommand({ type: 'logout' })
    expect(out).toMatchObject({ ok: true, notifications: [{ type: 'success', key: 'loggedOut' }] })
    expect(backend.logoutCalls).toEqual(['access-1 refresh-1'])
    expect(await waitFor(view, (v) => !v.loggedIn)).toEqual({
      loggedIn: false,
      customer: null,
      profilePending: false,
      sessionEnded: false,
      addresses: [],
      addressNotices: [],
      socialLinks: [],
    })
    const cleared = await waitFor(cart, (c) => c.items.length === 0)
    expect(cleared.serverCartId).toBeNull()
    expect(cleared.pendingSync).toBe(false)
    let lists: { wishlist: unknown[] } | undefined
    await service.subscribeLists((l) => {
      lists = l
    })
    await waitFor(
      () => lists,
      (l) => l.wishlist.length === 0,
    )
    let checkout: { details: { personalDetails: { firstName?: string } } } | undefined
    await service.subscribeCheckout((c) => {
      checkout = c as never
    })
    expect(
      (
        await waitFor(
          () => checkout,
          () => true,
        )
      ).details.personalDetails.firstName ?? '',
    ).toBe('')
    // cleared without sync: the customer's server cart was not emptied line by line
    await service.flushCartSync()
    expect(backend.cart.carts.get(authorised.serverCartId!)!.map((l) => l.sku)).toEqual(['SKU-1'])
  })

  it('registers (create, then login) and keeps the session across a reload', async () => {
    const backend = new AccountBackend()
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange })
    const databaseName = `polder-account-${Date.now()}`
    const first = await start(backend, { storage, databaseName })
    await waitFor(first.status, (s) => s.isLeader)
    expect(
      await first.service.applyAccountCommand({
        type: 'register',
        firstname: 'Anna',
        lastname: 'de Vries',
        email: 'taken@example.com',
        password: 'long enough',
      }),
    ).toMatchObject({ ok: false, error: 'emailTaken' })
    expect(
      await first.service.applyAccountCommand({ type: 'register', firstname: 'Bram', lastname: 'Peeters', email: 'bram@example.com', password: 'long enough' }),
    ).toMatchObject({ ok: true })
    await waitFor(await accountView(first.service), (v) => v.customer?.firstname === 'Bram')
    await stop(first.service)

    const again = await start(backend, { storage, databaseName })
    const view = await accountView(again.service)
    expect(await waitFor(view, (v) => v.loggedIn)).toMatchObject({ customer: { firstname: 'Bram', lastname: 'Peeters' } })
  })

  it('an expired access token: the cart sync refreshes once and retries, keeping its cart; calls at once share one refresh', async () => {
    const backend = new AccountBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })
    const before = await waitFor(cart, (c) => c.serverCartId !== null && !c.pendingSync)

    backend.expireAccessTokens()
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-2'), qty: 1 })
    const after = await waitFor(cart, (c) => c.items.length === 2 && !c.pendingSync)
    expect(after.serverCartId).toBe(before.serverCartId)
    expect(backend.cart.calls).not.toContain('create:guest')
    expect(backend.refreshCalls).toBe(1)
    expect(
      backend.cart.carts
        .get(before.serverCartId!)!
        .map((l) => l.sku)
        .sort(),
    ).toEqual(['SKU-1', 'SKU-2'])

    backend.expireAccessTokens()
    const results = await Promise.all(
      ['Anna', 'Anneke', 'Annie'].map((firstname) => service.applyAccountCommand({ type: 'updateProfile', firstname, lastname: 'de Vries' })),
    )
    expect(results.every((r) => r.ok)).toBe(true)
    expect(results[0]!.notifications).toMatchObject([{ type: 'success', key: 'accountUpdated' }])
    expect(backend.refreshCalls).toBe(2)
  })

  it('a refused refresh logs out silently: the session ended, the cart kept on the device', async () => {
    const backend = new AccountBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })
    await waitFor(cart, (c) => c.serverCartId !== null && !c.pendingSync)
    const view = await accountView(service)

    backend.expireAccessTokens()
    backend.refuseRefresh = true
    expect(await service.applyAccountCommand({ type: 'updateProfile', firstname: 'Anneke', lastname: 'de Vries' })).toMatchObject({
      ok: false,
      error: 'notLoggedIn',
    })
    expect(await waitFor(view, (v) => v.sessionEnded)).toEqual({
      loggedIn: false,
      customer: null,
      profilePending: false,
      sessionEnded: true,
      addresses: [],
      addressNotices: [],
      socialLinks: [],
    })
    expect(cart()!.items.map((i) => i.sku)).toEqual(['SKU-1'])
    await service.applyAccountCommand({ type: 'dismissSessionEnded' })
    await waitFor(view, (v) => !v.sessionEnded)
  })

  it('a refresh still out when the shopper logs out (or in again) is refused: no "session ended", a new login stands', async () => {
    const backend = new AccountBackend()
    const { service, view } = await startLoggedIn(backend)

    // the profile save meets an expired token; its refresh is held while the shopper logs out
    backend.expireAccessTokens()
    let release = () => {}
    backend.refreshGate = new Promise<void>((resolve) => (release = resolve))
    const saving = service.applyAccountCommand({ type: 'updateProfile', firstname: 'Anneke', lastname: 'de Vries' })
    await waitFor(
      () => (backend.refreshCalls === 1 ? true : undefined),
      (held) => held,
    )
    expect(await service.applyAccountCommand({ type: 'logout' })).toMatchObject({ ok: true })
    release()
    expect(await saving).toMatchObject({ ok: false, error: 'notLoggedIn' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(view()).toMatchObject({ loggedIn: false, sessionEnded: false })

    // the same with a login again while the refresh is out: the new session is kept, not ended
    await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
    await waitFor(view, (v) => v.customer?.firstname === 'Anna')
    backend.expireAccessTokens()
    backend.refreshGate = new Promise<void>((resolve) => (release = resolve))
    const again = service.applyAccountCommand({ type: 'updateProfile', firstname: 'Annie', lastname: 'de Vries' })
    await waitFor(
      () => (backend.refreshCalls === 2 ? true : undefined),
      (held) => held,
    )
    await service.applyAccountCommand({ type: 'logout' })
    expect(await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })).toMatchObject({ ok: true })
    release()
    expect(await again).toMatchObject({ ok: true })
    expect(view()).toMatchObject({ loggedIn: true, sessionEnded: false })
    expect(backend.customer.firstname).toBe('Annie')
  })

  it('logout forgets the tokens before the server revokes them: a call meeting an expired token meanwhile asks no refresh', async () => {
    const backend = new AccountBackend()
    const { service, view } = await startLoggedIn(backend)

    backend.expireAccessTokens()
    let release = () => {}
    backend.logoutGate = new Promise<void>((resolve) => (release = resolve))
    const loggingOut = service.applyAccountCommand({ type: 'logout' })
    await waitFor(view, (v) => !v.loggedIn)
    expect(await service.applyAccountCommand({ type: 'updateProfile', firstname: 'Anneke', lastname: 'de Vries' })).toMatchObject({
      ok: false,
      error: 'notLoggedIn',
    })
    release()
    expect(await loggingOut).toMatchObject({ ok: true })
    expect(backend.refreshCalls).toBe(0)
    expect(backend.logoutCalls).toHaveLength(1)
    expect(view()).toMatchObject({ loggedIn: false, sessionEnded: false })
  })

  it('a refresh refused to the queue ends the session and clears the untransmitted tasks: none is sent after the next login', async () => {
    const backend = new AccountBackend()
    const { service, view } = await startLoggedIn(backend)

    await service.setOnline(false)
    // two queued edits: the first meets the refused refresh (answered 401), the second is never sent
    await service.applyAccountCommand({ type: 'updateProfile', firstname: 'Anneke', lastname: 'de Vries' })
    await service.applyAccountCommand({ type: 'updateProfile', firstname: 'Annie', lastname: 'de Vries' })
    await waitFor(view, (v) => v.profilePending)
    backend.expireAccessTokens()
    backend.refuseRefresh = true
    await service.setOnline(true)
    expect(await waitFor(view, (v) => v.sessionEnded)).toMatchObject({ loggedIn: false, profilePending: false })
    expect(backend.refreshCalls).toBe(1)

    // logged in again: the queue runs with a good token, and the dropped edit is not among what it sends
    backend.refuseRefresh = false
    await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
    await waitFor(view, (v) => v.loggedIn && !v.sessionEnded)
    await service.setOnline(false)
    await service.setOnline(true)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(backend.customer.firstname).toBe('Anna')
  })

  it('a refresh that cannot reach the server keeps the shopper logged in: the call fails as offline, a queued edit waits, both go through once it is reachable', async () => {
    const backend = new AccountBackend()
    const { service, view } = await startLoggedIn(backend)

    backend.expireAccessTokens()
    backend.refreshUnreachable = true
    expect(await service.applyAccountCommand({ type: 'updateProfile', firstname: 'Anneke', lastname: 'de Vries' })).toMatchObject({
      ok: false,
      error: 'offline',
    })
    expect(backend.refreshCalls).toBe(1)
    expect(view()).toMatchObject({ loggedIn: true, sessionEnded: false, customer: { firstname: 'Anna' } })

    // a queued edit meets the expired token while the refresh is still out of reach: kept, pending, logged in
    await service.setOnline(false)
    await service.applyAccountCommand({ type: 'updateProfile', firstname: 'Annie', lastname: 'de Vries' })
    await service.setOnline(true)
    await waitFor(
      () => (backend.refreshCalls >= 2 ? true : undefined),
      (done) => done,
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(view()).toMatchObject({ loggedIn: true, sessionEnded: false, profilePending: true })

    // reachable again: the next attempt refreshes and the queued edit is sent once
    backend.refreshUnreachable = false
    await service.setOnline(false)
    await service.setOnline(true)
    expect(await waitFor(view, (v) => !v.profilePending)).toMatchObject({ loggedIn: true, customer: { firstname: 'Annie' } })
    expect(backend.customer.firstname).toBe('Annie')
    expect(await service.applyAccountCommand({ type: 'updateProfile', firstname: 'Anneke', lastname: 'de Vries' })).toMatchObject({ ok: true })
    expect(backend.customer.firstname).toBe('Anneke')
  })

  it('a new e-mail address goes with the current password, online only: missing, wrong and offline are refused, the right one changes it', async () => {
    const backend = new AccountBackend()
    const { service, view } = await startLoggedIn(backend)
    const change = (extra: { email?: string; currentPassword?: string }) =>
      service.applyAccountCommand({ type: 'updateProfile', firstname: 'Anna', lastname: 'de Vries', ...extra })

    // no password: refused here, nothing sent
    expect(await change({ email: 'anna.new@example.com' })).toMatchObject({ ok: false, error: 'currentPasswordMissing' })
    expect(backend.profilePosts).toEqual([])
    // offline: never queued (a password does not wait on the device)
    await service.setOnline(false)
    expect(await change({ email: 'anna.new@example.com', currentPassword: 'correct horse 1' })).toMatchObject({ ok: false, error: 'offline' })
    await service.setOnline(true)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(backend.profilePosts).toEqual([])
    expect(view()).toMatchObject({ profilePending: false, customer: { email: 'anna@example.com' } })

    expect(await change({ email: 'anna.new@example.com', currentPassword: 'not my password' })).toMatchObject({ ok: false, error: 'currentPasswordWrong' })
    expect(backend.customer.email).toBe('anna@example.com')
    expect(await change({ email: ' anna.new@example.com ', currentPassword: 'correct horse 1' })).toMatchObject({ ok: true })
    expect(backend.profilePosts.at(-1)).toEqual({
      customer: { email: 'anna.new@example.com', firstname: 'Anna', lastname: 'de Vries' },
      currentPassword: 'correct horse 1',
    })
    expect(await waitFor(view, (v) => v.customer?.email === 'anna.new@example.com')).toMatchObject({ loggedIn: true })

    // the name alone, or the same address in another case, sends no password
    expect(await change({ email: 'Anna.New@example.com', currentPassword: 'correct horse 1' })).toMatchObject({ ok: true })
    expect(await service.applyAccountCommand({ type: 'updateProfile', firstname: 'Anneke', lastname: 'de Vries' })).toMatchObject({ ok: true })
    expect(backend.profilePosts.slice(-2).map((b) => 'currentPassword' in b)).toEqual([false, false])
  })

  it('a name changed offline is shown at once as pending, queued, and sent when back online (its token renewed)', async () => {
    const backend = new AccountBackend()
    const { service, view } = await startLoggedIn(backend)

    await service.setOnline(false)
    expect(await service.applyAccountCommand({ type: 'updateProfile', firstname: 'Anneke', lastname: 'de Vries' })).toEqual({ ok: true, notifications: [] })
    expect(await waitFor(view, (v) => v.profilePending)).toMatchObject({ customer: { firstname: 'Anneke' } })
    expect(backend.customer.firstname).toBe('Anna')

    backend.expireAccessTokens()
    await service.setOnline(true)
    expect(await waitFor(view, (v) => !v.profilePending)).toMatchObject({ loggedIn: true, customer: { firstname: 'Anneke' } })
    expect(backend.customer.firstname).toBe('Anneke')
    expect(backend.refreshCalls).toBe(1)
  })

  it('create-password from the reset link: a wrong token refused, the right one sets it and logs in; change-password checks the current one', async () => {
    const backend = new AccountBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const view = await accountView(service)
    const refused = await service.applyAccountCommand({ type: 'createPassword', email: 'anna@example.com', token: 'spent', password: 'a new password' })
    expect(refused).toMatchObject({ ok: false, error: 'resetTokenInvalid' })
    expect(await service.applyAccountCommand({ type: 'createPassword', email: 'anna@example.com', token: 'reset-1', password: 'short' })).toMatchObject({
      ok: false,
      error: 'invalid',
    })
    const set = await service.applyAccountCommand({ type: 'createPassword', email: 'anna@example.com', token: 'reset-1', password: 'a new password' })
    expect(set).toMatchObject({ ok: true, notifications: [{ type: 'success', key: 'passwordChanged' }] })
    expect(backend.password).toBe('a new password')
    expect(await waitFor(view, (v) => v.customer?.firstname === 'Anna')).toMatchObject({ loggedIn: true })

    const wrong = await service.applyAccountCommand({ type: 'changePassword', currentPassword: 'not it', newPassword: 'another password' })
    expect(wrong).toMatchObject({ ok: false, error: 'currentPasswordWrong' })
    const changed = await service.applyAccountCommand({ type: 'changePassword', currentPassword: 'a new password', newPassword: 'another password' })
    expect(changed).toMatchObject({ ok: true, notifications: [{ key: 'passwordChanged' }] })
    expect(backend.password).toBe('another password')
    expect(view()?.loggedIn).toBe(true)

    await service.setOnline(false)
    expect(await service.applyAccountCommand({ type: 'changePassword', currentPassword: 'another password', newPassword: 'third password' })).toMatchObject({
      ok: false,
      error: 'offline',
    })
  })

  it('create-password for another customer than the one logged in on this device: their session ends first, nothing of theirs passes over', async () => {
    const backend = new AccountBackend()
    const { service, status, cart } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    const view = await accountView(service)
    await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
    await waitFor(view, (v) => v.customer?.firstname === 'Anna')
    await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 2 })
    await service.applyListCommand({ type: 'add', list: 'wishlist', sku: 'SKU-1' })
    const annas = await waitFor(cart, (c) => c.items.length === 1 && !c.pendingSync && c.serverCartId !== null)
    const annaLogins = [...backend.logoutCalls]

    // Bram opens the link of his reset mail on the same tablet (the back end now knows him)
    backend.customer = { ...CUSTOMER, id: 8, email: 'bram@example.com', firstname: 'Bram', lastname: 'Peeters' }
    backend.customerCartId = null
    const set = await service.applyAccountCommand({ type: 'createPassword', email: 'bram@example.com', token: 'reset-1', password: 'a new password' })
    expect(set).toMatchObject({ ok: true, notifications: [{ key: 'passwordChanged' }] })
    expect(set.error).toBeUndefined()
    expect(await waitFor(view, (v) => v.customer?.firstname === 'Bram')).toMatchObject({ loggedIn: true, customer: { email: 'bram@example.com' } })
    // Anna's login was ended on the server; her cart line and wishlist did not pass to Bram
    expect(backend.logoutCalls.length).toBe(annaLogins.length + 1)
    const brams = await waitFor(cart, (c) => !c.pendingSync && c.serverCartId === backend.customerCartId)
    expect(brams.serverCartId).not.toBe(annas.serverCartId)
    expect(brams.items).toEqual([])
    expect(backend.cart.carts.get(brams.serverCartId!) ?? []).toEqual([])
    let lists: { wishlist: unknown[] } | undefined
    await service.subscribeLists((l) => {
      lists = l
    })
    expect(
      (
        await waitFor(
          () => lists,
          () => true,
        )
      ).wishlist,
    ).toEqual([])
  })

  it('the address book: saved online at once; offline shown as pending, sent once when back online; BE/NL rules checked', async () => {
    const backend = new AccountBackend()
    const { service, view } = await startLoggedIn(backend)
    const address = {
      firstname: 'Anna',
      lastname: 'de Vries',
      company: '',
      vatId: '',
      country: 'NL' as const,
      street: 'Damrak',
      houseNumber: '70',
      addition: '',
      postcode: '1012lm',
      city: 'Amsterdam',
      telephone: '06 12345678',
      defaultShipping: true,
      defaultBilling: false,
    }
    expect(await service.applyAccountCommand({ type: 'saveAddress', address: { ...address, postcode: '1000' } })).toMatchObject({ ok: false, error: 'invalid' })
    expect(backend.addressPuts).toBe(0)
    const saved = await service.applyAccountCommand({ type: 'saveAddress', address })
    expect(saved).toMatchObject({ ok: true, notifications: [{ key: 'addressSaved' }] })
    const first = (await waitFor(view, (v) => v.addresses.length === 1)).addresses[0]!
    expect(first).toMatchObject({ id: 41, key: 'a-41', postcode: '1012 LM', telephone: '+31612345678', defaultShipping: true, pending: null })
    expect(backend.customer.addresses[0]).toMatchObject({ street: ['Damrak', '70'], country_id: 'NL' })
    expect(backend.customer.addresses[0]).not.toHaveProperty('company')

    await service.setOnline(false)
    const queued = await service.applyAccountCommand({
      type: 'saveAddress',
      address: {
        ...address,
        country: 'BE',
        street: 'Grote Markt',
        houseNumber: '1',
        addition: 'bus 2',
        postcode: '1000',
        city: 'Brussel',
        telephone: '0470 12 34 56',
      },
    })
    expect(queued).toMatchObject({ ok: true, notifications: [{ key: 'addressQueued' }] })
    const pending = await waitFor(view, (v) => v.addresses.length === 2)
    expect(pending.addresses[1]).toMatchObject({ id: null, pending: 'save', city: 'Brussel', defaultShipping: true })
    expect(pending.addresses[0]).toMatchObject({ id: 41, defaultShipping: false })
    expect(backend.addressPuts).toBe(1)

    backend.expireAccessTokens()
    await service.setOnline(true)
    const sent = await waitFor(view, (v) => v.addresses.every((a) => a.pending === null) && v.addresses.length === 2)
    expect(sent.addresses.map((a) => a.id)).toEqual([41, 42])
    // the shopper is told, once: the notice stays in the view until dismissed
    expect(sent.addressNotices).toMatchObject([{ type: 'success', key: 'addressSaved', action1: 'ok' }])
    await service.applyAccountCommand({ type: 'dismissAddressNotices', ids: [sent.addressNotices[0]!.id] })
    expect((await waitFor(view, (v) => v.addressNotices.length === 0)).addresses).toHaveLength(2)
    expect(backend.addressPuts).toBe(2)
    expect(backend.customer.addresses[1]).toMatchObject({ street: ['Grote Markt', '1', 'bus 2'], postcode: '1000', country_id: 'BE' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(backend.addressPuts).toBe(2)
    // every save was named, each by its own key
    expect(new Set(backend.addressKeys).size).toBe(2)
    expect(backend.addressKeys.every((k) => k !== null && /^address-/.test(k))).toBe(true)

    // refused when sent: dropped from the book, and the shopper is told it failed
    await service.setOnline(false)
    await service.applyAccountCommand({ type: 'saveAddress', address: { ...address, street: 'Kalverstraat', defaultShipping: false } })
    await waitFor(view, (v) => v.addresses.length === 3)
    backend.refuseAddresses = true
    await service.setOnline(true)
    const refused = await waitFor(view, (v) => v.addresses.length === 2 && v.addressNotices.length === 1)
    expect(refused.addressNotices).toMatchObject([{ type: 'error', key: 'addressFailed' }])
    expect(refused.addresses.map((a) => a.id)).toEqual([41, 42])
  })

  it('a queued address change whose answer is lost after the server applied it: sent again, applied once', async () => {
    const backend = new AccountBackend()
    const { service, view } = await startLoggedIn(backend)
    const address = {
      firstname: 'Anna',
      lastname: 'de Vries',
      company: '',
      vatId: '',
      country: 'NL' as const,
      street: 'Coolsingel',
      houseNumber: '40',
      addition: '',
      postcode: '3011 AD',
      city: 'Rotterdam',
      telephone: '010 4172222',
      defaultShipping: false,
      defaultBilling: false,
    }

    // a new address: stored by the server, the answer lost; the queue keeps the task and sends it again
    await service.setOnline(false)
    expect(await service.applyAccountCommand({ type: 'saveAddress', address })).toMatchObject({ ok: true, notifications: [{ key: 'addressQueued' }] })
    backend.loseNextAddressAnswer = true
    await service.setOnline(true)
    await waitFor(
      () => backend,
      (b) => b.addressPuts === 1 && !b.loseNextAddressAnswer,
    )
    expect(view()!.addresses).toMatchObject([{ id: null, pending: 'save' }])
    await service.setOnline(true)
    const saved = await waitFor(view, (v) => v.addresses.length === 1 && v.addresses[0]!.pending === null)
    expect(backend.addressPuts).toBe(2)
    expect(backend.addressKeys[0]).not.toBeNull()
    expect(backend.addressKeys[1]).toBe(backend.addressKeys[0])
    expect(backend.customer.addresses).toHaveLength(1)
    expect(saved.addresses[0]).toMatchObject({ id: 41, street: 'Coolsingel' })

    // its delete: applied, the answer lost; sent again it meets a 404, and the address is gone here too
    await service.setOnline(false)
    expect(await service.applyAccountCommand({ type: 'deleteAddress', key: 'a-41' })).toMatchObject({ ok: true })
    expect((await waitFor(view, (v) => v.addresses[0]?.pending === 'delete')).addresses).toHaveLength(1)
    backend.loseNextAddressAnswer = true
    await service.setOnline(true)
    await waitFor(
      () => backend,
      (b) => b.customer.addresses.length === 0 && !b.loseNextAddressAnswer,
    )
    await service.setOnline(true)
    const gone = await waitFor(view, (v) => v.addresses.length === 0)
    expect(gone.addressNotices.map((n) => n.key)).toEqual(['addressSaved', 'addressDeleted'])
  })

  it('login fills the orders collection from the order history (kept for offline), once per order', async () => {
    const backend = new AccountBackend()
    const address = {
      firstname: 'Anna',
      lastname: 'de Vries',
      street: ['Damrak', '70'],
      postcode: '1012 LM',
      city: 'Amsterdam',
      country_id: 'NL',
      telephone: '+31612345678',
    }
    backend.history = [
      {
        entity_id: 3,
        increment_id: '000000003',
        created_at: '2026-02-01 10:00:00',
        updated_at: '2026-02-01 10:00:00',
        status: 'processing',
        state: 'processing',
        store_name: 'Nederlands',
        customer_email: 'anna@example.com',
        customer_is_guest: false,
        order_currency_code: 'EUR',
        grand_total: 65.49,
        total_due: 0,
        subtotal: 49.59,
        subtotal_incl_tax: 60,
        tax_amount: 10.41,
        discount_amount: -0.5,
        shipping_amount: 4.95,
        shipping_incl_tax: 5.99,
        coupon_code: null,
        total_qty_ordered: 2,
        items: [
          {
            item_id: 1,
            sku: 'MS-1',
            name: 'Trui',
            product_type: 'simple',
            qty_ordered: 2,
            price: 24.79,
            price_incl_tax: 30,
            row_total: 49.59,
            row_total_incl_tax: 60,
            tax_percent: 21,
            product_option: null,
          },
        ],
        billing_address: address,
        shipping_address: address,
        payment: { method: 'ideal' },
        shipping_method: 'flatrate_flatrate',
      },
    ]
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    let orders: OrderView[] = []
    await service.subscribeOrders((o) => {
      orders = o
    })
    await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
    const [order] = await waitFor(
      () => orders,
      (o) => o.length === 1,
    )
    expect(order).toMatchObject({
      order_id: 'history-000000003',
      status: 'placed',
      placed: { orderNumber: '000000003' },
      lines: [{ sku: 'MS-1', qty: 2, price_incl_tax: 3000 }],
      totals: { subtotal: 6000, shipping: 599, discount: 50, grandTotal: 6549 },
      shippingAddress: { street: 'Damrak', houseNumber: '70', city: 'Amsterdam' },
    })
    await service.applyAccountCommand({ type: 'logout' })
    await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(orders).toHaveLength(1)
  })
})
