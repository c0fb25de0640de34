/** The compare table's cells: option labels for select attributes, light fields without a full document. */
import { describe, expect, it } from 'vitest'
import type { Attribute } from '../../domain/attribute.schema'
import type { Product } from '../../domain/product.schema'
import { compareValue } from '../../src/routes/lists/compare-values'
import type { ProductListItem } from '../../workers/contract/views'
import { colourAttribute } from '../fixtures/catalog'

const colour = colourAttribute([
  ['49', 'Black'],
  ['50', 'Red'],
])
const material: Attribute = { ...colour, id: 94, attribute_id: 94, attribute_code: 'material', frontend_input: 'text', frontend_label: 'Material', options: [] }

const item: ProductListItem = {
  id: 1,
  sku: 'A',
  name: 'A',
  type_id: 'configurable',
  slug: 'a',
  url_path: 'a',
  final_price_incl_tax: 100,
  original_price_incl_tax: 100,
  is_in_stock: true,
  color_options: [50],
  size_options: [],
  sold_qty: 0,
}
const product = (fields: Record<string, unknown>) => ({ ...fields }) as unknown as Product

describe('compareValue', () => {
  it('labels a configurable by every child value, once each, in the order given', () => {
    expect(compareValue(colour, product({ color_options: [50, 49, 50] }), item)).toBe('Red, Black')
  })
  it('labels a simple product by its own option id (number or comma-separated string)', () => {
    expect(compareValue(colour, product({ color: 49 }), item)).toBe('Black')
    expect(compareValue(colour, product({ color: '49,50' }), item)).toBe('Black, Red')
  })
  it('falls back to the light fields without a full document, and says nothing when there is no value', () => {
    expect(compareValue(colour, undefined, item)).toBe('Red')
    expect(compareValue(material, undefined, item)).toBeNull()
    expect(compareValue(colour, product({}), item)).toBeNull()
  })
  it('shows text attributes as they are; an unknown option id shows the id', () => {
    expect(compareValue(material, product({ material: 'Wool' }), item)).toBe('Wool')
    expect(compareValue(colour, product({ color: 77 }), item)).toBe('77')
  })
})
