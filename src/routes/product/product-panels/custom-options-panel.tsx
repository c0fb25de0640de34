/** Custom options (text, area, drop-down, radio, checkbox, multiple), each value priced incl. tax. */
import { useId, type ReactNode } from 'react'
import { toCents } from '../../../../domain/money'
import { basePrice, impliedTaxRate, MULTI_OPTION_TYPES } from '../../../../domain/option-price'
import { addTax } from '../../../../domain/tax'
import { useI18nContext } from '../../../../locales/i18n-react'
import { usePriceFormatter } from '../../../ui/store-view'
import { RequiredMark, useIssueText, FieldError, type PanelProps } from './shared'
import '../product-types.css'

export function CustomOptionsPanel({ product, choices, update, issues }: PanelProps) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const issueText = useIssueText()
  const baseId = useId()
  const options = [...(product.custom_options ?? [])].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))
  if (options.length === 0) return null
  const rate = impliedTaxRate(product)
  const suffix = (price: number | undefined, type: 'fixed' | 'percent' | undefined) => {
    if (!price) return ''
    const excl = type === 'percent' ? (price / 100) * basePrice(product) : price
    return ` ${LL.productTypes.plusPrice({ price: format(toCents(addTax(excl, rate))) })}`
  }
  const set = (id: string, value: string) => update((c) => ({ ...c, custom: { ...c.custom, [id]: value } }))

  return (
    <fieldset className="product-choices" data-testid="custom-options">
      <legend>{LL.productTypes.customOptions()}</legend>
      {options.map((option) => {
        const id = String(option.option_id)
        const inputId = `${baseId}-custom-${id}`
        const errorId = `${inputId}-error`
        const error = issueText(issues?.find((i) => i.optionId === option.option_id))
        const value = choices.custom[id] ?? ''
        const chosen = new Set(value.split(',').filter(Boolean))
        const values = [...(option.values ?? [])].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))
        const described = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined } as const
        const title = (
          <>
            {option.title}
            {option.is_require ? <RequiredMark /> : null}
          </>
        )
        let control: ReactNode
        if (option.type === 'field' || option.type === 'area') {
          const props = {
            id: inputId,
            value,
            maxLength: option.max_characters || undefined,
            'aria-required': option.is_require,
            onChange: (e: { target: { value: string } }) => set(id, e.target.value),
            ...described,
          }
          control = (
            <div className="product-choices__field">
              <label htmlFor={inputId}>
                {title}
                {suffix(option.price, option.price_type)}
              </label>
              {option.type === 'area' ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
            </div>
          )
        } else if (option.type === 'radio' || option.type === 'checkbox') {
          const multi = option.type === 'checkbox'
          control = (
            <fieldset className="product-choices__group" aria-required={option.is_require} {...described}>
              <legend>{title}</legend>
              {!multi && !option.is_require ? (
                <label className="choice">
                  <input type="radio" name={inputId} checked={value === ''} onChange={() => set(id, '')} /> {LL.productTypes.none()}
                </label>
              ) : null}
              {values.map((v) => (
                <label key={v.option_type_id} className="choice">
                  <input
                    type={multi ? 'checkbox' : 'radio'}
                    name={inputId}
                    value={v.option_type_id}
                    checked={chosen.has(String(v.option_type_id))}
                    onChange={(e) => {
                      if (!multi) return set(id, String(v.option_type_id))
                      const next = new Set(chosen)
                      if (e.target.checked) next.add(String(v.option_type_id))
                      else next.delete(String(v.option_type_id))
                      set(id, [...next].sort((a, b) => Number(a) - Number(b)).join(','))
                    }}
                  />{' '}
                  {v.title}
                  {suffix(v.price, v.price_type)}
                </label>
              ))}
            </fieldset>
          )
        } else {
          const multiple = MULTI_OPTION_TYPES.has(option.type)
          control = (
            <div className="product-choices__field">
              <label htmlFor={inputId}>{title}</label>
              <select
                id={inputId}
                multiple={multiple}
                aria-required={option.is_require}
                value={multiple ? [...chosen] : value}
                onChange={(e) => set(id, multiple ? [...e.target.selectedOptions].map((o) => o.value).join(',') : e.target.value)}
                {...described}
              >
                {multiple ? null : <option value="">{option.is_require ? LL.productTypes.choose() : LL.productTypes.none()}</option>}
                {values.map((v) => (
                  <option key={v.option_type_id} value={String(v.option_type_id)}>
                    {v.title}
                    {suffix(v.price, v.price_type)}
                  </option>
                ))}
              </select>
            </div>
          )
        }
        return (
          <div key={id} className="product-choices__option" data-option-id={id}>
            {control}
            <FieldError id={errorId} text={error} />
          </div>
        )
      })}
    </fieldset>
  )
}

// --- bundle ---------------------------------------------------------------------------
