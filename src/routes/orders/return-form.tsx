/**
 * The return form (withdrawal / RMA): what of a delivered order may still be sent back, a quantity
 * per line, a reason, and send. Reached from my-account's order page (a customer's order: their
 * session's token goes along) and from /submit-return with the order mail's link (a guest's order:
 * its key). A lazy chunk with its own words (the `returns` later part): nothing of it on a first load.
 * The return needs the server's answer (its number), so offline it says so and keeps the choices.
 */
import { useEffect, useId, useState, type FormEvent } from 'react'
import { formatDate } from '../../../domain/money'
import { RETURN_REASONS, type ReturnReason } from '../../../domain/return-reasons'
import { useI18nContext } from '../../../locales/i18n-react'
import { applyReturnCommand } from '../../data/use-returns'
import type { ReturnableResult, ReturnError } from '../../data/worker-types'
import { useStoreView } from '../../ui/store-view'

export interface ReturnFormProps {
  orderNumber: string
  /** a guest's order key, from the order mail's link */
  orderToken?: string
}

export function ReturnForm({ orderNumber, orderToken }: ReturnFormProps) {
  const { LL } = useI18nContext()
  const r = LL.returns
  const { storeView } = useStoreView()
  const id = useId()
  const [returnable, setReturnable] = useState<ReturnableResult | null>(null)
  const [loadError, setLoadError] = useState<ReturnError | null>(null)
  const [quantities, setQuantities] = useState<Record<string, number>>({})
  const [reason, setReason] = useState<ReturnReason>('changed_mind')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [returnNumber, setReturnNumber] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void applyReturnCommand({ type: 'returnable', orderNumber, orderToken }).then((answer) => {
      if (!live) return
      if (answer.ok && answer.returnable) setReturnable(answer.returnable)
      else setLoadError(answer.error ?? 'serverError')
    })
    return () => {
      live = false
    }
  }, [orderNumber, orderToken])

  if (loadError) {
    return (
      <p role="alert" className="form-error" data-testid="return-error">
        {r[`error_${loadError}`]()}
      </p>
    )
  }
  if (!returnable) return <p role="status">{r.loading()}</p>
  if (returnNumber) {
    return (
      <p role="status" data-testid="return-sent" data-return-number={returnNumber}>
        {r.sent({ number: returnNumber })}
      </p>
    )
  }
  const open = returnable.lines.filter((l) => l.returnable > 0)
  if (open.length === 0) return <p role="status">{r.nothingLeft()}</p>

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const lines = open.map((l) => ({ sku: l.sku, qty: quantities[l.sku] ?? 0 })).filter((l) => l.qty > 0)
    if (lines.length === 0) {
      setFailure(r.nothingChosen())
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      const answer = await applyReturnCommand({ type: 'send', orderNumber, orderToken, reason, lines })
      if (answer.ok && answer.returnNumber) setReturnNumber(answer.returnNumber)
      else setFailure(r[`error_${answer.error ?? 'serverError'}`]())
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="account-form return-form" noValidate onSubmit={(event) => void submit(event)} data-testid="return-form">
      <p>{r.until({ date: formatDate(new Date(returnable.return_until), storeView.i18n.dateFormat) })}</p>
      <table className="checkout-lines">
        <thead>
          <tr>
            <th scope="col">{r.colProduct()}</th>
            <th scope="col">{r.colQty()}</th>
          </tr>
        </thead>
        <tbody>
          {open.map((line, index) => (
            <tr key={line.sku}>
              <th scope="row">
                <label htmlFor={`${id}-qty-${index}`}>{line.name}</label>
              </th>
              <td>
                <select
                  id={`${id}-qty-${index}`}
                  aria-label={r.qtyLabel({ name: line.name, max: line.returnable })}
                  value={quantities[line.sku] ?? 0}
                  onChange={(event) => setQuantities({ ...quantities, [line.sku]: Number(event.target.value) })}
                  data-testid="return-qty"
                  data-sku={line.sku}
                >
                  {Array.from({ length: Math.floor(line.returnable) + 1 }, (_, qty) => (
                    <option key={qty} value={qty}>
                      {qty}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <label htmlFor={`${id}-reason`}>{r.reason()}</label>
        <select id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value as ReturnReason)} data-testid="return-reason">
          {RETURN_REASONS.map((code) => (
            <option key={code} value={code}>
              {r[`reason_${code}`]()}
            </option>
          ))}
        </select>
      </p>
      {failure ? (
        <p role="alert" className="form-error" data-testid="return-error">
          {failure}
        </p>
      ) : null}
      <p>
        <button type="submit" className="button button--primary" disabled={busy} data-testid="return-submit">
          {busy ? r.sending() : r.submit()}
        </button>
      </p>
    </form>
  )
}
