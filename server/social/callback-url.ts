/**
 * The store views' social login callback pages (domain/api/social-login.schema.ts, step 1): the SPA
 * page `{origin}/{store}/auth/callback/{provider}`, and on the French host
 * `{fr origin}/auth/callback/{provider}`. One function makes them for the shop's redirect and
 * decides the stand-in provider's allow-list, so the two never disagree.
 */
import type { SocialProvider } from '../../domain/api/social-login.schema'
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import { isFrenchHost, siblingOrigins } from '../http/public-origin'

/**
 * The callback page of `store` for a sign-in started on `origin`: the French store view keeps the
 * French host when it was started there; every other store view is on the main host under its prefix.
 */
export function socialCallbackUrl(origin: string, store: StoreCode, provider: SocialProvider): string {
  const onFrenchHost = isFrenchHost(new URL(origin).host)
  if (store === 'fr' && onFrenchHost) return `${siblingOrigins(origin).french}/auth/callback/${provider}`
  return `${siblingOrigins(origin).main}/${store}/auth/callback/${provider}`
}

/** Every callback page of the shop on `origins` (each with its French sibling) for `provider`. */
export function allowedCallbackUrls(origins: readonly string[], provider: SocialProvider): Set<string> {
  const allowed = new Set<string>()
  for (const origin of origins) {
    const { main, french } = siblingOrigins(origin)
    for (const store of STORE_CODES) allowed.add(`${main}/${store}/auth/callback/${provider}`)
    allowed.add(`${french}/auth/callback/${provider}`)
  }
  return allowed
}
