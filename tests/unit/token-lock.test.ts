/** The token lock (replication/token-lock) on its own: waiting, releasing, one refresher, failure and reset. */
import { describe, expect, it } from 'vitest'
import { TOKEN_LOCK_FAILED, TOKEN_LOCK_FREE, TOKEN_LOCK_HELD, TOKEN_LOCK_RETRY_MS, TokenLock } from '../../replication/token-lock'
import { TokenRefreshUnavailableError } from '../../replication/token-lock'
import type { LogoutReason, TokenLockOptions } from '../../replication/token-lock'
import { NetworkError } from '../../replication/api-errors'
import { deferred } from '../fixtures/deferred'

/** A sleep that resolves only when the test lets time pass, so a waiter can be seen waiting. */
class ManualClock {
  sleeps: number[] = []
  private wake: (() => void)[] = []
  sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      this.sleeps.push(ms)
      this.wake.push(resolve)
    })
  /** wakes every sleeper once and lets their continuations run */
  async tick(): Promise<void> {
    for (const resolve of this.wake.splice(0)) resolve()
    await flush()
  }
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

function makeLock(overrides: Partial<TokenLockOptions> = {}) {
  const clock = new ManualClock()
  const logouts: LogoutReason[] = []
  const events: string[] = []
  let refreshes = 0
  const lock = new TokenLock({
    sleep: clock.sleep,
    refresh: async () => {
      refreshes += 1
      return `fresh${refreshes}`
    },
    logout: (reason) => {
      logouts.push(reason)
      events.push(`logout ${reason}`)
    },
    onFailed: async () => {
      events.push('failed')
    },
    ...overrides,
  })
  return { lock, clock, logouts, events, refreshes: () => refreshes }
}

