/** The quantity a product page adds: a whole number from 1, capped at `max` (the known stock) when given. */
import { useI18nContext } from '../../../locales/i18n-react'

export function QtyField({
  id,
  value,
  onChange,
  max,
  disabled,
  describedBy,
}: {
  id: string
  value: number
  onChange: (qty: number) => void
  max?: number
  disabled?: boolean
  describedBy?: string
}) {
  const { LL } = useI18nContext()
  return (
    <>
      <label htmlFor={id}>{LL.product.qty()}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        {...(max !== undefined ? { max } : {})}
        step={1}
        value={value}
        onChange={(e) => onChange(Math.min(Math.max(1, Math.floor(Number(e.target.value)) || 1), max ?? Infinity))}
        className="qty-input"
        disabled={disabled}
        aria-describedby={describedBy}
      />
    </>
  )
}
