import { filter, map, of, take, timeout, type Observable } from 'rxjs'
import { isLoggedIn, type AccountRecord } from './account-record'

/**
 * The first token of `records` that is not `stale` (null once logged out), or null when none comes
 * within `waitMs`: a tab that is not the leader awaits the leader's renewal this way.
 */
export function tokenChange(records: Observable<AccountRecord>, stale: string, waitMs: number): Observable<string | null> {
  return records.pipe(
    map((record) => (isLoggedIn(record) ? (record.accessToken ?? null) : null)),
    filter((token) => token !== stale),
    take(1),
    timeout({ first: waitMs, with: () => of(null) }),
  )
}
