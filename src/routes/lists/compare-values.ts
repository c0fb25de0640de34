/**
 * What a compare-table cell shows for one comparable attribute of one product: option labels for
 * select attributes (a configurable lists every child's value through `<code>_options`), the text
 * otherwise. Without the full document the light fields still know colour and size.
 */
import type { Attribute } from '../../../domain/attribute.schema'
import type { Product } from '../../../domain/product.schema'
import type { ProductListItem } from '../../data/worker-types'

function optionIdsOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.flatMap(optionIdsOf)
  if (typeof raw === 'number') return [String(raw)]
  if (typeof raw === 'string')
    return raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
  return []
}

export function compareValue(attribute: Attribute, product: Product | undefined, item: ProductListItem): string | null {
  const code = attribute.attribute_code
  const light: Record<string, number[]> = { color: item.color_options, size: item.size_options }
  const raw: unknown = product ? (product[`${code}_options`] ?? product[code]) : light[code]
  if (raw === undefined || raw === null || raw === '') return null
  if (attribute.frontend_input === 'select' || attribute.frontend_input === 'multiselect') {
    const labels = [...new Set(optionIdsOf(raw))].map((id) => attribute.options.find((o) => o.value === id)?.label ?? id)
    return labels.length > 0 ? labels.join(', ') : null
  }
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return String(raw)
  return null
}
