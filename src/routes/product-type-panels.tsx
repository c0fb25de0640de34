/**
 * The choice panels of the product page, one per kind of choice: grouped pieces with their
 * quantities, bundle selections with option quantities, gift card amount and addresses, custom
 * options. Each is a controlled fieldset over ProductChoices (product-choices.ts); prices shown
 * next to values are incl. tax in the store view's format. Validation messages come from the
 * page (domain/option-price validateOptions) once the shopper tried to add.
 */
import { useEffect, useId, useState, type ReactNode } from 'react'
import { toCents } from '../../domain/money'
import { basePrice, giftcardOpenBounds, impliedTaxRate, MULTI_OPTION_TYPES, type OptionIssue } from '../../domain/option-price'
import type { Product } from '../../domain/product.schema'
import { addTax } from '../../domain/tax'
import type { ProductListItem } from '../data/worker-types'
import { useI18nContext } from '../../locales/i18n-react'
import { getDataClient } from '../data/data-client'
import { usePriceFormatter } from '../ui/store-view'
import { groupedLinks, type GiftcardChoice, type ProductChoices } from './product-choices'
import './product-types.css'

type Update = (next: (choices: ProductChoices) => ProductChoices) => void

/** The linked products (grouped pieces, bundle selections) from the worker; null while loading. */
export function useLinkedProducts(skus: string[]): ProductListItem[] | null {
  const key = skus.join('\n')
  const [items, setItems] = useState<ProductListItem[] | null>(skus.length === 0 ? [] : null)
  useEffect(() => {
    if (key === '') return
    let live = true
    getDataClient()
      .getLinkedProducts(key.split('\n'))
      .then((found) => live && setItems(found))
      .catch((error: unknown) => {
        console.error('[catalog] linked products failed', error)
        if (live) setItems([])
      })
    return () => {
      live = false
    }
  }, [key])
  return items
}

function RequiredMark() {
  const { LL } = useI18nContext()
  return (
    <>
      <span className="required-mark" aria-hidden="true">
        *
      </span>
      <span className="visually-hidden"> ({LL.productTypes.required()})</span>
    </>
  )
}

/** The message of an issue, or null. */
function useIssueText(): (issue: OptionIssue | undefined) => string | null {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  return (issue) => {
    if (!issue) return null
    switch (issue.key) {
      case 'required':
        return LL.productTypes.fieldRequired()
      case 'tooLong':
        return LL.productTypes.tooLong({ max: issue.params?.max ?? 0 })
      case 'invalidQty':
        return LL.productTypes.qtyInvalid()
      case 'amountRequired':
        return LL.productTypes.amountRequired()
      case 'amountNotAllowed':
        return LL.productTypes.amountNotAllowed()
      case 'amountBelowMin':
        return LL.productTypes.amountBelowMin({ min: format(toCents(issue.params?.min ?? 0)) })
      case 'amountAboveMax':
        return LL.productTypes.amountAboveMax({ max: format(toCents(issue.params?.max ?? 0)) })
      case 'emailInvalid':
        return LL.productTypes.emailInvalid()
      default:
        return LL.productTypes.unknownChoice()
    }
  }
}

function FieldError({ id, text }: { id: string; text: string | null }) {
  if (!text) return null
  return (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  )
}

// --- custom options -------------------------------------------------------------------

