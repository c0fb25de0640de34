/** Generated light products for the worker tests and measurements. */
import type { ProductDoc } from '../../workers/db/catalog-schemas'
import { toProductDoc } from '../../workers/db/catalog-docs'

/** Deterministic light products as the feed sends them (decimals). */
export function generateLightProducts(count: number): ProductDoc[] {
  const docs: ProductDoc[] = []
  for (let i = 1; i <= count; i++) {
    const configurable = i % 4 === 0
    const price = 5 + ((i * 37) % 250)
    docs.push(
      toProductDoc(
        {
          id: i,
          sku: `SKU-${i}`,
          name: `Product ${i}`,
          type_id: configurable ? 'configurable' : 'simple',
          status: i % 50 === 0 ? 2 : 1,
          visibility: i % 30 === 0 ? 1 : 4,
          url_key: `product-${i}`,
          url_path: `product-${i}.html`,
          slug: `product-${i}`,
          price: price / 1.21,
          price_incl_tax: price,
          final_price_incl_tax: price,
          original_price_incl_tax: price,
          special_price_incl_tax: i % 10 === 0 ? price * 0.8 : null,
          special_from_date: i % 10 === 0 ? '2026-01-01T00:00:00Z' : null,
          special_to_date: null,
          category_ids: [2, 10 + (i % 5), 20 + (i % 7)],
          category: [{ category_id: 10 + (i % 5), name: 'c', position: count - i }],
          stock: { is_in_stock: i % 13 !== 0, qty: 5 },
          color: configurable ? undefined : 49 + (i % 6),
          color_options: configurable ? [49, 50, 51] : [],
          size: configurable ? undefined : 166 + (i % 4),
          size_options: configurable ? [166, 167] : [],
          sold_qty: (i * 7919) % 1000,
          eol: 0,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: `2026-02-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
          _deleted: false,
        },
        false,
      ),
    )
  }
  return docs
}
