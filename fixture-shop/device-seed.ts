/**
 * Runs in the browser, on the shop's origin, before the app's first page (fixture-shop/index.ts
 * bundles it and opens it on a page of its own): writes a DeviceSeed into the store view's local
 * database, `polder-<storeCode>`, through the worker's own code, so the app's worker opens a
 * database it could have written itself:
 * - the database opened by workers/db/database (same collections, schemas and versions);
 * - products as the products pull writes them (light documents in a product batch, the pull's
 *   conversion), and each full document as a product page keeps it for offline viewing;
 * - categories and attributes as their pulls convert them;
 * - cart lines through the cart's add command over the cart's store (price, labels, key and
 *   checksum as a shopper's add offline makes them: stock unchecked until the cart syncs);
 * - the signed-in customer as the `user` session record (tokens that only this device knows: the
 *   first call to a real server is refused and the shopper is signed out, cart kept).
 * No checkpoint is written: a device that goes online pulls the server's catalogue over it.
 * Nothing here is part of the app's build.
 */
import '../domain/zod-setup'
import type { Product } from '../domain/product.schema'
import { lightProjection } from '../domain/api/replication.schema'
import { applyCartCommand } from '../workers/cart/cart-commands'
import { toAttributeDoc, toCategoryDoc, toProductDoc } from '../workers/db/catalog-docs'
import type { ProductDetailDoc } from '../workers/db/catalog-schemas'
import { CollectionCartStore } from '../workers/db/collection-stores'
import { openDatabase } from '../workers/db/database'
import { USER_RECORD_ID, type AccountRecord } from '../workers/account/account-record'
import { ProductBatchWriter } from '../workers/catalog/product-batches'
import type { DeviceSeed } from './shop-documents'

/** The tokens of a seeded sign-in: no server issued them. */
export const SEEDED_TOKEN = 'fixture-shop-offline'

/** A cart line the cart refused (a price it cannot know, a product it cannot sell). */
export class SeedCartLineRefusedError extends Error {
  override name = 'SeedCartLineRefusedError'
}

function detail(product: Product, now: number): ProductDetailDoc {
  const json = JSON.stringify(product)
  return {
    sku: product.sku,
    id: String(product.id),
    updated_at: product.updated_at,
    full: JSON.parse(json) as ProductDetailDoc['full'],
    bytes: json.length,
    lastViewedAt: now,
  }
}

export async function seedDevice(seed: DeviceSeed): Promise<void> {
  const db = await openDatabase({ storeCode: seed.storeCode })
  try {
    await new ProductBatchWriter(db.productBatches).append(seed.products.map((p) => toProductDoc(lightProjection(p), false)))
    await db.productDetails.bulkUpsert(seed.products.map((p) => detail(p, seed.now)))
    await db.categories.bulkUpsert(seed.categories.map((c) => stripDeleted(toCategoryDoc(c))))
    await db.attributes.bulkUpsert(seed.attributes.map((a) => stripDeleted(toAttributeDoc(a))))
    let ids = 0
    const store = new CollectionCartStore(db)
    for (const [index, line] of seed.cart.entries()) {
      const notices = await applyCartCommand(
        { store, checkStock: () => Promise.resolve(null), now: () => seed.now + index, newId: () => `fixture-${(ids += 1)}` },
        { type: 'add', product: line.product, ...(line.childSku ? { childSku: line.childSku } : {}), qty: line.qty },
      )
      const refused = notices.find((n) => n.type !== 'success')
      if (refused) throw new SeedCartLineRefusedError(`cart[${index}] (sku "${line.childSku ?? line.product.sku}"): the cart refused it (${refused.key})`)
    }
    if (seed.customer) {
      const record: AccountRecord = { accessToken: SEEDED_TOKEN, refreshToken: SEEDED_TOKEN, customer: seed.customer, since: seed.now }
      await db.session.upsert({ id: USER_RECORD_ID, value: JSON.parse(JSON.stringify(record)) as Record<string, unknown> })
    }
  } finally {
    await db.close()
  }
}

function stripDeleted<T extends { _deleted: boolean }>(doc: T): Omit<T, '_deleted'> {
  const { _deleted: _d, ...rest } = doc
  return rest
}

// the helper calls it from page.evaluate
;(globalThis as { polderSeedDevice?: typeof seedDevice }).polderSeedDevice = seedDevice
