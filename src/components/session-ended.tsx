/**
 * Spec §4 "Token handling on a 401": when the session ended by itself (the worker logged the shopper
 * out silently: sessionEnded) the sign-up modal is shown, on every page of both layouts (the
 * checkout's too). The modal and the account forms in it are their own chunk, loaded only then.
 */
import { lazy, Suspense } from 'react'
import { useAccount } from '../data/use-account'
import { withLaterWords } from '../dictionary'

// its account forms show the dictionary's later sections' words (src/dictionary.ts)
const SessionEndedDialog = lazy(() => withLaterWords(import('./session-ended-dialog'), ['account']).then((m) => ({ default: m.SessionEndedDialog })))

export function SessionEnded() {
  const account = useAccount()
  if (account?.sessionEnded !== true || account.loggedIn) return null
  return (
    <Suspense fallback={null}>
      <SessionEndedDialog />
    </Suspense>
  )
}
