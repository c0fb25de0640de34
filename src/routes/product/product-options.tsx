import type { Product } from '../../../domain/product.schema'
import { isOptionCombinationAvailable, type Configuration } from '../../../domain/variant'
import { useI18nContext } from '../../../locales/i18n-react'
import { useAttributes } from '../../data/hooks'

const OPTION_TEST_IDS: Record<string, string> = { color: 'option-color', size: 'option-size' }

/**
 * Colour swatches and size buttons of a configurable product. A value no available child has is
 * disabled; a value that exists but not with the other current choices is marked, and choosing it
 * moves to the closest child that has it.
 */
export function ProductOptions({
  product,
  configuration,
  onChoose,
}: {
  product: Product
  configuration: Configuration
  onChoose: (attributeCode: string, valueIndex: number, label: string) => void
}) {
  const { LL } = useI18nContext()
  const attributes = useAttributes(['color'])
  const swatches = new Map<string, string>()
  for (const option of attributes[0]?.options ?? []) if (option.swatch) swatches.set(option.value, option.swatch)

  return (
    <div className="product-options">
      {(product.configurable_options ?? []).map((option) => {
        const code = option.attribute_code
        const selected = configuration[code]
        const labelId = `option-${code}-label`
        const label = code === 'color' ? LL.category.color() : code === 'size' ? LL.category.size() : option.label
        return (
          <div key={code} className="product-options__group">
            <p id={labelId} className="product-options__label">
              {label}
              {selected?.label ? <span className="muted">: {selected.label}</span> : null}
            </p>
            <div
              role="group"
              aria-labelledby={labelId}
              className={`option-buttons option-buttons--${code}`}
              data-testid={OPTION_TEST_IDS[code] ?? `option-${code}`}
            >
              {option.values.map((value) => {
                const pressed = selected !== undefined && String(selected.id) === String(value.value_index)
                const others: Configuration = { ...configuration }
                delete others[code]
                // disabled: no available child has this value at all; marked: not with the other choices
                const exists = isOptionCombinationAvailable(product, {}, code, value.value_index)
                const available = exists && isOptionCombinationAvailable(product, others, code, value.value_index)
                const swatch = code === 'color' ? swatches.get(String(value.value_index)) : undefined
                return (
                  <button
                    key={value.value_index}
                    type="button"
                    className={`option-button${available ? '' : ' is-unavailable'}${code === 'color' ? ' option-button--swatch' : ''}`}
                    aria-pressed={pressed}
                    disabled={!exists}
                    aria-label={available ? value.label : LL.product.unavailableOption({ label: value.label })}
                    data-value={value.value_index}
                    onClick={() => onChoose(code, value.value_index, value.label)}
                  >
                    {code === 'color' ? <span className="swatch" style={swatch ? { background: swatch } : undefined} aria-hidden="true" /> : null}
                    <span aria-hidden="true">{value.label}</span>
                  </button>
                )
              })}
            </div>
          </div>
        )
      })}
    </div>
  )
}
