/** The token renewal (replication/token-renewal) on its own: one refresh per expired token, waiting, ending and reset. */
import { describe, expect, it } from 'vitest'
import { NetworkError } from '../../replication/api-errors'
import { TokenRefreshUnavailableError, TokenRenewal, type LogoutReason, type TokenRenewalOptions } from '../../replication/token-renewal'
import { deferred } from '../fixtures/deferred'

/** A renewal over a session holding `tok1`; each refresh stores and answers `fresh<n>`. */
function makeRenewal(overrides: Partial<TokenRenewalOptions> = {}) {
  const session = { token: 'tok1' as string | null }
  const logouts: LogoutReason[] = []
  const events: string[] = []
  let refreshes = 0
  const renewal = new TokenRenewal({
    current: () => session.token,
    refresh: async () => {
      refreshes += 1
      session.token = `fresh${refreshes}`
      return session.token
    },
    logout: (reason) => {
      logouts.push(reason)
      events.push(`logout ${reason}`)
    },
    onEnded: async () => {
      events.push('ended')
    },
    ...overrides,
  })
  return { renewal, session, logouts, events, refreshes: () => refreshes }
}

describe('TokenRenewal', () => {
  it('with no renewal under way a task goes at once', async () => {
    const { renewal } = makeRenewal()
    expect(renewal.state).toBe('ready')
    expect(await renewal.settled()).toBe('ready')
  })

  it('calls answered 401 during one refresh share it: one refresh, and every waiter goes on the moment it ends', async () => {
    const gate = deferred<string | null>()
    let refreshes = 0
    const { renewal } = makeRenewal({
      refresh: () => {
        refreshes += 1
        return gate.promise
      },
    })
    const first = renewal.renew('tok1')
    expect(renewal.state).toBe('renewing')
    const order: string[] = []
    const second = renewal.renew('tok1').then((again) => order.push(`second ${again}`))
    const waiter = renewal.settled().then((state) => order.push(`waiter ${state}`))
    await Promise.resolve()
    expect(order).toEqual([])
    gate.resolve('tok2')
    expect(await first).toBe(true)
    await Promise.all([second, waiter])
    expect(order).toEqual(['second true', 'waiter ready'])
    expect(refreshes).toBe(1)
    expect(renewal.state).toBe('ready')
  })

  it('a 401 to a token renewed meanwhile is sent again without a second refresh', async () => {
    const { renewal, session, refreshes } = makeRenewal()
    session.token = 'tok2'
    expect(await renewal.renew('tok1')).toBe(true)
    expect(refreshes()).toBe(0)
  })

  it('each expired token gets its own refresh, so the next expiry refreshes again (#5713)', async () => {
    const { renewal, logouts, refreshes } = makeRenewal()
    expect(await renewal.renew('tok1')).toBe(true)
    expect(await renewal.renew('fresh1')).toBe(true)
    expect(refreshes()).toBe(2)
    expect(logouts).toEqual([])
  })

  it('a refused refresh (the server said no) ends the session, logs out, then runs onEnded; later expiries do not refresh', async () => {
    let refreshes = 0
    const { renewal, events, logouts } = makeRenewal({
      refresh: async () => {
        refreshes += 1
        return null
      },
    })
    const waiter = renewal.settled()
    expect(await renewal.renew('tok1')).toBe(false)
    expect(renewal.state).toBe('ended')
    expect(await renewal.settled()).toBe('ended')
    expect(await waiter).toBe('ready') // asked before the refresh began: nothing to wait for then
    expect(events).toEqual(['logout refresh-failed', 'ended'])
    expect(await renewal.renew('tok1')).toBe(false)
    expect(refreshes).toBe(1)
    expect(logouts).toEqual(['refresh-failed'])
  })

  it('a waiter learns of a refused refresh: "ended"', async () => {
    const gate = deferred<string | null>()
    const { renewal } = makeRenewal({ refresh: () => gate.promise })
    const renewing = renewal.renew('tok1')
    const waiter = renewal.settled()
    gate.resolve(null)
    expect(await renewing).toBe(false)
    expect(await waiter).toBe('ended')
  })

  it('a refresh that could not be asked (offline, server down) logs nobody out, tells every caller of it, and is asked again at the next 401', async () => {
    const offline = new NetworkError('http://shop/api/user/refresh')
    const gate = deferred<void>()
    let reachable = false
    let refreshes = 0
    const { renewal, events } = makeRenewal({
      refresh: async () => {
        refreshes += 1
        await gate.promise
        if (!reachable) throw offline
        return 'fresh'
      },
    })
    const first = renewal.renew('tok1').catch((error: unknown) => error)
    const second = renewal.renew('tok1').catch((error: unknown) => error)
    const waiter = renewal.settled()
    gate.resolve()
    const failure = await first
    expect(failure).toBeInstanceOf(TokenRefreshUnavailableError)
    expect((failure as TokenRefreshUnavailableError).cause).toBe(offline)
    expect(await second).toBe(failure)
    // a task waiting on it goes with the kept token
    expect(await waiter).toBe('ready')
    expect(renewal.state).toBe('ready')
    expect(events).toEqual([])
    // still offline: the same again, never a logout, however often
    await expect(renewal.renew('tok1')).rejects.toBeInstanceOf(TokenRefreshUnavailableError)
    expect(events).toEqual([])
    reachable = true
    expect(await renewal.renew('tok1')).toBe(true)
    expect(refreshes).toBe(3)
    expect(events).toEqual([])
  })

  it('with no refresh attempts allowed it ends as "attempts-exhausted" without refreshing', async () => {
    const { renewal, logouts, refreshes } = makeRenewal({ maxRefreshAttempts: 0 })
    expect(await renewal.renew('tok1')).toBe(false)
    expect(logouts).toEqual(['attempts-exhausted'])
    expect(refreshes()).toBe(0)
    expect(renewal.state).toBe('ended')
  })

  it('with auto refresh off it logs out and does not end the session (tasks are not dropped)', async () => {
    const { renewal, events, refreshes } = makeRenewal({ autoRefresh: false })
    expect(await renewal.renew('tok1')).toBe(false)
    expect(events).toEqual(['logout auto-refresh-off'])
    expect(refreshes()).toBe(0)
    expect(renewal.state).toBe('ready')
  })

  it('reset after an ended session (a new login) lets calls carry a token and refresh again', async () => {
    let answer: string | null = null
    const { renewal } = makeRenewal({ refresh: async () => answer })
    await renewal.renew('tok1')
    expect(renewal.state).toBe('ended')
    renewal.reset()
    expect(renewal.state).toBe('ready')
    expect(await renewal.settled()).toBe('ready')
    answer = 'tok2'
    expect(await renewal.renew('tok1')).toBe(true)
  })
})
