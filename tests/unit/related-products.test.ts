/** Up-sell and cross-sell selection (workers/catalog/related-products) over light catalogue documents. */
import { describe, expect, it } from 'vitest'
import type { Product } from '../../domain/product.schema'
import { prepareProduct, type ListedProduct } from '../../workers/catalog/category-query'
import { getRelatedProducts, selectRelated, type RelatedSource } from '../../workers/catalog/related-products'
import { toProductDoc } from '../../workers/db/catalog-docs'

const NOW = Date.parse('2026-06-01T00:00:00Z')

interface Spec {
  id: number
  price: number
  categories?: number[]
  status?: number
  visibility?: number
  sold?: number
}

function listed({ id, price, categories = [2, 20], status = 1, visibility = 4, sold = 0 }: Spec): ListedProduct {
  return prepareProduct(
    toProductDoc(
      {
        id,
        sku: `P${id}`,
        name: `Product ${id}`,
        type_id: 'simple',
        status,
        visibility,
        url_key: `p${id}`,
        url_path: `p${id}.html`,
        slug: `p${id}`,
        price: price / 1.21,
        price_incl_tax: price,
        final_price_incl_tax: price,
        original_price_incl_tax: price,
        category_ids: categories,
        stock: { is_in_stock: true, qty: 1 },
        sold_qty: sold,
        eol: 0,
        updated_at: '2026-01-01T00:00:00Z',
        _deleted: false,
      },
      false,
    ),
  )
}

function full(id: number, links: { type: 'upsell' | 'crosssell' | 'related'; sku: string; position?: number }[] = []): Product {
  return {
    id,
    sku: `P${id}`,
    name: `Product ${id}`,
    type_id: 'simple',
    status: 1,
    visibility: 4,
    url_key: `p${id}`,
    url_path: `p${id}.html`,
    slug: `p${id}`,
    price: 50,
    final_price_incl_tax: 50,
    tax_class_id: 2,
    category_ids: [2, 20],
    category: [],
    stock: { is_in_stock: true, qty: 1, manage_stock: true },
    sold_qty: 0,
    eol: 0,
    created_at: '2026-01-01',
    updated_at: '2026-01-01',
    product_links: links.map((l) => ({
      sku: `P${id}`,
      link_type: l.type,
      linked_product_sku: l.sku,
      ...(l.position !== undefined ? { position: l.position } : {}),
    })),
  }
}

// the product (id 1, 50.00 in category 20) and its neighbours
const catalogue = [
  listed({ id: 1, price: 50 }),
  listed({ id: 2, price: 40, sold: 90 }),
  listed({ id: 3, price: 60, sold: 5 }),
  listed({ id: 4, price: 55, sold: 1 }),
  listed({ id: 5, price: 99, sold: 50 }),
  listed({ id: 6, price: 70, status: 2, sold: 99 }), // disabled
  listed({ id: 7, price: 80, visibility: 1, sold: 98 }), // a hidden child
  listed({ id: 8, price: 65, sold: 20 }),
  listed({ id: 9, price: 75, categories: [2, 30], sold: 100 }), // another category
  listed({ id: 10, price: 45, sold: 70 }),
  listed({ id: 11, price: 30, sold: 60 }),
]

const deps = { products: () => catalogue, now: NOW }
const source = (f: Product | null = null): RelatedSource => ({ sku: 'P1', listed: catalogue[0], full: f })
const skus = (items: { sku: string }[]) => items.map((i) => i.sku)

describe('selectRelated', () => {
  it('up-sell without links: dearer products of the same category, next price step first', () => {
    const { upsell } = selectRelated(source(), deps, 4)
    expect(skus(upsell)).toEqual(['P4', 'P3', 'P8', 'P5'])
  })

  it('cross-sell without links or service: best sellers of the category not already shown', () => {
    const { upsell, crosssell } = selectRelated(source(), deps, 4)
    expect(skus(crosssell)).toEqual(['P2', 'P10', 'P11'])
    expect(skus(crosssell).some((s) => skus(upsell).includes(s))).toBe(false)
  })

  it('uses the product links first, by position, skipping disabled, hidden, unknown and the product itself', () => {
    const f = full(1, [
      { type: 'upsell', sku: 'P9', position: 2 },
      { type: 'upsell', sku: 'P6', position: 1 },
      { type: 'upsell', sku: 'P1', position: 0 },
      { type: 'upsell', sku: 'NOPE', position: 3 },
      { type: 'upsell', sku: 'P11', position: 4 },
      { type: 'crosssell', sku: 'P7' },
      { type: 'crosssell', sku: 'P5' },
      { type: 'related', sku: 'P2' },
    ])
    const { upsell, crosssell } = selectRelated(source(f), deps, 3)
    // links P9, P11, then topped up from the category (dearer): P4
    expect(skus(upsell)).toEqual(['P9', 'P11', 'P4'])
    // link P5, then best sellers: P2 (90), P10 (70)
    expect(skus(crosssell)).toEqual(['P5', 'P2', 'P10'])
  })

  it('takes the recommendation service ids first, mapped to local products', () => {
    const { crosssell } = selectRelated(source(), deps, 4, [9, 6, 1, 11, 999])
    expect(skus(crosssell)).toEqual(['P9', 'P11', 'P2', 'P10'])
  })

  it('never more than the limit, never the product itself, nothing for limit 0', () => {
    for (const limit of [1, 2, 3, 4]) {
      const { upsell, crosssell } = selectRelated(source(), deps, limit)
      expect(upsell.length).toBeLessThanOrEqual(limit)
      expect(crosssell.length).toBeLessThanOrEqual(limit)
      expect([...skus(upsell), ...skus(crosssell)]).not.toContain('P1')
    }
    expect(selectRelated(source(), deps, 0)).toEqual({ upsell: [], crosssell: [] })
  })

  it('a product the light catalogue lacks is placed by its full document', () => {
    const { upsell } = selectRelated({ sku: 'P1', full: full(1) }, { products: () => catalogue.slice(1), now: NOW }, 2)
    expect(skus(upsell)).toEqual(['P4', 'P3'])
  })
})

describe('getRelatedProducts', () => {
  it('asks the recommendation service with the product id and the limit; a failure falls back to local', async () => {
    const asked: [number, number][] = []
    const online = await getRelatedProducts(source(), { ...deps, crossSellIds: async (id, n) => (asked.push([id, n]), [5, 8]) }, 4)
    expect(asked).toEqual([[1, 4]])
    expect(skus(online.crosssell)).toEqual(['P2', 'P10', 'P11']) // P5 and P8 are already up-sell tiles
    const failing = await getRelatedProducts(source(), { ...deps, crossSellIds: () => Promise.reject(new Error('down')) }, 4)
    expect(skus(failing.crosssell)).toEqual(['P2', 'P10', 'P11'])
  })
})
