/**
 * The relying party's id_token checks (server/social/oidc-relying-party.ts) against two stand-in
 * providers with the same issuer, client and users but each its own signing key: the id_token of one
 * checked against the other's JWKS is refused (the signature is verified, not only the claims), and
 * an id_token from another issuer (iss) too. In-process, no storage.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import type { CustomFetch } from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oidcStandinRoutes } from '../../server/routes/oidc-standin'
import { inProcessFetch } from '../../server/social/in-process-fetch'
import { createRelyingParty, ProviderRefusedError, type ProviderSetup } from '../../server/social/oidc-relying-party'
import { createOidcStandin, STANDIN_CLIENTS } from '../../server/social/oidc-standin'

const ISSUER_BASE = 'http://localhost'
const REDIRECT = 'http://localhost/nl/auth/callback/google'

async function standinApp(issuerBase = ISSUER_BASE): Promise<FastifyInstance> {
  const app = Fastify()
  await app.register(oidcStandinRoutes, { standin: await createOidcStandin({ issuerBase }), providers: ['google', 'facebook'], publicUrl: undefined })
  await app.ready()
  return app
}

let signer: FastifyInstance
let other: FastifyInstance
let elsewhere: FastifyInstance
beforeAll(async () => {
  signer = await standinApp()
  other = await standinApp()
  elsewhere = await standinApp('http://elsewhere.example')
})
afterAll(async () => {
  await Promise.all([signer.close(), other.close(), elsewhere.close()])
})

const setup: Record<'google' | 'facebook', ProviderSetup> = {
  google: { discoveryUrl: `${ISSUER_BASE}/api/oidc/google`, ...STANDIN_CLIENTS.google, local: true },
  facebook: { discoveryUrl: `${ISSUER_BASE}/api/oidc/facebook`, ...STANDIN_CLIENTS.facebook, local: true },
}

/** Runs a sign-in: the relying party talks through `fetch`, the browser's part goes to `browser`. */
async function signIn(fetch: CustomFetch, browser: FastifyInstance, providers = setup) {
  const rp = createRelyingParty(providers, fetch)
  const start = await rp.start('google', REDIRECT)
  const page = await browser.inject({ method: 'GET', url: start.url, headers: { host: 'localhost' } })
  expect(page.statusCode, page.body).toBe(200)
  const href = /<a href="([^"]+)" data-user="google-noor">/.exec(page.body)![1]!.replaceAll('&amp;', '&')
  const callback = new URL(String((await browser.inject({ method: 'GET', url: href })).headers.location))
  return rp.finish('google', {
    redirectUri: REDIRECT,
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
    expectedState: start.state,
    nonce: start.nonce,
    verifier: start.verifier,
  })
}

describe('the id_token checks', () => {
  it('a sign-in through one provider: the identity of its id_token', async () => {
    const identity = await signIn(inProcessFetch(signer), signer)
    expect(identity).toMatchObject({ provider: 'google', subject: 'google-noor', email: 'noor.jansen@example.com', emailVerified: true })
  })

  it('its keys from another provider’s JWKS: the signature does not verify, refused', async () => {
    const viaSigner = inProcessFetch(signer)
    const viaOther = inProcessFetch(other)
    const mixed: CustomFetch = (url, options) => (new URL(url).pathname.endsWith('/jwks') ? viaOther(url, options) : viaSigner(url, options))
    await expect(signIn(mixed, signer)).rejects.toBeInstanceOf(ProviderRefusedError)
  })

  it('an id_token from another issuer than discovered: refused', async () => {
    const viaSigner = inProcessFetch(signer)
    const viaElsewhere = inProcessFetch(elsewhere)
    // discovery from the expected issuer; the code exchanged (and its id_token signed) by one that names itself differently
    const mixed: CustomFetch = (url, options) => {
      const path = new URL(url).pathname
      return path.endsWith('/token') || path.endsWith('/jwks') ? viaElsewhere(url, options) : viaSigner(url, options)
    }
    await expect(signIn(mixed, elsewhere)).rejects.toBeInstanceOf(ProviderRefusedError)
  })

  it('a discovery document without a token endpoint (Facebook’s): the configured fallback is used', async () => {
    const viaSigner = inProcessFetch(signer)
    const withoutToken: CustomFetch = async (url, options) => {
      const res = await viaSigner(url, options)
      if (!new URL(url).pathname.endsWith('/openid-configuration')) return res
      const { token_endpoint: _dropped, ...doc } = (await res.json()) as Record<string, unknown>
      return new Response(JSON.stringify(doc), { status: 200, headers: { 'content-type': 'application/json' } })
    }
    await expect(signIn(withoutToken, signer)).rejects.toThrow()
    const withFallback = { ...setup, google: { ...setup.google, tokenEndpointFallback: `${ISSUER_BASE}/api/oidc/google/token` } }
    expect(await signIn(withoutToken, signer, withFallback)).toMatchObject({ subject: 'google-noor' })
  })
})
