/**
 * The sign-up modal of spec §4 "Token handling on a 401": the session ended by itself (the refresh
 * token was refused, or the refresh attempts ran out) and the shopper was logged out silently. A
 * native <dialog> opened with showModal says so in their language and offers the account's own
 * forms (log in, also with a social account; register; forgot password: routes/account-way-in) in
 * place, so they carry on where they were. It closes by itself once they are logged in again; "not now" or Escape closes it
 * without logging in. Either way the worker is told (dismissSessionEnded), in every tab at once.
 *
 * Loaded only when a session ends (components/session-ended): the forms are not on the first load.
 */
import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { applyAccountCommand } from '../data/use-account'
import { AccountWayIn } from '../routes/account/account-way-in'
import './modal-dialog.css'
import './session-ended-dialog.css'

export function SessionEndedDialog() {
  const { LL } = useI18nContext()
  const ref = useRef<HTMLDialogElement>(null)

  // no close on unmount: a close event then would dismiss the modal for every tab (a layout change is no answer)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const dismiss = () => void applyAccountCommand({ type: 'dismissSessionEnded' }).catch(() => undefined)

  return (
    <dialog
      ref={ref}
      className="modal-dialog session-ended-dialog"
      aria-labelledby="session-ended-title"
      aria-describedby="session-ended-text"
      data-testid="session-ended-dialog"
      onClose={dismiss}
    >
      <h2 id="session-ended-title">{LL.account.sessionEndedTitle()}</h2>
      <p id="session-ended-text" data-testid="session-ended-text">
        {LL.account.sessionEndedText()}
      </p>
      <AccountWayIn />
      <p className="modal-dialog__actions">
        <button type="button" className="button button--secondary button--block" onClick={() => ref.current?.close()} data-testid="session-ended-later">
          {LL.account.sessionEndedLater()}
        </button>
      </p>
    </dialog>
  )
}
