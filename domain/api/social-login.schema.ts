/**
 * Social login (spec §7 "Social login", §3 "Social link"; be-nl-domain §6): the calls and
 * their shapes, shared by the server (server/routes/social-login.ts) and the client's ApiClient.
 *
 * The flow (OpenID Connect authorisation code + PKCE, in a pop-up; a full-page redirect when pop-ups
 * are blocked):
 * 1. The page opens `GET /api/ext/social-login/redirect/{provider}?storeCode=nl&mode=login|link`.
 *    The server makes `state` (CSRF), `nonce` and a PKCE verifier, keeps them in a signed, HttpOnly,
 *    short-lived cookie (path /api/ext/social-login) and answers 302 to the provider's authorisation
 *    endpoint, with the store view's own redirect URL: `{origin}/{store}/auth/callback/{provider}`
 *    (the fr host: `{fr origin}/auth/callback/{provider}`).
 * 2. The provider sends the pop-up back to that SPA page (`social-log-in-pop-up`, empty layout) with
 *    `?code&state`, or `?error=access_denied` when the shopper cancels. The page posts
 *    `{type: 'auth', provider, status, code, state}` to `window.opener` with its own exact origin and
 *    closes; the opener checks `event.origin` and goes on (without an opener, the page goes on itself).
 * 3. The client posts the code and state to `login` (or `link-account` when logged in); the server
 *    checks the state against the cookie, exchanges the code (client secret + PKCE verifier), checks
 *    the id_token (signature by JWKS, iss, aud, exp, nonce), and links or creates the customer.
 *
 * Calls (answers in the usual envelope `{code, result}`; refusals `{code: 4xx, result: {errorMessage}}`):
 * - `POST /api/ext/social-login/login` `{type, storeCode, code, state}` → 200
 *   `{code, result: accessToken, meta: {refreshToken}}` (as /api/user/login).
 * - `POST /api/ext/social-login/link-account?token=` `{type, customerId, storeCode, code, state}` →
 *   200 SocialLink (the provider account now logs in to this customer). 409 when it already belongs to
 *   another customer.
 * - `POST /api/ext/social-login/links` `{token}` → 200 SocialLink[] (the customer's links).
 * - `POST /api/ext/social-login/unlink?token=` `{link_id}` → 200 `true`; a link of someone else → 404.
 * Providers: `google` and `facebook` (the local stand-in provider by default, the real ones when
 * their client ids are configured).
 */
import { z } from 'zod'
import { SOCIAL_MODES, SOCIAL_PROVIDERS } from '../social-providers'
import { STORE_CODES } from '../store-views'

// the providers and the service's base are plain constants, for the page's main thread (no zod there)
export { SOCIAL_LOGIN_BASE, SOCIAL_MODES, SOCIAL_PROVIDERS, type SocialMode, type SocialProvider } from '../social-providers'
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS)

export const SocialRedirectQuerySchema = z.object({
  storeCode: z.enum(STORE_CODES).default('en'),
  mode: z.enum(SOCIAL_MODES).default('login'),
})
export type SocialRedirectQuery = z.infer<typeof SocialRedirectQuerySchema>

/** What the provider sent back to the callback page, as the client passes it on. */
const providerData = {
  code: z.string().trim().min(1).max(2048),
  state: z.string().trim().min(1).max(512),
}

export const SocialLoginBodySchema = z.object({ type: SocialProviderSchema, storeCode: z.enum(STORE_CODES), ...providerData })
export type SocialLoginBody = z.infer<typeof SocialLoginBodySchema>

export const SocialLinkAccountBodySchema = z.object({
  type: SocialProviderSchema,
  customerId: z.number().int().positive(),
  storeCode: z.enum(STORE_CODES),
  ...providerData,
})
export type SocialLinkAccountBody = z.infer<typeof SocialLinkAccountBodySchema>

export const SocialLinksBodySchema = z.object({ token: z.string().trim().min(1).max(4096) })
export const SocialUnlinkBodySchema = z.object({ link_id: z.coerce.number().int().positive() })

/** spec §3 "Social link": sociallogin_id (the provider's subject id), type (the provider); link_id to unlink. */
export const SocialLinkSchema = z.object({
  link_id: z.number().int().positive(),
  sociallogin_id: z.string().min(1),
  type: SocialProviderSchema,
  /** the e-mail address the provider gave, if any (shown on the my-social-profiles page) */
  email: z.string().nullable(),
  created_at: z.string(),
})
export type SocialLink = z.infer<typeof SocialLinkSchema>
export const SocialLinksResultSchema = z.array(SocialLinkSchema)

/** The message the callback page posts to its opener (be-nl-domain §6 step 5). */
export const SocialAuthMessageSchema = z.object({
  type: z.literal('auth'),
  provider: SocialProviderSchema,
  status: z.enum(['ok', 'cancelled', 'error']),
  code: z.string().optional(),
  state: z.string().optional(),
})
export type SocialAuthMessage = z.infer<typeof SocialAuthMessageSchema>

/**
 * The refusals' `errorMessage` texts (English source texts, as USER_MESSAGES): the client matches an
 * answer's text against these and shows its own words for the key, in the shopper's language.
 */
export const SOCIAL_LOGIN_MESSAGES = {
  /** 400: the state does not match the one of this browser's sign-in (another tab, an old link, a forgery) or the 10 minutes are up */
  stateMismatch: 'This sign-in was not started here or has expired. Please try again.',
  /** 400: the provider refused the code (used twice, expired, PKCE or nonce mismatch) or its answer did not check out */
  providerRefused: 'The sign-in with the provider could not be completed. Please try again.',
  /** 400: the provider account has no e-mail address (a phone-only Facebook account) */
  emailMissing:
    'Your account with this provider has no e-mail address, so we cannot sign you in with it. Please create an account with your e-mail address instead.',
  /** 409: an account has this e-mail address, and the provider has not verified that the address is theirs */
  emailUnverified:
    'An account with this e-mail address already exists, and the provider has not confirmed the address. Log in with your password, then link this provider on your account page.',
  /** 409: link-account, the provider account already logs in to another customer */
  linkedElsewhere: 'This provider account is already linked to another customer account.',
  /** 403: link-account for another customer than the token's */
  notYours: "The consumer isn't authorized to access this resource.",
  /** 404: unlink of a link that is not the customer's */
  linkNotFound: 'This social login link does not exist.',
  /** 503: the provider could not be reached */
  providerUnavailable: 'The provider cannot be reached at the moment. Please try again later.',
} as const
export type SocialLoginMessageKey = keyof typeof SOCIAL_LOGIN_MESSAGES

/** A refusal's result (`{code: 4xx, result: {errorMessage}}`). */
export const SocialLoginErrorResultSchema = z.object({ errorMessage: z.string().min(1) })
