/**
 * Social login's wiring (server/app.ts): the real provider where its client is configured, else the
 * local stand-in on this server (under /api/oidc/{provider}), which the shop reaches in-process.
 */
import type { FastifyInstance } from 'fastify'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../domain/api/social-login.schema'
import type { Config } from '../config'
import { oidcStandinRoutes } from '../routes/oidc-standin'
import { socialLoginRoutes } from '../routes/social-login'
import { createSocialLoginService } from '../services/social-login-service'
import type { UserService } from '../services/user-service'
import type { Storage } from '../storage'
import { inProcessFetch } from './in-process-fetch'
import { createRelyingParty, type ProviderSetup } from './oidc-relying-party'
import { createOidcStandin, STANDIN_BASE_PATH, STANDIN_CLIENTS } from './oidc-standin'

export async function registerSocialLogin(
  app: FastifyInstance,
  { config, storage, users }: { config: Partial<Pick<Config, 'social' | 'publicUrl'>>; storage: Storage; users: UserService },
): Promise<void> {
  const social = config.social ?? {}
  const standinIssuerBase = config.publicUrl ?? 'http://localhost'
  const standinProviders = SOCIAL_PROVIDERS.filter((p) => !social[p])
  if (standinProviders.length > 0) {
    await app.register(oidcStandinRoutes, {
      standin: await createOidcStandin({ issuerBase: standinIssuerBase }),
      providers: standinProviders,
      publicUrl: config.publicUrl,
    })
  }
  const providerSetup = (p: SocialProvider): ProviderSetup => {
    const real = social[p]
    if (real)
      return {
        discoveryUrl: real.issuer,
        clientId: real.clientId,
        clientSecret: real.clientSecret,
        local: false,
        tokenEndpointFallback: real.tokenEndpointFallback,
      }
    return { discoveryUrl: `${standinIssuerBase}${STANDIN_BASE_PATH}/${p}`, ...STANDIN_CLIENTS[p], local: true }
  }
  const relyingParty = createRelyingParty({ google: providerSetup('google'), facebook: providerSetup('facebook') }, inProcessFetch(app))
  await app.register(socialLoginRoutes, {
    social: createSocialLoginService(storage, { users, relyingParty, log: app.log }),
    users,
    publicUrl: config.publicUrl,
  })
}