describe('TokenLock', () => {
  it('a free lock lets a task through at once, without sleeping', async () => {
    const { lock, clock } = makeLock()
    expect(lock.value).toBe(TOKEN_LOCK_FREE)
    expect(await lock.whenFree()).toBe('free')
    expect(clock.sleeps).toEqual([])
  })

  it('a second acquirer is refused and a waiter waits, polling every second, until the holder releases', async () => {
    const { lock, clock } = makeLock()
    expect(lock.tryAcquire()).toBe(true)
    expect(lock.value).toBe(TOKEN_LOCK_HELD)
    expect(lock.tryAcquire()).toBe(false)
    let answer: string | null = null
    const waiting = lock.whenFree().then((result) => (answer = result))
    await clock.tick()
    await clock.tick()
    expect(answer).toBeNull()
    expect(clock.sleeps).toEqual([TOKEN_LOCK_RETRY_MS, TOKEN_LOCK_RETRY_MS, TOKEN_LOCK_RETRY_MS])
    lock.release(true)
    await clock.tick()
    await waiting
    expect(answer).toBe('free')
    expect(lock.tryAcquire()).toBe(true)
  })

  it('a waiter learns of a failed refresh: "failed", and the lock stays failed', async () => {
    const { lock, clock } = makeLock()
    lock.tryAcquire()
    const waiting = lock.whenFree()
    lock.release(false)
    await clock.tick()
    expect(await waiting).toBe('failed')
    expect(lock.value).toBe(TOKEN_LOCK_FAILED)
    expect(lock.tryAcquire()).toBe(false)
    expect(await lock.whenFree()).toBe('failed')
  })

  it('release without a holder changes nothing: a free lock stays free, a failed one failed', () => {
    const { lock } = makeLock()
    lock.release(false)
    expect(lock.value).toBe(TOKEN_LOCK_FREE)
    lock.tryAcquire()
    lock.release(false)
    lock.release(true)
    expect(lock.value).toBe(TOKEN_LOCK_FAILED)
  })

  it('renewAfterExpiry refreshes once while a concurrent expiry waits for it, then both send again', async () => {
    const gate = deferred<string | null>()
    let refreshes = 0
    const { lock, clock } = makeLock({
      refresh: () => {
        refreshes += 1
        return gate.promise
      },
    })
    const first = lock.renewAfterExpiry()
    expect(lock.value).toBe(TOKEN_LOCK_HELD)
    // a second task met the same 401: no second refresh, it is told to send again (after waiting)
    expect(await lock.renewAfterExpiry()).toBe(true)
    const order: string[] = []
    const waiter = lock.whenFree().then((result) => order.push(`waiter ${result}`))
    await clock.tick()
    expect(order).toEqual([])
    gate.resolve('tok2')
    expect(await first).toBe(true)
    order.push('refreshed')
    await clock.tick()
    await waiter
    expect(order).toEqual(['refreshed', 'waiter free'])
    expect(refreshes).toBe(1)
    expect(lock.value).toBe(TOKEN_LOCK_FREE)
  })

  it('resets the attempt counter after every successful refresh, so the next expiry refreshes again (#5713)', async () => {
    const { lock, logouts, refreshes } = makeLock()
    expect(await lock.renewAfterExpiry()).toBe(true)
    expect(lock.refreshAttempts).toBe(0)
    expect(await lock.renewAfterExpiry()).toBe(true)
    expect(refreshes()).toBe(2)
    expect(logouts).toEqual([])
  })

  it('a refused refresh (the server said no) fails the lock, logs out, then runs onFailed; later expiries do not refresh', async () => {
    let refreshes = 0
    const { lock, events, logouts } = makeLock({
      refresh: async () => {
        refreshes += 1
        return null
      },
    })
    expect(await lock.renewAfterExpiry()).toBe(false)
    expect(lock.value).toBe(TOKEN_LOCK_FAILED)
    expect(events).toEqual(['logout refresh-failed', 'failed'])
    expect(await lock.renewAfterExpiry()).toBe(false)
    expect(refreshes).toBe(1)
    expect(logouts).toEqual(['refresh-failed'])
  })

  it('a refresh that could not be asked (offline, server down) frees the lock, counts no attempt, logs nobody out, and is tried again at the next expiry', async () => {
    const offline = new NetworkError('http://shop/api/user/refresh')
    let reachable = false
    let refreshes = 0
    const { lock, clock, events } = makeLock({
      refresh: async () => {
        refreshes += 1
        if (!reachable) throw offline
        return 'fresh'
      },
    })
    // a task waiting on the held lock is let through (with the kept token) once the attempt ends
    const first = lock.renewAfterExpiry()
    const waiter = lock.whenFree()
    const failure = await first.catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TokenRefreshUnavailableError)
    expect((failure as TokenRefreshUnavailableError).cause).toBe(offline)
    await clock.tick()
    expect(await waiter).toBe('free')
    expect(lock.value).toBe(TOKEN_LOCK_FREE)
    expect(lock.refreshAttempts).toBe(0)
    expect(events).toEqual([])
    // still offline: the same again, never a logout, however often (maxRefreshAttempts is 1)
    await expect(lock.renewAfterExpiry()).rejects.toBeInstanceOf(TokenRefreshUnavailableError)
    expect(events).toEqual([])
    // back online: the next expiry refreshes
    reachable = true
    expect(await lock.renewAfterExpiry()).toBe(true)
    expect(refreshes).toBe(3)
    expect(lock.value).toBe(TOKEN_LOCK_FREE)
    expect(events).toEqual([])
  })

  it('with no refresh attempts allowed it fails as "attempts-exhausted" without refreshing', async () => {
    const { lock, logouts, refreshes } = makeLock({ maxRefreshAttempts: 0 })
    expect(await lock.renewAfterExpiry()).toBe(false)
    expect(logouts).toEqual(['attempts-exhausted'])
    expect(refreshes()).toBe(0)
    expect(lock.value).toBe(TOKEN_LOCK_FAILED)
  })

  it('with auto refresh off it logs out and leaves the lock free (tasks are not dropped)', async () => {
    const { lock, events, refreshes } = makeLock({ autoRefresh: false })
    expect(await lock.renewAfterExpiry()).toBe(false)
    expect(events).toEqual(['logout auto-refresh-off'])
    expect(refreshes()).toBe(0)
    expect(lock.value).toBe(TOKEN_LOCK_FREE)
  })

  it('reset after a failure (a new login) frees the lock and allows a refresh again', async () => {
    const { lock } = makeLock({ refresh: async () => null })
    await lock.renewAfterExpiry()
    expect(lock.value).toBe(TOKEN_LOCK_FAILED)
    lock.reset()
    expect(lock.value).toBe(TOKEN_LOCK_FREE)
    expect(lock.refreshAttempts).toBe(0)
    expect(await lock.whenFree()).toBe('free')
    expect(lock.tryAcquire()).toBe(true)
  })
})
