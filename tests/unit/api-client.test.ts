/** The one request of replication/api-client: answer kinds, sync tasks, the probe and the time-out. */
import { describe, expect, it } from 'vitest'
import { ApiClient, type FetchLike } from '../../replication/api-client'
import { ApiError, BadContentTypeError, CartIdMissingError, NetworkError, RetryLaterError } from '../../replication/api-errors'
import { TimeoutError, withTimeout } from '../../replication/time-out'

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

function recording(answer: (url: string) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch: FetchLike = async (url, init = {}) => {
    calls.push({ url, init })
    return answer(url)
  }
  return { api: new ApiClient({ baseUrl: 'http://shop/', storeCode: 'nl', fetch, now: () => 0 }), calls }
}

const query = { _appliedFilters: [], _availableFilters: [], _appliedSort: [] }
const task = (url: string, headers: Record<string, string> = {}) => ({ url, payload: { method: 'POST', headers, body: '{"n":1}' } })

describe('ApiClient request', () => {
  it('sendTask fills {{cartId}} and {{token}}, keeps absolute URLs, and returns any envelope code', async () => {
    const { api, calls } = recording(() => json({ code: 401, result: 'expired', meta: { a: 1 } }, 401))
    const answer = await api.sendTask(task('/api/cart/apply-coupon?cartId={{cartId}}&token={{token}}', { Authorization: 'Bearer {{token}}' }), {
      token: 't/1',
      cartId: () => 'c 1',
    })
    expect(answer).toEqual({ status: 401, code: 401, result: 'expired', meta: { a: 1 } })
    expect(calls[0]?.url).toBe('http://shop/api/cart/apply-coupon?cartId=c%201&token=t%2F1')
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: 'Bearer t/1' })
    expect(calls[0]?.init.body).toBe('{"n":1}')
    await api.sendTask(task('https://other/api/x?token={{token}}'), { token: null, cartId: () => null })
    expect(calls[1]?.url).toBe('https://other/api/x?token=')
  })

  it('sendTask refuses a {{cartId}} task without a cart id before sending, and says "not now" for 429/503', async () => {
    const { api, calls } = recording(() => json({ code: 429, result: 'busy' }, 429, { 'retry-after': '7' }))
    await expect(api.sendTask(task('/api/cart/x?cartId={{cartId}}'), { token: null, cartId: () => null })).rejects.toBeInstanceOf(CartIdMissingError)
    expect(calls).toHaveLength(0)
    await expect(api.sendTask(task('/api/x'), { token: null, cartId: () => null })).rejects.toMatchObject({ name: 'RetryLaterError', retryAfterMs: 7000 })
    // an ordinary call reads the same 429 as the server's refusal
    await expect(api.checkStock('A')).rejects.toMatchObject({ name: 'ApiError', code: 429 })
    await expect(api.checkStock('A')).rejects.not.toBeInstanceOf(RetryLaterError)
  })

  it('reads the URL map bare: an envelope there is an ApiError even with code 200', async () => {
    await expect(recording(() => json({ code: 200, result: {} })).api.mapUrl('/x')).rejects.toBeInstanceOf(ApiError)
    await expect(recording(() => json({ error: 'no' }, 404)).api.mapUrl('/x')).rejects.toMatchObject({ code: 404 })
  })

  it('reads search answers bare or enveloped', async () => {
    const hits = { hits: { total: { value: 1 }, hits: [{ _source: { sku: 'A' } }] } }
    expect((await recording(() => json(hits)).api.search('i', 'product', query)).documents).toEqual([{ sku: 'A' }])
    expect((await recording(() => json({ code: 200, result: hits })).api.search('i', 'product', query)).total).toBe(1)
    await expect(recording(() => json({ code: 500, result: 'boom' })).api.search('i', 'product', query)).rejects.toMatchObject({ code: 500 })
  })

  it('asks products by sku with eq for one and in for several', async () => {
    const { api, calls } = recording(() => json({ hits: { total: 0, hits: [] } }))
    await api.productsBySku('polder_nl', ['A'])
    await api.productsBySku('polder_nl', ['A', 'B'])
    const filters = calls.map((c) => (JSON.parse(String(c.init.body)) as { _appliedFilters: { value: unknown }[] })._appliedFilters[0]?.value)
    expect(filters).toEqual([{ eq: 'A' }, { in: ['A', 'B'] }])
    expect(calls.map((c) => new URL(c.url).searchParams.get('size'))).toEqual(['1', '2'])
  })

  it('ping: any HTTP answer is reachable (even a portal page), a failed fetch is not', async () => {
    const portal = recording(() => new Response('<html>', { status: 302, headers: { 'content-type': 'text/html' } }))
    expect(await portal.api.ping()).toBe(true)
    expect(portal.calls[0]).toMatchObject({ url: 'http://shop/api', init: { method: 'GET', cache: 'no-store' } })
    const down = new ApiClient({ baseUrl: '', storeCode: 'nl', fetch: () => Promise.reject(new TypeError('Failed to fetch')) })
    expect(await down.ping()).toBe(false)
    await expect(down.checkStock('A')).rejects.toBeInstanceOf(NetworkError)
    await expect(recording(() => new Response('<html>', { headers: { 'content-type': 'text/html' } })).api.checkStock('A')).rejects.toBeInstanceOf(
      BadContentTypeError,
    )
  })

  it('a call past its time-out fails with TimeoutError and its fetch is aborted', async () => {
    let signal: AbortSignal | undefined
    const api = new ApiClient({
      baseUrl: '',
      storeCode: 'nl',
      fetch: (_url, init) => {
        signal = init?.signal ?? undefined
        return new Promise<Response>(() => undefined)
      },
    })
    await expect(api.checkStock('A', { timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError)
    expect(signal?.aborted).toBe(true)
  })
})

