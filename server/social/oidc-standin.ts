/**
 * The local OpenID Connect provider stand-in (be-nl-domain §6): two providers named like
 * the real ones, `google` and `facebook`, with seeded test users, so social login works and is
 * tested without any network. Authorisation code flow with PKCE (S256 only):
 * - /authorize checks client_id and that redirect_uri is one of the shop's callback pages
 *   (server/social/callback-url.ts), keeps the request and shows a page to pick a test user;
 * - picking one sends the browser back with a code, valid once for 60 s; "Cancel" sends it back
 *   with error=access_denied;
 * - /token checks the client's secret, the redirect_uri and code_verifier against the stored
 *   challenge; a code used twice is `invalid_grant` and the tokens it gave are revoked (RFC 6749 §4.1.2);
 * - the id_token (RS256, signed with a key made at start, published at /jwks) carries the nonce.
 * Everything lives in this process's memory: pending requests, codes and access tokens are short-lived
 * and a restart only cancels sign-ins under way. Each map is capped, so anonymous requests cannot
 * grow it without bound.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../domain/api/social-login.schema'

export interface StandinUser {
  /** the subject id (the id_token's sub) and the page's data-user */
  id: string
  name: string
  given_name: string
  family_name: string
  email: string | null
  email_verified: boolean
  /** which case of the shop's matching this user tries (shown on the page) */
  edgeCase: string
}

/** The seeded test users; the demo customer anna.devries@example.nl is in server/seed/customers.ts. */
export const STANDIN_USERS: Readonly<Record<SocialProvider, readonly StandinUser[]>> = {
  google: [
    {
      id: 'google-noor',
      name: 'Noor Jansen',
      given_name: 'Noor',
      family_name: 'Jansen',
      email: 'noor.jansen@example.com',
      email_verified: true,
      edgeCase: 'verified e-mail, no account yet: a new account is made',
    },
    {
      id: 'google-anna',
      name: 'Anna de Vries',
      given_name: 'Anna',
      family_name: 'de Vries',
      email: 'anna.devries@example.nl',
      email_verified: true,
      edgeCase: 'verified e-mail of the demo password account: linked to it',
    },
    {
      id: 'google-eva',
      name: 'Eva Maes',
      given_name: 'Eva',
      family_name: 'Maes',
      email: 'eva.maes@example.be',
      email_verified: false,
      edgeCase: 'unverified e-mail, no account yet: a new account is made',
    },
    {
      id: 'google-luc',
      name: 'Luc Dubois',
      given_name: 'Luc',
      family_name: 'Dubois',
      email: 'luc.dubois@example.be',
      email_verified: false,
      edgeCase: 'unverified e-mail of the demo password account: refused',
    },
  ],
  facebook: [
    {
      id: 'facebook-daan',
      name: 'Daan Visser',
      given_name: 'Daan',
      family_name: 'Visser',
      email: 'daan.visser@example.nl',
      email_verified: true,
      edgeCase: 'verified e-mail, no account yet: a new account is made',
    },
    {
      id: 'facebook-anna',
      name: 'Anna de Vries',
      given_name: 'Anna',
      family_name: 'de Vries',
      email: 'anna.devries@example.nl',
      email_verified: false,
      edgeCase: 'unverified e-mail of the demo password account: refused',
    },
    {
      id: 'facebook-sem',
      name: 'Sem Bakker',
      given_name: 'Sem',
      family_name: 'Bakker',
      email: null,
      email_verified: false,
      edgeCase: 'no e-mail address (a phone-only account): refused',
    },
  ],
}

/** The stand-in's client credentials (not secrets: the stand-in signs nobody in anywhere else). */
export const STANDIN_CLIENTS: Readonly<Record<SocialProvider, { clientId: string; clientSecret: string }>> = {
  google: { clientId: 'polder-local-google', clientSecret: 'polder-local-google-secret' },
  facebook: { clientId: 'polder-local-facebook', clientSecret: 'polder-local-facebook-secret' },
}

/**
 * Under /api/: the app's service worker answers every other navigation with the app shell, and
 * leaves /api/ to the network (workers/service-worker.ts), so the pop-up reaches this page.
 */
export const STANDIN_BASE_PATH = '/api/oidc'
const CODE_TTL_MS = 60_000
const REQUEST_TTL_MS = 10 * 60_000
const TOKEN_TTL_S = 600
const MAX_ENTRIES = 5_000

