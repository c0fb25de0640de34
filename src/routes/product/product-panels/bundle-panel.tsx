/** A bundle's selections with their quantities, priced incl. tax. */
import { useId } from 'react'
import { toCents } from '../../../../domain/money'
import { impliedTaxRate, type OptionIssue } from '../../../../domain/option-price'
import type { Product } from '../../../../domain/product.schema'
import { addTax } from '../../../../domain/tax'
import type { ProductListItem } from '../../../data/worker-types'
import { useI18nContext } from '../../../../locales/i18n-react'
import { usePriceFormatter } from '../../../ui/store-view'
import type { ProductChoices } from '../product-choices'
import { RequiredMark, useIssueText, FieldError, type Update } from './shared'
import '../product-types.css'

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
