/** How a tab that is not the leader awaits the leader's renewal (workers/account/token-change): the record's change, not a poll. */
import { firstValueFrom, Subject } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import type { AccountRecord } from '../../workers/account/account-record'
import { tokenChange } from '../../workers/account/token-change'

const loggedIn = (accessToken: string): AccountRecord => ({ accessToken, refreshToken: `r-${accessToken}` })

describe('tokenChange', () => {
  it('answers the new token the moment the record carries it, skipping the stale one', async () => {
    const records = new Subject<AccountRecord>()
    let answer: string | null | undefined
    const waiting = firstValueFrom(tokenChange(records, 'tok1', 15_000)).then((token) => (answer = token))
    records.next(loggedIn('tok1'))
    await Promise.resolve()
    expect(answer).toBeUndefined()
    records.next(loggedIn('tok2'))
    await waiting
    expect(answer).toBe('tok2')
  })

  it('answers null when the session ends meanwhile (the leader was refused)', async () => {
    const records = new Subject<AccountRecord>()
    const waiting = firstValueFrom(tokenChange(records, 'tok1', 15_000))
    records.next({ sessionEnded: true })
    expect(await waiting).toBeNull()
  })

  it('answers null when no new token comes within the wait', async () => {
    vi.useFakeTimers()
    try {
      const records = new Subject<AccountRecord>()
      const waiting = firstValueFrom(tokenChange(records, 'tok1', 15_000))
      records.next(loggedIn('tok1'))
      await vi.advanceTimersByTimeAsync(14_999)
      records.next(loggedIn('tok1'))
      await vi.advanceTimersByTimeAsync(1)
      expect(await waiting).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
