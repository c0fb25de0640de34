/**
 * The shop as an OpenID Connect relying party (be-nl-domain §6), through openid-client (panva):
 * discovery, the authorisation request with PKCE S256, state and nonce, the code exchange and the
 * id_token's checks — its signature against the provider's JWKS (non-repudiation checks on), iss,
 * aud, exp and nonce. The one gateway to the providers: no other module talks to them.
 *
 * Per provider either the real one (its discovery URL and the shop's client id and secret) or the
 * local stand-in (server/social/oidc-standin.ts). The stand-in is reached in-process (`localFetch`,
 * app.inject) so it works whatever address the server listens on; it speaks plain http, which
 * openid-client allows for it only. What may fail: ProviderUnavailableError (discovery or a call
 * failed to get an answer), ProviderRefusedError (the provider refused the code, or its answer did
 * not pass a check: PKCE, nonce, signature, issuer, audience, expiry).
 */
import * as oidc from 'openid-client'
import type { SocialProvider } from '../../domain/api/social-login.schema'

export interface ProviderSetup {
  /** the issuer's discovery base (https://accounts.google.com) */
  discoveryUrl: string
  clientId: string
  clientSecret: string
  /** the local stand-in: in-process calls over http, and a relative authorisation address */
  local: boolean
  /** the token endpoint when the discovery document names none (Facebook's serves its implicit flow) */
  tokenEndpointFallback?: string
}

/** Who the provider says signed in (id_token claims). */
export interface SocialIdentity {
  provider: SocialProvider
  subject: string
  email: string | null
  emailVerified: boolean
  givenName: string | null
  familyName: string | null
  name: string | null
}

export interface AuthorizationStart {
  /** where the browser goes: the provider's authorisation endpoint with the request (relative for the stand-in) */
  url: string
  state: string
  nonce: string
  verifier: string
}

export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError'
}

export class ProviderRefusedError extends Error {
  override name = 'ProviderRefusedError'
}

const SCOPE = 'openid email profile'

const claimText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

export function createRelyingParty(providers: Readonly<Record<SocialProvider, ProviderSetup>>, localFetch: oidc.CustomFetch) {
  const configs = new Map<SocialProvider, Promise<oidc.Configuration>>()

  function configOf(provider: SocialProvider): Promise<oidc.Configuration> {
    let config = configs.get(provider)
    if (!config) {
      const setup = providers[provider]
      const auth = () => oidc.ClientSecretPost(setup.clientSecret)
      const execute = [oidc.enableNonRepudiationChecks, ...(setup.local ? [oidc.allowInsecureRequests] : [])]
      config = oidc
        .discovery(new URL(setup.discoveryUrl), setup.clientId, { client_secret: setup.clientSecret }, auth(), {
          execute,
          ...(setup.local ? { [oidc.customFetch]: localFetch } : {}),
          timeout: 10,
        })
        .then((discovered) => {
          let c = discovered
          const { supportsPKCE: _helper, ...server } = c.serverMetadata()
          if (!server.token_endpoint && setup.tokenEndpointFallback) {
            c = new oidc.Configuration(
              { ...server, token_endpoint: setup.tokenEndpointFallback },
              setup.clientId,
              { client_secret: setup.clientSecret },
              auth(),
            )
            for (const run of execute) run(c)
            c.timeout = 10
          }
          if (setup.local) c[oidc.customFetch] = localFetch
          return c
        })
      // a failed discovery is tried again at the next sign-in
      config.catch(() => configs.delete(provider))
      configs.set(provider, config)
    }
    return config.catch((err: unknown) => {
      throw new ProviderUnavailableError(`${provider} discovery failed: ${err instanceof Error ? err.message : String(err)}`)
    })
  }

  return {
    async start(provider: SocialProvider, redirectUri: string): Promise<AuthorizationStart> {
      const config = await configOf(provider)
      const verifier = oidc.randomPKCECodeVerifier()
      const state = oidc.randomState()
      const nonce = oidc.randomNonce()
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      })
      return { url: providers[provider].local ? `${url.pathname}${url.search}` : url.toString(), state, nonce, verifier }
    },

    /** Exchanges the code and checks the id_token; the identity it names. */
    async finish(
      provider: SocialProvider,
      p: { redirectUri: string; code: string; state: string; expectedState: string; nonce: string; verifier: string },
    ): Promise<SocialIdentity> {
      const config = await configOf(provider)
      const callback = new URL(p.redirectUri)
      callback.searchParams.set('code', p.code)
      callback.searchParams.set('state', p.state)
      let claims: oidc.IDToken | undefined
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: p.verifier,
          expectedState: p.expectedState,
          expectedNonce: p.nonce,
          idTokenExpected: true,
        })
        claims = tokens.claims()
      } catch (err) {
        if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ClientError) {
          throw new ProviderRefusedError(`${provider}: ${err.message}${'error' in err ? ` (${String(err.error)})` : ''}`)
        }
        throw new ProviderUnavailableError(`${provider} token call failed: ${err instanceof Error ? err.message : String(err)}`)
      }
      if (!claims) throw new ProviderRefusedError(`${provider}: no id_token`)
      return {
        provider,
        subject: claims.sub,
        email: claimText(claims.email),
        // only a literal true counts (Facebook sends no email_verified at all)
        emailVerified: claims.email_verified === true,
        givenName: claimText(claims.given_name),
        familyName: claimText(claims.family_name),
        name: claimText(claims.name),
      }
    },
  }
}
export type RelyingParty = ReturnType<typeof createRelyingParty>
