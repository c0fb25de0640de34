/**
 * Time limits of social login: the stand-in provider's codes live 60 s (RFC 6749 §4.1.2: short, used
 * once) and the shop's flow cookie 10 minutes; both checked on a clock the test moves.
 */
import { describe, expect, it } from 'vitest'
import { createFlowSealer, type SocialFlow } from '../../server/social/flow-cookie'
import { createOidcStandin, pkceChallenge, STANDIN_CLIENTS, StandinOAuthError } from '../../server/social/oidc-standin'

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const REDIRECT = 'http://localhost/nl/auth/callback/google'

describe('the stand-in’s codes', () => {
  async function codeAt(clock: { now: number }) {
    const standin = await createOidcStandin({ issuerBase: 'http://localhost', clock: () => clock.now })
    const request = standin.authorize(
      'google',
      {
        client_id: STANDIN_CLIENTS.google.clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid email',
        state: 's',
        nonce: 'n',
        code_challenge: pkceChallenge(VERIFIER),
        code_challenge_method: 'S256',
      },
      new Set([REDIRECT]),
    )
    if (!('requestId' in request)) throw new Error(`refused: ${request.redirect}`)
    const code = new URL(standin.decide('google', request.requestId, { userId: 'google-noor' })!).searchParams.get('code')!
    const exchange = () =>
      standin.token(
        'google',
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: VERIFIER,
          client_id: STANDIN_CLIENTS.google.clientId,
          client_secret: STANDIN_CLIENTS.google.clientSecret,
        },
        null,
      )
    return exchange
  }

  it('within 60 s a code gives tokens once', async () => {
    const clock = { now: 1_000_000 }
    const exchange = await codeAt(clock)
    clock.now += 59_000
    expect(await exchange()).toMatchObject({ token_type: 'Bearer', id_token: expect.any(String) })
  })

  it('after 60 s it is invalid_grant', async () => {
    const clock = { now: 1_000_000 }
    const exchange = await codeAt(clock)
    clock.now += 61_000
    await expect(exchange()).rejects.toMatchObject({ error: 'invalid_grant' })
    await expect(exchange()).rejects.toBeInstanceOf(StandinOAuthError)
  })

  it('PKCE is required: a request without an S256 challenge goes back with invalid_request', async () => {
    const standin = await createOidcStandin({ issuerBase: 'http://localhost' })
    const answer = standin.authorize(
      'google',
      {
        client_id: STANDIN_CLIENTS.google.clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid',
        state: 's',
        code_challenge: VERIFIER,
        code_challenge_method: 'plain',
      },
      new Set([REDIRECT]),
    )
    expect('redirect' in answer && new URL(answer.redirect).searchParams.get('error')).toBe('invalid_request')
  })
})

describe('the flow cookie', () => {
  const flow: SocialFlow = { provider: 'google', state: 's', nonce: 'n', verifier: VERIFIER, store: 'nl', mode: 'login', redirectUri: REDIRECT }

  it('opens within 10 minutes, not after, and not with another key or changed', async () => {
    let now = new Date('2026-11-25T12:00:00Z')
    const sealer = createFlowSealer('secret-one', () => now)
    const sealed = await sealer.seal(flow)
    expect(sealed).not.toContain(VERIFIER)
    now = new Date('2026-11-25T12:09:50Z')
    expect(await sealer.open(sealed)).toEqual(flow)
    expect(await createFlowSealer('secret-two', () => now).open(sealed)).toBeNull()
    expect(await sealer.open(`${sealed.slice(0, -3)}AAA`)).toBeNull()
    now = new Date('2026-11-25T12:10:10Z')
    expect(await sealer.open(sealed)).toBeNull()
  })
})
