/**
 * The form a code goes into on the cart page: a discount code (components/cart-coupon) or a gift
 * card (components/cart-gift-cards). An empty code sends nothing (spec §5); the field is emptied
 * once the cart took the code.
 */
import { useId, useState, type FormEvent } from 'react'

export function CartCodeForm({
  name,
  label,
  applyLabel,
  busy,
  testId,
  onApply,
}: {
  name: string
  label: string
  applyLabel: string
  busy: boolean
  testId: string
  /** true when the cart took the code */
  onApply: (code: string) => Promise<boolean>
}) {
  const [code, setCode] = useState('')
  const inputId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) return
    void onApply(code).then((ok) => {
      if (ok) setCode('')
    })
  }
  return (
    <form className="cart-coupon" onSubmit={submit} data-testid={testId}>
      <label htmlFor={inputId}>{label}</label>
      <div className="cart-coupon__row">
        <input
          id={inputId}
          name={name}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={busy || !code.trim()}>
          {applyLabel}
        </button>
      </div>
    </form>
  )
}
