/**
 * The orders schema v0 → v2 (v1 the stored payment status, v2 what the order took from the cart) on
 * a real RxDB database: an order stored by an older version, queued offline and not yet sent,
 * survives the upgrade unchanged.
 */
import { describe, expect, it } from 'vitest'
import { createRxDatabase } from 'rxdb'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { openDatabase } from '../../workers/db/database'
import { withDevMode } from '../../workers/db/dev-storage'
import { orderSchemaLiteral } from '../../workers/orders/order-schema'

describe('orders v0 → v2', () => {
  it('keeps a queued order, with no payment status', async () => {
    const storage = getRxStorageMemory()
    const name = `polder-order-migration-${Date.now()}`
    const { payment: _p, cart_items: _i, cart_id: _c, coupon: _k, gift_cards: _g, customer: _u, ...properties } = orderSchemaLiteral.properties
    const v0 = { ...orderSchemaLiteral, version: 0, properties }
    const old = await createRxDatabase({ name, storage: withDevMode(storage), multiInstance: false })
    const { orders } = await old.addCollections({ orders: { schema: v0 } })
    const address = {
      firstName: 'A',
      lastName: 'B',
      country: 'NL',
      street: 'Damrak',
      houseNumber: '70',
      addition: '',
      postcode: '1012 LM',
      city: 'Amsterdam',
      phone: '',
    }
    const doc = {
      order_id: '1767225600000-abc',
      created_at: 1767225600000,
      updated_at: 1767225600000,
      status: 'queued' as const,
      store_code: 'nl',
      email: 'a@b.nl',
      lines: [{ sku: 'SKU-1', qty: 2 }],
      shipping_address: address,
      billing_address: address,
      shipping_method: { carrierCode: 'storepickup', methodCode: 'storepickup', title: 'Store pickup', amount: 0 },
      payment_method: { code: 'banktransfer', title: 'Bank transfer' },
      totals: { subtotal: 2420, discount: 0, shipping: 0, grandTotal: 2420 },
      reverse_charge: false,
      attempts: 0,
    }
    await orders.insert(doc)
    await old.close()

    const db = await openDatabase({ storeCode: 'nl', name, storage, wrapStorage: withDevMode })
    try {
      expect(db.orders.schema.version).toBe(2)
      const migrated = (await db.orders.find().exec()).map((d) => d.toJSON())
      expect(migrated).toHaveLength(1)
      expect(migrated[0]).toMatchObject(doc)
      expect(migrated[0]!.payment).toBeUndefined()
      expect(migrated[0]!.cart_items).toBeUndefined()
      expect(migrated[0]!.customer).toBeUndefined()
    } finally {
      await db.close()
    }
  })
})
