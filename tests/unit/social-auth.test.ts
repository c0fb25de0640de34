/** The page side of the social-login round (src/routes/account/social-auth; be-nl-domain §6). */
import { describe, expect, it } from 'vitest'
import { callbackMessage, isSocialAnswer, rememberSocialMode, sameOriginOpener, socialRedirectUrl, takeSocialMode } from '../../src/routes/account/social-auth'

const ORIGIN = 'https://shop.example'
const OK = { type: 'auth', provider: 'google', status: 'ok', code: 'c-1', state: 's-1' }

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('social login round, page side', () => {
  it('starts at the server’s redirect with the store view and the round', () => {
    expect(socialRedirectUrl('google', 'nl', 'login')).toBe('/api/ext/social-login/redirect/google?storeCode=nl&mode=login')
    expect(socialRedirectUrl('facebook', 'fr', 'link')).toBe('/api/ext/social-login/redirect/facebook?storeCode=fr&mode=link')
  })

  it('takes a message only from its own exact origin, marked as the answer of the round under way (the worker checks the rest)', () => {
    expect(isSocialAnswer({ origin: ORIGIN, data: OK }, ORIGIN, 'google')).toBe(true)
    expect(isSocialAnswer({ origin: 'https://evil.example', data: OK }, ORIGIN, 'google'), 'another origin').toBe(false)
    expect(isSocialAnswer({ origin: 'https://shop.example:8443', data: OK }, ORIGIN, 'google'), 'another port').toBe(false)
    expect(isSocialAnswer({ origin: 'http://shop.example', data: OK }, ORIGIN, 'google'), 'another scheme').toBe(false)
    expect(isSocialAnswer({ origin: ORIGIN, data: OK }, ORIGIN, 'facebook'), 'another round’s provider').toBe(false)
    expect(isSocialAnswer({ origin: ORIGIN, data: { ...OK, type: 'webpackOk' } }, ORIGIN, 'google'), 'someone else’s message').toBe(false)
    expect(isSocialAnswer({ origin: ORIGIN, data: JSON.stringify(OK) }, ORIGIN, 'google'), 'a string').toBe(false)
    expect(isSocialAnswer({ origin: ORIGIN, data: null }, ORIGIN, 'google')).toBe(false)
    expect(isSocialAnswer({ origin: ORIGIN, data: { type: 'auth', provider: 'facebook', status: 'cancelled' } }, ORIGIN, 'facebook')).toBe(true)
  })

  it('reads the provider’s answer on the callback URL: code and state, a cancel, an error, nothing', () => {
    expect(callbackMessage('google', { code: 'c-1', state: 's-1' })).toEqual(OK)
    expect(callbackMessage('facebook', { error: 'access_denied', state: 's-1' })).toEqual({ type: 'auth', provider: 'facebook', status: 'cancelled' })
    expect(callbackMessage('google', { error: 'server_error' })).toEqual({ type: 'auth', provider: 'google', status: 'error' })
    expect(callbackMessage('google', { code: 'c-1' }), 'no state').toMatchObject({ status: 'error' })
    expect(callbackMessage('google', { code: ['a', 'b'], state: 's' }), 'a repeated parameter').toMatchObject({ status: 'error' })
    expect(callbackMessage('google', {})).toMatchObject({ status: 'error' })
  })

  it('remembers the round for a full-page fallback once; login by default', () => {
    const storage = memoryStorage()
    expect(takeSocialMode(storage)).toBe('login')
    rememberSocialMode('link', storage)
    expect(takeSocialMode(storage)).toBe('link')
    expect(takeSocialMode(storage), 'read once').toBe('login')
    const refusing = {
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      },
    }
    expect(() => rememberSocialMode('link', refusing)).not.toThrow()
  })

  it('hands the answer only to an opener of its own origin', () => {
    const win = (opener: unknown) => ({ opener, location: { origin: ORIGIN } }) as unknown as Window
    expect(sameOriginOpener(win(null))).toBeNull()
    const own = { closed: false, location: { origin: ORIGIN } }
    expect(sameOriginOpener(win(own))).toBe(own)
    expect(sameOriginOpener(win({ ...own, closed: true }))).toBeNull()
    const foreign = {
      closed: false,
      get location(): never {
        throw new DOMException('Blocked a frame with origin', 'SecurityError')
      },
    }
    expect(sameOriginOpener(win(foreign))).toBeNull()
  })
})
