/**
 * PKCE S256 (RFC 7636 §4.2, appendix B; be-nl-domain §6): the stand-in's check and openid-client's
 * challenge agree with the RFC's test vector; and the names a new social account gets from the claims.
 */
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client'
import { describe, expect, it } from 'vitest'
import { namesOf } from '../../server/services/social-login-service'
import { pkceChallenge } from '../../server/social/oidc-standin'
import { socialCallbackUrl } from '../../server/social/callback-url'

const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

describe('PKCE S256', () => {
  it('the RFC 7636 test vector, in the stand-in and in openid-client', async () => {
    expect(pkceChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE)
    expect(await calculatePKCECodeChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE)
  })

  it('a fresh verifier: 43+ characters of the unreserved set, and both sides agree on its challenge', async () => {
    const verifier = randomPKCECodeVerifier()
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/)
    expect(pkceChallenge(verifier)).toBe(await calculatePKCECodeChallenge(verifier))
    expect(pkceChallenge(verifier)).not.toBe(RFC_CHALLENGE)
  })
})

describe('social login helpers', () => {
  it('names from the claims: given/family name, else the full name split, else fallbacks the account rules accept', () => {
    const base = { provider: 'google' as const, subject: 's', email: 'x@example.com', emailVerified: true }
    expect(namesOf({ ...base, givenName: 'Noor', familyName: 'Jansen', name: 'N J' })).toEqual({ firstname: 'Noor', lastname: 'Jansen' })
    expect(namesOf({ ...base, givenName: null, familyName: null, name: 'Anna de Vries' })).toEqual({ firstname: 'Anna', lastname: 'de Vries' })
    expect(namesOf({ ...base, provider: 'facebook', givenName: 'A', familyName: null, name: null })).toEqual({ firstname: 'Customer', lastname: 'Facebook' })
  })

  it('the callback page per store view, the French host without prefix', () => {
    expect(socialCallbackUrl('http://localhost:3000', 'nl', 'google')).toBe('http://localhost:3000/nl/auth/callback/google')
    expect(socialCallbackUrl('https://fr.shop.example', 'fr', 'google')).toBe('https://fr.shop.example/auth/callback/google')
    expect(socialCallbackUrl('https://fr.shop.example', 'be', 'facebook')).toBe('https://shop.example/be/auth/callback/facebook')
    expect(socialCallbackUrl('https://shop.example', 'fr', 'facebook')).toBe('https://shop.example/fr/auth/callback/facebook')
  })
})