/** The stand-in's answer to the token and userinfo endpoints (RFC 6749 §5.2 errors). */
export class StandinOAuthError extends Error {
  override name = 'StandinOAuthError'
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_token',
    readonly description: string,
    readonly status = error === 'invalid_client' || error === 'invalid_token' ? 401 : 400,
  ) {
    super(`${error}: ${description}`)
  }
}

/** An authorisation request the stand-in will not send back to its redirect_uri (shown as a page). */
export class StandinRequestError extends Error {
  override name = 'StandinRequestError'
}

interface PendingRequest {
  provider: SocialProvider
  redirectUri: string
  state: string | undefined
  nonce: string | undefined
  challenge: string
  expiresAt: number
}

interface IssuedCode {
  provider: SocialProvider
  redirectUri: string
  challenge: string
  nonce: string | undefined
  user: StandinUser
  expiresAt: number
  used: boolean
  accessTokens: string[]
}

/** A map that forgets entries past their time and its oldest ones past MAX_ENTRIES. */
function expiringMap<T extends { expiresAt: number }>(now: () => number) {
  const map = new Map<string, T>()
  return {
    get(key: string): T | undefined {
      const value = map.get(key)
      if (value && value.expiresAt <= now()) {
        map.delete(key)
        return undefined
      }
      return value
    },
    set(key: string, value: T): void {
      if (map.size >= MAX_ENTRIES) {
        for (const [k, v] of map) if (v.expiresAt <= now()) map.delete(k)
        while (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!)
      }
      map.set(key, value)
    },
    delete(key: string): void {
      map.delete(key)
    },
  }
}

const random = () => randomBytes(32).toString('base64url')
/** RFC 7636 §4.2: BASE64URL(SHA256(ASCII(code_verifier))), no padding. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url')

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/

export interface AuthorizeQuery {
  client_id?: string
  redirect_uri?: string
  response_type?: string
  scope?: string
  state?: string
  nonce?: string
  code_challenge?: string
  code_challenge_method?: string
}

export interface OidcStandinOptions {
  /** the issuers' base: `${issuerBase}/api/oidc/{provider}` (the shop talks to the stand-in in-process) */
  issuerBase: string
  clock?: () => number
}

