/** The social-login calls of the gateway (replication/api-social-calls; spec §7 "Social login"). */
import { describe, expect, it } from 'vitest'
import { ApiClient, type FetchLike } from '../../replication/api-client'
import { ApiError, WrongResponseFormatError } from '../../replication/api-errors'

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const LINK = { link_id: 3, sociallogin_id: 'sub-1', type: 'google', email: 'anna@example.com', created_at: '2026-11-25 19:00:00' }

/** A server that takes only `valid()` as the access token (in the URL or the links body) and renews 'old' to 'new'. */
function client(answer: (path: string, body: Record<string, unknown>) => Response, valid = () => 'new') {
  let token: string | null = 'old'
  const calls: { path: string; token: string | null; body: Record<string, unknown> }[] = []
  const renewals: string[] = []
  const fetch: FetchLike = async (url, init = {}) => {
    const { pathname, searchParams } = new URL(url)
    const body = (typeof init.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>
    const sent = searchParams.get('token') ?? (typeof body.token === 'string' ? body.token : null)
    calls.push({ path: pathname, token: sent, body })
    if (sent !== null && sent !== valid()) return json({ code: 401, result: "The consumer isn't authorized to access self." }, 401)
    return answer(pathname, body)
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
  return {
    api,
    calls,
    renewals,
    logOut: () => {
      token = null
    },
  }
}

describe('ApiClient social login', () => {
  it('logs in with the provider code: the token pair, no customer token sent; a refusal is an ApiError with the errorMessage', async () => {
    const { api, calls } = client((path, body) =>
      body.code === 'good'
        ? json({ code: 200, result: 'access-9', meta: { refreshToken: 'refresh-9' } })
        : json({ code: 400, result: { errorMessage: 'The state of this login is not valid.' } }, 400),
    )
    const body = { type: 'google', storeCode: 'nl', code: 'good', state: 's1' } as const
    expect(await api.socialLogin(body)).toEqual({ accessToken: 'access-9', refreshToken: 'refresh-9' })
    expect(calls[0]).toEqual({ path: '/api/ext/social-login/login', token: null, body })
    const refused = await api.socialLogin({ ...body, code: 'bad' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect(ApiError.describe((refused as ApiError).result)).toBe('The state of this login is not valid.')
    await expect(
      client(() => json({ code: 200, result: 'access-9' })).api.socialLogin(body),
      'an answer without meta.refreshToken is no login',
    ).rejects.toBeInstanceOf(WrongResponseFormatError)
  })

  it('links an account with the token in the URL, renewed once on a 401', async () => {
    const { api, calls, renewals } = client(() => json({ code: 200, result: LINK }))
    const body = { type: 'google', customerId: 7, storeCode: 'nl', code: 'c', state: 's' } as const
    expect(await api.linkSocialAccount(body)).toEqual(LINK)
    expect(renewals).toEqual(['old'])
    expect(calls.map((c) => [c.path, c.token])).toEqual([
      ['/api/ext/social-login/link-account', 'old'],
      ['/api/ext/social-login/link-account', 'new'],
    ])
    expect(calls[1]!.body).toEqual(body)
  })

  it('lists the links with the token in the body, renewed once on a 401; only entries with a type are kept', async () => {
    const { api, calls, renewals } = client(() => json({ code: 200, result: [LINK, { link_id: 4, sociallogin_id: 'x', email: null, created_at: 'x' }] }))
    expect(await api.socialLinks()).toEqual([LINK])
    expect(renewals).toEqual(['old'])
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/ext/social-login/links', { token: 'old' }],
      ['/api/ext/social-login/links', { token: 'new' }],
    ])
    const broken = client(() => json({ code: 200, result: [{ ...LINK, type: 'myspace' }] }))
    await expect(broken.api.socialLinks(), 'a typed entry of the wrong shape is a wrong answer').rejects.toBeInstanceOf(WrongResponseFormatError)
  })

  it('a 401 with the renewed token too is the caller’s ApiError; without a token nothing is renewed', async () => {
    const stuck = client(
      (path) => json({ code: 200, result: path.endsWith('/unlink') ? true : [] }),
      () => 'never',
    )
    await expect(stuck.api.socialLinks()).rejects.toMatchObject({ name: 'ApiError', code: 401 })
    expect(stuck.calls).toHaveLength(2)
    stuck.logOut()
    await expect(stuck.api.unlinkSocial(3)).resolves.toBe(true)
    expect(stuck.renewals).toEqual(['old'])
  })

  it('unlinks by link id with the token in the URL; someone else’s link is a 404 ApiError', async () => {
    const { api, calls } = client((_, body) =>
      body.link_id === 3 ? json({ code: 200, result: true }) : json({ code: 404, result: { errorMessage: 'No such link.' } }, 404),
    )
    await api.socialLinks().catch(() => undefined) // renews the token to 'new'
    expect(await api.unlinkSocial(3)).toBe(true)
    expect(calls.at(-1)).toEqual({ path: '/api/ext/social-login/unlink', token: 'new', body: { link_id: 3 } })
    await expect(api.unlinkSocial(5)).rejects.toMatchObject({ name: 'ApiError', code: 404 })
  })
})
