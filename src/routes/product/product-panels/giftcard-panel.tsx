/** A gift card's amount and its sender, recipient and message. */
import { useId } from 'react'
import { formatDate, toCents } from '../../../../domain/money'
import { giftcardOpenBounds, type OptionIssue } from '../../../../domain/option-price'
import { useI18nContext } from '../../../../locales/i18n-react'
import { usePriceFormatter } from '../../../ui/store-view'
import type { GiftcardChoice } from '../product-choices'
import { RequiredMark, useIssueText, FieldError, type PanelProps } from './shared'
import '../product-types.css'

export function GiftcardPanel({ product, choices, update, issues }: PanelProps) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const issueText = useIssueText()
  const baseId = useId()
  const gc = choices.giftcard
  const set = (next: Partial<GiftcardChoice>) => update((c) => ({ ...c, giftcard: { ...c.giftcard, ...next } }))
  const { min, max } = giftcardOpenBounds(product)
  const amountIssue = issues?.find((i) => i.key.startsWith('amount'))
  const byMail = product.mageworx_gc_type === 2
  const toEmailIssue = issues?.find((i) => i.field === 'mail_to_email')
  const fromEmailIssue = issues?.find((i) => i.field === 'mail_from_email')
  const dateError = issueText(issues?.find((i) => i.field === 'mail_delivery_date'))
  const typeNote =
    product.mageworx_gc_type === 1
      ? LL.productTypes.giftcardType1()
      : product.mageworx_gc_type === 2
        ? LL.productTypes.giftcardType2()
        : product.mageworx_gc_type === 3
          ? LL.productTypes.giftcardType3()
          : null
  const text = (key: 'from' | 'fromEmail' | 'to' | 'toEmail', label: string, type: 'text' | 'email', required = false, issue?: OptionIssue) => {
    const id = `${baseId}-${key}`
    const error = issueText(issue)
    return (
      <div className="product-choices__field">
        <label htmlFor={id}>
          {label}
          {required ? <RequiredMark /> : null}
        </label>
        <input
          id={id}
          type={type}
          autoComplete={key === 'from' ? 'name' : key === 'fromEmail' ? 'email' : 'off'}
          maxLength={type === 'email' ? 254 : 100}
          value={gc[key]}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => set({ [key]: e.target.value })}
        />
        <FieldError id={`${id}-error`} text={error} />
      </div>
    )
  }
  const amountError = issueText(amountIssue)
  return (
    <div className="product-choices" data-testid="giftcard-options">
      {typeNote ? <p className="muted">{typeNote}</p> : null}
      <fieldset
        className="product-choices__group"
        aria-invalid={amountError ? true : undefined}
        aria-describedby={amountError ? `${baseId}-amount-error` : undefined}
      >
        <legend>
          {LL.productTypes.giftcardAmount()}
          <RequiredMark />
        </legend>
        {(product.giftcard_amounts ?? []).map((amount) => (
          <label key={amount} className="choice">
            <input type="radio" name={`${baseId}-amount`} checked={gc.amount === amount} onChange={() => set({ amount })} /> {format(toCents(amount))}
          </label>
        ))}
        {product.giftcard_allow_open_amount ? (
          <>
            <label className="choice">
              <input type="radio" name={`${baseId}-amount`} checked={gc.amount === 'other'} onChange={() => set({ amount: 'other' })} />{' '}
              {LL.productTypes.giftcardOther()}
            </label>
            {gc.amount === 'other' ? (
              <div className="product-choices__field">
                <label htmlFor={`${baseId}-other`}>{LL.productTypes.giftcardOtherLabel()}</label>
                <input
                  id={`${baseId}-other`}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min={min ?? 0}
                  max={max ?? undefined}
                  value={gc.other}
                  aria-describedby={min !== null && max !== null ? `${baseId}-other-hint` : undefined}
                  onChange={(e) => set({ other: e.target.value })}
                />
                {min !== null && max !== null ? (
                  <p id={`${baseId}-other-hint`} className="muted small">
                    {LL.productTypes.giftcardBetween({ min: format(toCents(min)), max: format(toCents(max)) })}
                  </p>
                ) : null}
              </div>
            ) : null}
          </>
        ) : null}
        <FieldError id={`${baseId}-amount-error`} text={amountError} />
      </fieldset>
      {text('from', LL.productTypes.senderName(), 'text')}
      {text('fromEmail', LL.productTypes.senderEmail(), 'email', false, fromEmailIssue)}
      {text('to', LL.productTypes.recipientName(), 'text')}
      {text('toEmail', LL.productTypes.recipientEmail(), 'email', byMail, toEmailIssue)}
      <div className="product-choices__field">
        <label htmlFor={`${baseId}-message`}>{LL.productTypes.message()}</label>
        <textarea id={`${baseId}-message`} rows={3} maxLength={500} value={gc.message} onChange={(e) => set({ message: e.target.value })} />
      </div>
      {byMail ? (
        <div className="product-choices__field">
          <label htmlFor={`${baseId}-date`}>{LL.productTypes.deliveryDate()}</label>
          <input
            id={`${baseId}-date`}
            type="date"
            min={formatDate(new Date(), 'YYYY-MM-DD')}
            value={gc.deliveryDate}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={`${baseId}-date-hint${dateError ? ` ${baseId}-date-error` : ''}`}
            onChange={(e) => set({ deliveryDate: e.target.value })}
          />
          <p id={`${baseId}-date-hint`} className="muted small">
            {LL.productTypes.deliveryDateHint()}
          </p>
          <FieldError id={`${baseId}-date-error`} text={dateError} />
        </div>
      ) : null}
    </div>
  )
}
