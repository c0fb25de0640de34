/** The listing item's reference price: carried from the light document only while the reduction is on and backed. */
import { describe, expect, it } from 'vitest'
import { toProductDoc } from '../../workers/db/catalog-docs'
import { toProductListItem } from '../../workers/db/product-views'

const wire = (fields: Record<string, unknown>) => ({
  id: 7,
  sku: 'CAPE',
  name: 'Cape',
  type_id: 'simple',
  status: 1,
  visibility: 4,
  price: 100,
  price_incl_tax: 121,
  original_price_incl_tax: 121,
  special_price_incl_tax: 96.8,
  final_price_incl_tax: 96.8,
  special_from_date: '2026-06-01T00:00:00.000Z',
  special_to_date: '2026-06-30T23:59:59.000Z',
  category_ids: [],
  updated_at: '2026-06-01T00:00:00.000Z',
  ...fields,
})
const during = Date.parse('2026-06-15T12:00:00Z')

describe('the reference price of a listing item', () => {
  it('is the document’s, in cents, while the special price applies and the reference is above it', () => {
    const item = toProductListItem(toProductDoc(wire({ omnibus_price_incl_tax: 121 }), false), during)
    expect(item.final_price_incl_tax).toBe(9680)
    expect(item.omnibus_price_incl_tax).toBe(12100)
  })

  it('is dropped once the special price window has ended on this device’s clock', () => {
    const item = toProductListItem(toProductDoc(wire({ omnibus_price_incl_tax: 121 }), false), Date.parse('2026-07-02T00:00:00Z'))
    expect(item.final_price_incl_tax).toBe(12100)
    expect(item.omnibus_price_incl_tax).toBeNull()
  })

  it('is dropped when the history does not back the reduction, or the document has none', () => {
    expect(toProductListItem(toProductDoc(wire({ omnibus_price_incl_tax: 60.5 }), false), during).omnibus_price_incl_tax).toBeNull()
    expect(toProductListItem(toProductDoc(wire({}), false), during).omnibus_price_incl_tax).toBeNull()
  })
})