describe('withTimeout', () => {
  it('passes the answer or the failure of work that settles in time', async () => {
    await expect(withTimeout(Promise.resolve(3), 50)).resolves.toBe(3)
    await expect(withTimeout(Promise.reject(new Error('no')), 50)).rejects.toThrow('no')
  })

  it('fails with TimeoutError after the time and calls onTimeout once', async () => {
    let timedOut = 0
    await expect(withTimeout(new Promise(() => undefined), 10, () => timedOut++)).rejects.toMatchObject({ name: 'TimeoutError', timeoutMs: 10 })
    expect(timedOut).toBe(1)
  })
})

describe('ApiClient: an expired customer token', () => {
  function client(valid: () => string) {
    let token = 'old'
    const calls: string[] = []
    const renewals: string[] = []
    const fetch: FetchLike = async (url) => {
      calls.push(url)
      const sent = new URL(url).searchParams.get('token')
      if (url.includes('/api/user/refresh')) return json({ code: 200, result: 'new', meta: { refreshToken: 'r2' } })
      return sent === valid() ? json({ code: 200, result: [] }) : json({ code: 401, result: "The consumer isn't authorized to access self." }, 401)
    }
    const api = new ApiClient({
      baseUrl: 'http://shop',
      storeCode: 'nl',
      fetch,
      getToken: () => token,
      renewToken: async (stale) => {
        renewals.push(stale)
        token = 'new'
        return token
      },
    })
    return { api, calls, renewals }
  }

  it('renews the token on a 401 and sends the call once more with the fresh one', async () => {
    const { api, calls, renewals } = client(() => 'new')
    expect(await api.pullCart('c1')).toEqual([])
    expect(renewals).toEqual(['old'])
    expect(calls.map((u) => new URL(u).searchParams.get('token'))).toEqual(['old', 'new'])
    expect(new URL(calls[1]!).searchParams.get('cartId')).toBe('c1')
  })

  it('places an order with the customer’s token, renewed once on a 401 (a customer cart is only its owner’s to order)', async () => {
    const { api, calls, renewals } = client(() => 'new')
    const placed = {
      magentoOrderId: '7',
      orderNumber: '300000007',
      backendOrderId: '7',
      transferedAt: '2026-11-25T18:00:00Z',
      status: 'pending',
      grand_total: 10,
    }
    const fetch = api['options'].fetch
    api['options'].fetch = async (url, init) =>
      new URL(url).pathname === '/api/order' && new URL(url).searchParams.get('token') === 'new' ? json({ code: 200, result: placed }) : fetch(url, init)
    const body = { order_id: 'o1' } as unknown as Parameters<typeof api.placeOrder>[0]
    expect(await api.placeOrder(body)).toEqual({ kind: 'placed', result: placed })
    expect(renewals).toEqual(['old'])
    expect(calls.map((u) => new URL(u).searchParams.get('token'))).toEqual(['old'])
  })

  it('asks for a payment and its status with the customer’s token, renewed once on a 401 (a customer’s order is only theirs)', async () => {
    const { api, calls, renewals } = client(() => 'new')
    const fetch = api['options'].fetch
    api['options'].fetch = async (url, init) => {
      const { pathname, searchParams } = new URL(url)
      if (searchParams.get('token') !== 'new') return fetch(url, init)
      if (pathname === '/api/ext/payment/post-payment')
        return json({ code: 200, result: { order_id: '300000007', amount: 10, payment_gateway_url: 'http://shop/pay/1' } })
      if (pathname === '/api/ext/payment/get-payment-status')
        return json({ code: 200, result: { order_id: '300000007', status: 'paid', order_status: 'processing' } })
      return fetch(url, init)
    }
    expect((await api.postPayment('300000007')).payment_gateway_url).toBe('http://shop/pay/1')
    expect(renewals).toEqual(['old'])
    expect((await api.paymentStatus('300000007')).status).toBe('paid')
    expect(calls.map((u) => [new URL(u).pathname, new URL(u).searchParams.get('token')])).toEqual([['/api/ext/payment/post-payment', 'old']])
  })

  it('a 401 with the fresh token too is the caller’s ApiError (no loop); a guest call is never renewed', async () => {
    const { api, calls, renewals } = client(() => 'never')
    await expect(api.pullCart('c1')).rejects.toMatchObject({ name: 'ApiError', code: 401 })
    expect(calls).toHaveLength(2)
    expect(renewals).toHaveLength(1)
    await expect(api.login('a@b.example', 'x')).rejects.toBeInstanceOf(ApiError)
    expect(renewals).toHaveLength(1)
  })
})

