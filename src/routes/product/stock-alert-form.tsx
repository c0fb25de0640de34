/**
 * "Notify me when it is back": the back-in-stock form under an out-of-stock product's (or chosen
 * variant's) disabled add-to-cart button. Its own chunk with its own words (the dictionary's later
 * `stock` part), loaded after the first load and only for a product out of stock
 * (src/components/lazy-panels.tsx LazyStockAlertForm). The request goes to the data worker, which
 * queues it and sends it once, online now or later: the confirmation says it is asked, offline too.
 * A logged-in customer's address is filled in. A refused address is said beside the field (linked,
 * announced); the confirmation is announced as a status.
 */
import { useId, useState, type FormEvent } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { isValidEmail } from '../../../domain/email-address'
import { useAccount } from '../../data/use-account'
import { askStockAlert } from '../../data/use-stock-alert'

type State = { kind: 'editing'; error?: 'emailInvalid' | 'failed' } | { kind: 'sending' } | { kind: 'sent'; email: string }

export function StockAlertForm({ sku }: { sku: string }) {
  const { LL } = useI18nContext()
  const account = useAccount()
  const titleId = useId()
  const fieldId = useId()
  const errorId = useId()
  // the customer's address until the shopper types their own
  const [typed, setTyped] = useState<string | null>(null)
  const email = typed ?? account?.customer?.email ?? ''
  const [state, setState] = useState<State>({ kind: 'editing' })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (state.kind === 'sending') return
    const address = email.trim()
    if (!isValidEmail(address)) {
      setState({ kind: 'editing', error: 'emailInvalid' })
      document.getElementById(fieldId)?.focus()
      return
    }
    setState({ kind: 'sending' })
    askStockAlert(sku, address).then(
      (result) => setState(result.ok ? { kind: 'sent', email: address } : { kind: 'editing', error: 'emailInvalid' }),
      () => setState({ kind: 'editing', error: 'failed' }),
    )
  }

  const error = state.kind === 'editing' ? state.error : undefined
  return (
    <section className="stock-alert" aria-labelledby={titleId} data-testid="stock-alert">
      <h2 id={titleId}>{LL.stockAlert.title()}</h2>
      {state.kind === 'sent' ? (
        <p role="status" data-testid="stock-alert-sent">
          {LL.stockAlert.sent({ email: state.email })}
        </p>
      ) : (
        <form noValidate onSubmit={submit}>
          <p className="muted small">{LL.stockAlert.intro()}</p>
          <label htmlFor={fieldId}>{LL.stockAlert.email()}</label>
          <div className="stock-alert__row">
            <input
              id={fieldId}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setTyped(e.target.value)}
              aria-invalid={error === 'emailInvalid' ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              data-testid="stock-alert-email"
            />
            <button type="submit" className="button" aria-busy={state.kind === 'sending'} data-testid="stock-alert-submit">
              {LL.stockAlert.submit()}
            </button>
          </div>
          {error ? (
            <p id={errorId} className="stock-alert__error" role="alert">
              {error === 'emailInvalid' ? LL.stockAlert.emailInvalid() : LL.stockAlert.failed()}
            </p>
          ) : null}
        </form>
      )}
    </section>
  )
}
