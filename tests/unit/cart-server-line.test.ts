import { describe, expect, it } from 'vitest'
import type { ServerCartItem } from '../../domain/cart.schema'
import type { Product } from '../../domain/product.schema'
import { serverLinePriceCents } from '../../workers/cart/server-line'

const box: Product = {
  id: 1,
  sku: 'BOX',
  name: 'Box',
  type_id: 'bundle',
  status: 1,
  visibility: 4,
  url_key: 'b',
  url_path: 'b.html',
  slug: 'b',
  price: 20,
  final_price: 20,
  price_incl_tax: 24.2,
  final_price_incl_tax: 24.2,
  tax_class_id: 2,
  category_ids: [],
  category: [],
  stock: { qty: 0, is_in_stock: true, manage_stock: false },
  sold_qty: 0,
  eol: 0,
  created_at: 'c',
  updated_at: 'u',
  bundle_options: [{ option_id: 1, title: 'Mug', type: 'radio', required: true, product_links: [{ id: 11, sku: 'M', qty: 1, is_default: true, price: 14 }] }],
}
const line = (extra: Partial<ServerCartItem>): ServerCartItem => ({
  item_id: 1,
  quote_id: 'q',
  sku: 'BOX',
  qty: 1,
  name: 'Box',
  price: 28,
  product_type: 'bundle',
  ...extra,
})

describe('a server line added on another device, priced locally', () => {
  it('prices a bundle line by its selections when the full document is here', () => {
    const option = { extension_attributes: { bundle_options: [{ option_id: '1', option_qty: 2, option_selections: [11] }] } }
    expect(serverLinePriceCents(line({ product_option: option }), box, 2420)).toBe(3388)
  })
  it('falls back to the light price without the full document, and to the server price without either', () => {
    const option = { extension_attributes: { bundle_options: [{ option_id: '1', option_qty: 2, option_selections: [11] }] } }
    expect(serverLinePriceCents(line({ product_option: option }), null, 2420)).toBe(2420)
    expect(serverLinePriceCents(line({}), null, undefined)).toBe(2800)
  })
  it('prices a gift card at its amount', () => {
    const option = { extension_attributes: { mageworx_giftcard_item_option: { card_amount_other: 42 } } }
    expect(serverLinePriceCents(line({ sku: 'GC', product_type: 'giftcard', product_option: option }), null, 2500)).toBe(4200)
  })
})
