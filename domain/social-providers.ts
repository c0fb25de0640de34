/**
 * The social-login providers and where the service lives (spec §7 "Social login"; the calls and
 * shapes are domain/api/social-login.schema.ts). Plain constants, without zod, so the page's main
 * thread can name the providers and start a round.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** The base of the social-login service (spec §7: the service endpoint in configuration). */
export const SOCIAL_LOGIN_BASE = '/api/ext/social-login'

/** The round the page starts: log in, or link the provider account to the logged-in customer. */
export const SOCIAL_MODES = ['login', 'link'] as const
export type SocialMode = (typeof SOCIAL_MODES)[number]

export function isSocialProvider(value: unknown): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly unknown[]).includes(value)
}