describe('queued writes as sync tasks (the worker builds no API URL)', () => {
  it('carry the store view, a token placeholder the outbox fills in, and the body of the direct call', async () => {
    const sent: { url: string; init: RequestInit }[] = []
    const api = new ApiClient({
      baseUrl: 'http://shop',
      storeCode: 'nl',
      fetch: async (url, init = {}) => {
        sent.push({ url: String(url), init })
        return new Response(JSON.stringify({ code: 200, result: true }), { headers: { 'content-type': 'application/json' } })
      },
    })
    const profile = api.profileTask({ email: 'anna@example.com', firstname: 'Anna', lastname: 'de Vries' })
    expect(profile).toEqual({
      url: '/api/user/me?token={{token}}&storeCode=nl',
      payload: { method: 'POST', headers: {}, body: JSON.stringify({ customer: { email: 'anna@example.com', firstname: 'Anna', lastname: 'de Vries' } }) },
    })
    const removal = api.deleteAddressTask(7)
    expect(removal.url).toBe('/api/ext/address-book/address/7?token={{token}}&storeCode=nl')
    expect(removal.payload).toMatchObject({ method: 'DELETE', body: JSON.stringify({ addressId: 7 }) })
    // sent as a task, the placeholder gets the token of that moment
    await api.sendTask({ ...profile, task_id: 't', transmited: false } as never, { token: 'tok-9', cartId: () => null })
    expect(sent[0]?.url).toBe('http://shop/api/user/me?token=tok-9&storeCode=nl')
  })
})

describe('newsletter unsubscribe', () => {
  it('answers the state the address is in: unsubscribed, or still subscribed when the server mailed its link instead', async () => {
    for (const [result, state] of [
      ['unsubscribed', 'unsubscribed'],
      ['unsubscribe-mail-sent', 'subscribed'],
    ] as const) {
      const api = new ApiClient({ baseUrl: 'http://shop', storeCode: 'nl', fetch: async () => json({ code: 200, result }) })
      expect(await api.newsletterUnsubscribe('anna@example.com')).toBe(state)
    }
  })
})
