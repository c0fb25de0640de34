/**
 * The small catalogue the listing tests share: brand, colour and "Erin recommends" attributes, and
 * light product documents built as the worker stores them.
 */
import type { AttributeDoc, ProductDoc } from '../../workers/db/catalog-schemas'
import { toProductDoc } from '../../workers/db/catalog-docs'

export const NOW = Date.parse('2026-11-22T12:00:00Z')

export const attribute = (code: string, options: [string, string][]): AttributeDoc => ({
  id: code,
  attribute_id: 1,
  attribute_code: code,
  frontend_label: code,
  options: options.map(([value, label], i) => ({ value, label, sort_order: i })),
  updated_at: '2026-01-01',
})
export const manufacturer = attribute('manufacturer', [
  ['210', 'Zuiderzee'],
  ['211', 'atelier Noord'],
  ['212', 'Émile'],
  ['213', 'Unused'],
])
export const colors = attribute('color', [
  ['49', 'Black'],
  ['50', 'Navy Blue'],
])
export const erin = attribute('erin_recommends', [
  ['1', 'Yes'],
  ['0', 'No'],
])
export const attributes = new Map([
  ['manufacturer', manufacturer],
  ['color', colors],
  ['erin_recommends', erin],
])

export function product(id: number, fields: Record<string, unknown> = {}): ProductDoc {
  return toProductDoc(
    {
      id,
      sku: `SKU-${id}`,
      name: `Product ${id}`,
      status: 1,
      visibility: 4,
      price_incl_tax: 10,
      final_price_incl_tax: 10,
      original_price_incl_tax: 10,
      category_ids: [2, 20],
      stock: { is_in_stock: true },
      color: 49,
      manufacturer: 210,
      erin_recommends: 0,
      eol: 0,
      updated_at: '2026-02-01T00:00:00Z',
      ...fields,
    },
    false,
  )
}

export const categoryIds = new Set([2, 20])
export const query = (filters: Record<string, string[]> = {}) => ({ categoryId: 2, filters, sort: 'position' as const, size: 100 })
