/**
 * Variant choice for configurable products (spec §5 "Variant choice"): which child a configuration
 * (or a child sku from the URL) resolves to.
 */
import { choicesOfChild } from './cart-line-options'
import type { ConfigurableChild, Product } from './product.schema'

export const NO_AVAILABLE_VARIANTS = 'No available product variants'

/** attribute_code → the chosen option (the spec's "configuration selection"). */
export type Configuration = Record<string, { attribute_code: string; id: number | string; label?: string }>

export interface VariantChoiceOptions {
  /** out-of-stock listing allowed: out-of-stock children stay candidates */
  allowOutOfStock?: boolean
  /** when nothing matches, take the first available child */
  fallbackToFirst?: boolean
  /** when nothing is found, report the product error */
  setErrors?: boolean
}

export type VariantChoice = { child: ConfigurableChild; error?: undefined } | { child: null; error?: typeof NO_AVAILABLE_VARIANTS }

type VariantProduct = Pick<Product, 'configurable_children' | 'stock'>

function isAvailable(child: ConfigurableChild, allowOutOfStock: boolean): boolean {
  if (child.status >= 2) return false
  return allowOutOfStock || child.stock.is_in_stock
}

function priceInclTax(child: ConfigurableChild): number {
  return child.final_price_incl_tax ?? child.price_incl_tax ?? child.price
}

/** How many of the configuration's attributes the child carries (child fields are option ids). */
export function matchingAttributes(child: ConfigurableChild, configuration: Configuration): number {
  let matches = 0
  for (const [code, option] of Object.entries(configuration)) {
    const value = child[code]
    if (value !== undefined && value !== null && String(value) === String(option.id)) matches += 1
  }
  return matches
}

export function chooseVariant(
  product: VariantProduct,
  selection: { configuration?: Configuration; childSku?: string | null },
  options: VariantChoiceOptions = {},
): VariantChoice {
  const { allowOutOfStock = false, fallbackToFirst = true, setErrors = true } = options
  const none: VariantChoice = setErrors ? { child: null, error: NO_AVAILABLE_VARIANTS } : { child: null }
  // a product whose own stock says "not in stock" has no variant to offer
  if (!allowOutOfStock && !product.stock.is_in_stock) return none

  const candidates = (product.configurable_children ?? []).filter((c) => isAvailable(c, allowOutOfStock))

  if (selection.childSku) {
    const exact = candidates.find((c) => c.sku === selection.childSku)
    if (exact) return { child: exact }
  }

  const configuration = selection.configuration ?? {}
  if (Object.keys(configuration).length > 0) {
    let best: ConfigurableChild | null = null
    let bestMatches = 0
    for (const child of candidates) {
      const matches = matchingAttributes(child, configuration)
      if (matches === 0) continue
      if (matches > bestMatches || (matches === bestMatches && best !== null && priceInclTax(child) < priceInclTax(best))) {
        best = child
        bestMatches = matches
      }
    }
    if (best) return { child: best }
  }

  if (fallbackToFirst && candidates[0]) return { child: candidates[0] }
  return none
}

/** The configuration a child stands for, over the product's configurable options. */
export function configurationOfChild(product: Pick<Product, 'configurable_options'>, child: ConfigurableChild): Configuration {
  const configuration: Configuration = {}
  for (const { option, valueIndex, value } of choicesOfChild(product, child)) {
    configuration[option.attribute_code] = {
      attribute_code: option.attribute_code,
      id: value ? value.value_index : valueIndex,
      ...(value ? { label: value.label } : {}),
    }
  }
  return configuration
}

/** Whether some available child carries this option value together with the rest of the configuration. */
export function isOptionCombinationAvailable(
  product: VariantProduct,
  configuration: Configuration,
  attributeCode: string,
  valueIndex: number,
  allowOutOfStock = false,
): boolean {
  const wanted: Configuration = { ...configuration, [attributeCode]: { attribute_code: attributeCode, id: valueIndex } }
  return (product.configurable_children ?? []).some((c) => isAvailable(c, allowOutOfStock) && matchingAttributes(c, wanted) === Object.keys(wanted).length)
}