export function CustomOptionsPanel({
  product,
  choices,
  update,
  issues,
}: {
  product: Product
  choices: ProductChoices
  update: Update
  issues: OptionIssue[] | null
}) {
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

export function BundlePanel({
  product,
  choices,
  update,
  issues,
  linked,
}: {
  product: Product
  choices: ProductChoices
  update: Update
  issues: OptionIssue[] | null
  linked: ProductListItem[] | null
}) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const issueText = useIssueText()
  const baseId = useId()
  const rate = impliedTaxRate(product)
  const names = new Map((linked ?? []).map((p) => [p.sku, p]))
  const options = [...(product.bundle_options ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
  if (options.length === 0) return null
  const set = (id: string, next: Partial<{ selections: number[]; qty: string }>) =>
    update((c) => ({ ...c, bundle: { ...c.bundle, [id]: { selections: [], qty: '1', ...c.bundle[id], ...next } } }))

  return (
    <fieldset className="product-choices" data-testid="bundle-options">
      <legend>{LL.productTypes.bundleTitle()}</legend>
      {options.map((option) => {
        const id = String(option.option_id)
        const inputId = `${baseId}-bundle-${id}`
        const errorId = `${inputId}-error`
        const error = issueText(issues?.find((i) => i.optionId === option.option_id))
        const chosen = choices.bundle[id] ?? { selections: [], qty: '1' }
        // spec §5: only active products (status 1) are offered; while loading, the links show by sku
        const links = [...option.product_links].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).filter((l) => linked === null || names.has(l.sku))
        const label = (l: (typeof links)[number]) =>
          `${names.get(l.sku)?.name ?? l.sku} ${LL.productTypes.plusPrice({ price: format(toCents(addTax(l.price ?? 0, rate))) })}`
        const multi = option.type === 'checkbox' || option.type === 'multi'
        const described = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined } as const
        const title = (
          <>
            {option.title}
            {option.required ? <RequiredMark /> : null}
          </>
        )
        const canChangeQty = links.some((l) => l.can_change_quantity !== 0)
        return (
          <div key={id} className="product-choices__option" data-option-id={id}>
            {option.type === 'radio' || option.type === 'checkbox' ? (
              <fieldset className="product-choices__group" {...described}>
                <legend>{title}</legend>
                {!multi && !option.required ? (
                  <label className="choice">
                    <input type="radio" name={inputId} checked={chosen.selections.length === 0} onChange={() => set(id, { selections: [] })} />{' '}
                    {LL.productTypes.none()}
                  </label>
                ) : null}
                {links.map((l) => (
                  <label key={l.id} className="choice">
                    <input
                      type={multi ? 'checkbox' : 'radio'}
                      name={inputId}
                      value={l.id}
                      checked={chosen.selections.includes(l.id)}
                      onChange={(e) =>
                        set(id, {
                          selections: multi
                            ? e.target.checked
                              ? [...chosen.selections, l.id].sort((a, b) => a - b)
                              : chosen.selections.filter((s) => s !== l.id)
                            : [l.id],
                          ...(multi || chosen.selections.includes(l.id) ? {} : { qty: String(l.qty) }),
                        })
                      }
                    />{' '}
                    {label(l)}
                  </label>
                ))}
              </fieldset>
            ) : (
              <div className="product-choices__field">
                <label htmlFor={inputId}>{title}</label>
                <select
                  id={inputId}
                  multiple={multi}
                  value={multi ? chosen.selections.map(String) : String(chosen.selections[0] ?? '')}
                  onChange={(e) => set(id, { selections: [...e.target.selectedOptions].map((o) => Number(o.value)).filter((n) => n > 0) })}
                  {...described}
                >
                  {multi ? null : <option value="">{option.required ? LL.productTypes.choose() : LL.productTypes.none()}</option>}
                  {links.map((l) => (
                    <option key={l.id} value={String(l.id)}>
                      {label(l)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {canChangeQty ? (
              <div className="product-choices__qty">
                <label htmlFor={`${inputId}-qty`}>{LL.productTypes.bundleQty({ title: option.title })}</label>
                <input
                  id={`${inputId}-qty`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  className="qty-input"
                  value={chosen.qty}
                  onChange={(e) => set(id, { qty: e.target.value })}
                  {...described}
                />
              </div>
            ) : null}
            <FieldError id={errorId} text={error} />
          </div>
        )
      })}
    </fieldset>
  )
}

// --- grouped --------------------------------------------------------------------------

export function GroupedPanel({
  product,
  choices,
  update,
  linked,
  error,
}: {
  product: Product
  choices: ProductChoices
  update: Update
  linked: ProductListItem[] | null
  error: boolean
}) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const baseId = useId()
  if (linked === null) {
    return (
      <p className="muted" role="status">
        {LL.productTypes.loadingLinked()}
      </p>
    )
  }
  const bySku = new Map(linked.map((p) => [p.sku, p]))
  const rows = groupedLinks(product).filter((l) => bySku.has(l.sku))
  if (rows.length === 0) return <p className="notice">{LL.productTypes.groupedEmpty()}</p>
  return (
    <div className="product-choices" data-testid="grouped-products">
      <table className="grouped-table">
        <caption>{LL.productTypes.groupedTitle()}</caption>
        <thead>
          <tr>
            <th scope="col">{LL.productTypes.groupedProduct()}</th>
            <th scope="col">{LL.productTypes.groupedPrice()}</th>
            <th scope="col">{LL.productTypes.groupedQty()}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const item = bySku.get(row.sku)!
            return (
              <tr key={row.sku} data-sku={row.sku}>
                <th scope="row">
                  {item.name}
                  {item.is_in_stock ? null : <span className="muted small"> ({LL.product.outOfStock()})</span>}
                </th>
                <td>{format(item.final_price_incl_tax)}</td>
                <td>
                  <input
                    id={`${baseId}-${row.sku}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    className="qty-input"
                    aria-label={LL.productTypes.qtyOf({ name: item.name })}
                    value={choices.grouped[row.sku] ?? '0'}
                    onChange={(e) => update((c) => ({ ...c, grouped: { ...c.grouped, [row.sku]: e.target.value } }))}
                  />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <FieldError id={`${baseId}-error`} text={error ? LL.productTypes.groupedChooseOne() : null} />
    </div>
  )
}

// --- gift card ------------------------------------------------------------------------

export function GiftcardPanel({
  product,
  choices,
  update,
  issues,
}: {
  product: Product
  choices: ProductChoices
  update: Update
  issues: OptionIssue[] | null
}) {
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
    </div>
  )
}
