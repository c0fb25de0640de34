/**
 * The page side of the social-login round (be-nl-domain §6; the contract in
 * domain/api/social-login.schema.ts), without React so it is unit-tested on its own:
 * - where the round starts (the server's redirect, opened in a pop-up or, blocked, in this tab);
 * - what the callback page makes of the provider's answer (`?code&state`, or `?error=access_denied`);
 * - which messages reaching this window are the pop-up's answer: from this exact origin, marked
 *   `type: 'auth'` for the provider of the round under way (any page may post to a window). The
 *   worker then checks the answer against the contract's SocialAuthMessageSchema (no zod on the main
 *   thread);
 * - which round (login or link) a full-page fallback was, kept in this tab's sessionStorage while
 *   the browser is at the provider.
 */
import type { SocialAuthMessage } from '../../../domain/api/social-login.schema'
import { SOCIAL_LOGIN_BASE, type SocialMode, type SocialProvider } from '../../../domain/social-providers'
import type { StoreCode } from '../../../domain/store-views'

export type { SocialMode }

/** The pop-up's window name: a callback page that lost its opener knows by it that it may close itself. */
export const SOCIAL_POPUP_NAME = 'polder-social-login'

/** The server's start of the round for `provider` (it answers 302 to the provider). */
export function socialRedirectUrl(provider: SocialProvider, storeCode: StoreCode, mode: SocialMode): string {
  return `${SOCIAL_LOGIN_BASE}/redirect/${provider}?${new URLSearchParams({ storeCode, mode }).toString()}`
}

/** The callback URL's answer as the message the pop-up posts to its opener. */
export function callbackMessage(provider: SocialProvider, search: Record<string, unknown>): SocialAuthMessage {
  const text = (key: string) => (typeof search[key] === 'string' && search[key] ? search[key] : undefined)
  const [code, state, error] = [text('code'), text('state'), text('error')]
  if (error) return { type: 'auth', provider, status: error === 'access_denied' ? 'cancelled' : 'error' }
  if (!code || !state) return { type: 'auth', provider, status: 'error' }
  return { type: 'auth', provider, status: 'ok', code, state }
}

/** Whether a message is the pop-up's answer to the round under way for `provider` (its content is the worker's to check). */
export function isSocialAnswer(event: Pick<MessageEvent, 'origin' | 'data'>, ownOrigin: string, provider: SocialProvider): boolean {
  if (event.origin !== ownOrigin || typeof event.data !== 'object' || event.data === null) return false
  const data = event.data as { type?: unknown; provider?: unknown }
  return data.type === 'auth' && data.provider === provider
}

const MODE_KEY = 'polder-social-mode'

/** Kept when a round starts, for a callback page that has no opener to hand the answer to. */
export function rememberSocialMode(mode: SocialMode, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  try {
    storage.setItem(MODE_KEY, mode)
  } catch {
    // storage refused (private mode, quota): the callback then logs in, the default round
  }
}

/** The round this tab started (read once: a later visit to the callback starts from 'login'). */
export function takeSocialMode(storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): SocialMode {
  try {
    const mode = storage.getItem(MODE_KEY)
    storage.removeItem(MODE_KEY)
    return mode === 'link' ? 'link' : 'login'
  } catch {
    return 'login'
  }
}

/** The window that opened this one, when it is this shop's own page (a provider's page in between may have cut the tie). */
export function sameOriginOpener(win: Window = window): Window | null {
  try {
    const opener = win.opener as Window | null
    return opener && !opener.closed && opener.location.origin === win.location.origin ? opener : null
  } catch {
    return null // another origin's window: reading its location throws
  }
}
