/**
 * Readable custom option choices for a cart line ("Gift wrap: Paper", "Engraving: Anna"), in the
 * store view's words (the titles come from the product document).
 */
import { chosenValueIds, TEXT_OPTION_TYPES } from '../../domain/option-price'
import type { Product } from '../../domain/product.schema'

export function customOptionLabels(product: Product, chosen: readonly { option_id: string; option_value: string }[]): { label: string; value: string }[] {
  const labels: { label: string; value: string }[] = []
  for (const choice of chosen) {
    const option = (product.custom_options ?? []).find((o) => String(o.option_id) === String(choice.option_id))
    if (!option) continue
    if (TEXT_OPTION_TYPES.has(option.type)) {
      if (choice.option_value.trim() !== '') labels.push({ label: option.title, value: choice.option_value.trim() })
      continue
    }
    const titles = chosenValueIds(choice.option_value)
      .map((id) => option.values?.find((v) => v.option_type_id === id)?.title)
      .filter((t): t is string => t !== undefined)
    if (titles.length > 0) labels.push({ label: option.title, value: titles.join(', ') })
  }
  return labels
}