export async function createOidcStandin(options: OidcStandinOptions) {
  const now = options.clock ?? (() => Date.now())
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = random().slice(0, 16)
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  const pending = expiringMap<PendingRequest>(now)
  const codes = expiringMap<IssuedCode>(now)
  const accessTokens = expiringMap<{ provider: SocialProvider; user: StandinUser; expiresAt: number }>(now)

  const issuer = (provider: SocialProvider) => `${options.issuerBase}${STANDIN_BASE_PATH}/${provider}`

  function checkClient(provider: SocialProvider, clientId: string | undefined, clientSecret: string | undefined): void {
    const client = STANDIN_CLIENTS[provider]
    if (clientId !== client.clientId || clientSecret === undefined || !sameText(clientSecret, client.clientSecret)) {
      throw new StandinOAuthError('invalid_client', 'unknown client or wrong client secret')
    }
  }

  return {
    issuer,
    /** the OpenID Provider Metadata (OpenID Connect Discovery 1.0 §3) */
    discovery(provider: SocialProvider) {
      const base = issuer(provider)
      return {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        userinfo_endpoint: `${base}/userinfo`,
        jwks_uri: `${base}/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'email', 'profile'],
        claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name', 'given_name', 'family_name'],
      }
    },
    jwks: () => ({ keys: [publicJwk] }),
    users: (provider: SocialProvider) => STANDIN_USERS[provider],

    /**
     * Checks an authorisation request and keeps it for the user's choice. StandinRequestError for a
     * wrong client or redirect_uri (never redirected to); `{redirect}` with an OAuth error for the
     * other mistakes, once the redirect_uri is known to be the shop's.
     */
    authorize(provider: SocialProvider, query: AuthorizeQuery, allowedRedirects: ReadonlySet<string>): { requestId: string } | { redirect: string } {
      if (query.client_id !== STANDIN_CLIENTS[provider].clientId) throw new StandinRequestError(`Unknown client_id for ${provider}.`)
      if (!query.redirect_uri || !allowedRedirects.has(query.redirect_uri)) {
        throw new StandinRequestError('The redirect_uri is not one of the shop’s callback pages.')
      }
      const back = (error: string, description: string) => {
        const url = new URL(query.redirect_uri!)
        url.searchParams.set('error', error)
        url.searchParams.set('error_description', description)
        if (query.state) url.searchParams.set('state', query.state)
        return { redirect: url.toString() }
      }
      if (query.response_type !== 'code') return back('unsupported_response_type', 'only response_type=code')
      if (!(query.scope ?? '').split(' ').includes('openid')) return back('invalid_scope', 'the openid scope is required')
      if (query.code_challenge_method !== 'S256' || !CHALLENGE.test(query.code_challenge ?? '')) {
        return back('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256')
      }
      const requestId = random()
      pending.set(requestId, {
        provider,
        redirectUri: query.redirect_uri,
        state: query.state,
        nonce: query.nonce,
        challenge: query.code_challenge!,
        expiresAt: now() + REQUEST_TTL_MS,
      })
      return { requestId }
    },

    /** The user's choice on the page: back to the shop with a code, or with access_denied. Null: no such request (any more). */
    decide(provider: SocialProvider, requestId: string, choice: { userId: string } | 'cancel'): string | null {
      const request = pending.get(requestId)
      if (!request || request.provider !== provider) return null
      const user = choice === 'cancel' ? undefined : STANDIN_USERS[provider].find((u) => u.id === choice.userId)
      if (choice !== 'cancel' && !user) return null
      pending.delete(requestId)
      const url = new URL(request.redirectUri)
      if (!user) {
        url.searchParams.set('error', 'access_denied')
        url.searchParams.set('error_description', 'The user cancelled the sign-in.')
      } else {
        const code = random()
        codes.set(code, {
          provider,
          redirectUri: request.redirectUri,
          challenge: request.challenge,
          nonce: request.nonce,
          user,
          expiresAt: now() + CODE_TTL_MS,
          used: false,
          accessTokens: [],
        })
        url.searchParams.set('code', code)
      }
      if (request.state) url.searchParams.set('state', request.state)
      return url.toString()
    },

    /** The token endpoint (RFC 6749 §4.1.3, RFC 7636 §4.6); StandinOAuthError for every refusal. */
    async token(provider: SocialProvider, form: Record<string, string | undefined>, basic: { id: string; secret: string } | null) {
      checkClient(provider, basic?.id ?? form.client_id, basic?.secret ?? form.client_secret)
      if (form.grant_type !== 'authorization_code') throw new StandinOAuthError('unsupported_grant_type', 'only authorization_code')
      const issued = form.code ? codes.get(form.code) : undefined
      if (!issued || issued.provider !== provider) throw new StandinOAuthError('invalid_grant', 'unknown or expired code')
      if (issued.used) {
        // a replayed code: whoever holds it now is refused, and the tokens it gave are revoked
        for (const token of issued.accessTokens) accessTokens.delete(token)
        throw new StandinOAuthError('invalid_grant', 'the code was already used')
      }
      issued.used = true
      if (form.redirect_uri !== issued.redirectUri) throw new StandinOAuthError('invalid_grant', 'redirect_uri differs from the authorisation request')
      if (!form.code_verifier || !VERIFIER.test(form.code_verifier) || !sameText(pkceChallenge(form.code_verifier), issued.challenge)) {
        throw new StandinOAuthError('invalid_grant', 'code_verifier does not match the code_challenge')
      }
      const user = issued.user
      const accessToken = random()
      issued.accessTokens.push(accessToken)
      accessTokens.set(accessToken, { provider, user, expiresAt: now() + TOKEN_TTL_S * 1000 })
      const iat = Math.floor(now() / 1000)
      const idToken = await new SignJWT({
        ...(issued.nonce ? { nonce: issued.nonce } : {}),
        ...(user.email ? { email: user.email, email_verified: user.email_verified } : {}),
        name: user.name,
        given_name: user.given_name,
        family_name: user.family_name,
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(issuer(provider))
        .setAudience(STANDIN_CLIENTS[provider].clientId)
        .setSubject(user.id)
        .setIssuedAt(iat)
        .setExpirationTime(iat + TOKEN_TTL_S)
        .sign(privateKey)
      return { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_TTL_S, scope: 'openid email profile', id_token: idToken }
    },

    /** The userinfo endpoint (OpenID Connect Core §5.3). */
    userinfo(provider: SocialProvider, accessToken: string | undefined) {
      const held = accessToken ? accessTokens.get(accessToken) : undefined
      if (!held || held.provider !== provider) throw new StandinOAuthError('invalid_token', 'unknown or expired access token')
      const u = held.user
      return {
        sub: u.id,
        name: u.name,
        given_name: u.given_name,
        family_name: u.family_name,
        ...(u.email ? { email: u.email, email_verified: u.email_verified } : {}),
      }
    },
  }
}
export type OidcStandin = Awaited<ReturnType<typeof createOidcStandin>>

export function isStandinProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value)
}
