import { describe, expect, it } from 'vitest'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import { chooseVariant, configurationOfChild, isOptionCombinationAvailable, NO_AVAILABLE_VARIANTS, type Configuration } from '../../domain/variant'
import { teeOptions } from '../fixtures/catalog'

const RED = 49
const BLUE = 50
const S = 167
const M = 168

function child(sku: string, color: number, size: number, priceInclTax: number, extra: Partial<ConfigurableChild> = {}): ConfigurableChild {
  return {
    id: sku.length * 1000 + color + size,
    sku,
    name: sku,
    status: 1,
    stock: { qty: 10, is_in_stock: true, manage_stock: true },
    price: priceInclTax / 1.21,
    price_incl_tax: priceInclTax,
    tax_class_id: 2,
    color,
    size,
    ...extra,
  }
}

function product(children: ConfigurableChild[], inStock = true): Pick<Product, 'configurable_children' | 'stock' | 'configurable_options'> {
  return {
    stock: { qty: 0, is_in_stock: inStock, manage_stock: true },
    configurable_children: children,
    configurable_options: teeOptions({ red: RED, blue: BLUE, small: S, medium: M, sizeAttribute: 142 }),
  }
}

const conf = (color?: number, size?: number): Configuration => ({
  ...(color !== undefined ? { color: { attribute_code: 'color', id: color } } : {}),
  ...(size !== undefined ? { size: { attribute_code: 'size', id: size } } : {}),
})

describe('chooseVariant', () => {
  it('an exact match on the requested child sku wins over attribute matches', () => {
    const p = product([child('T-RED-S', RED, S, 20), child('T-BLUE-M', BLUE, M, 30)])
    expect(chooseVariant(p, { childSku: 'T-BLUE-M', configuration: conf(RED, S) }).child?.sku).toBe('T-BLUE-M')
  })

  it('the child matching the most selected attributes wins', () => {
    const p = product([child('T-RED-S', RED, S, 10), child('T-RED-M', RED, M, 30), child('T-BLUE-M', BLUE, M, 5)])
    expect(chooseVariant(p, { configuration: conf(RED, M) }).child?.sku).toBe('T-RED-M')
  })

  it('ties go to the lower price including tax', () => {
    const p = product([child('T-RED-S', RED, S, 25), child('T-RED-M', RED, M, 19.99)])
    expect(chooseVariant(p, { configuration: conf(RED) }).child?.sku).toBe('T-RED-M')
  })

  it('skips children that are not in stock unless out-of-stock listing is allowed', () => {
    const p = product([child('T-RED-S', RED, S, 20, { stock: { qty: 0, is_in_stock: false, manage_stock: true } }), child('T-BLUE-S', BLUE, S, 20)])
    expect(chooseVariant(p, { configuration: conf(RED, S) }).child?.sku).toBe('T-BLUE-S')
    expect(chooseVariant(p, { configuration: conf(RED, S) }, { allowOutOfStock: true }).child?.sku).toBe('T-RED-S')
  })

  it('skips children with status 2 or higher, even when asked for by sku', () => {
    const p = product([child('T-RED-S', RED, S, 20, { status: 2 }), child('T-BLUE-S', BLUE, S, 20)])
    expect(chooseVariant(p, { childSku: 'T-RED-S', configuration: conf(RED, S) }).child?.sku).toBe('T-BLUE-S')
    expect(chooseVariant(p, { childSku: 'T-RED-S' }, { allowOutOfStock: true }).child?.sku).toBe('T-BLUE-S')
  })

  it('falls back to the first available child when nothing matches', () => {
    const p = product([child('T-RED-S', RED, S, 20, { status: 3 }), child('T-BLUE-S', BLUE, S, 40), child('T-BLUE-M', BLUE, M, 10)])
    expect(chooseVariant(p, { configuration: conf(RED) }).child?.sku).toBe('T-BLUE-S')
    expect(chooseVariant(p, {}).child?.sku).toBe('T-BLUE-S')
  })

  it('without fallback and nothing matching, sets the error', () => {
    const p = product([child('T-BLUE-S', BLUE, S, 40)])
    expect(chooseVariant(p, { configuration: conf(RED) }, { fallbackToFirst: false })).toEqual({ child: null, error: NO_AVAILABLE_VARIANTS })
  })

  it('with errors disabled returns no child and no error', () => {
    const p = product([child('T-BLUE-S', BLUE, S, 40)])
    expect(chooseVariant(p, { configuration: conf(RED) }, { fallbackToFirst: false, setErrors: false })).toEqual({ child: null })
  })

  it('"No available product variants" when every child is unavailable', () => {
    const p = product([
      child('T-RED-S', RED, S, 20, { status: 2 }),
      child('T-RED-M', RED, M, 20, { stock: { qty: 0, is_in_stock: false, manage_stock: true } }),
    ])
    expect(chooseVariant(p, { configuration: conf(RED) }).error).toBe(NO_AVAILABLE_VARIANTS)
  })

  it('a product whose stock says not in stock gets the same error', () => {
    const p = product([child('T-RED-S', RED, S, 20)], false)
    expect(chooseVariant(p, { configuration: conf(RED, S) })).toEqual({ child: null, error: NO_AVAILABLE_VARIANTS })
    expect(chooseVariant(p, { configuration: conf(RED, S) }, { allowOutOfStock: true }).child?.sku).toBe('T-RED-S')
  })

  it('a product without children has no variant', () => {
    expect(chooseVariant({ stock: { qty: 1, is_in_stock: true, manage_stock: true } }, {}).error).toBe(NO_AVAILABLE_VARIANTS)
  })
})

describe('configurationOfChild / isOptionCombinationAvailable', () => {
  const p = product([child('T-RED-S', RED, S, 20), child('T-BLUE-M', BLUE, M, 30)])

  it('reads the child option values with their labels', () => {
    expect(configurationOfChild(p, p.configurable_children![0]!)).toEqual({
      color: { attribute_code: 'color', id: RED, label: 'Red' },
      size: { attribute_code: 'size', id: S, label: 'S' },
    })
  })

  it('marks combinations that no available child carries', () => {
    expect(isOptionCombinationAvailable(p, conf(RED), 'size', S)).toBe(true)
    expect(isOptionCombinationAvailable(p, conf(RED), 'size', M)).toBe(false)
    expect(isOptionCombinationAvailable(p, conf(RED, S), 'color', BLUE)).toBe(false)
  })
})
