/**
 * Wishlist, compare and recently viewed for one store view's database (each store view has its own
 * `polder-<code>` database, so the lists are per store view by construction). Reads prefer the
 * catalogue's current light fields (prices and stock change) and fall back to the line's snapshot
 * or a locally stored full document, so the lists render offline and after the product left the
 * catalogue. Environment-free: the catalogue is reached through the functions passed in.
 */
import { combineLatest } from 'rxjs'
import type { Attribute } from '../../domain/attribute.schema'
import type { Notification } from '../../domain/notifications'
import type { Product } from '../../domain/product.schema'
import type { CompareView, ListsView, ProductListItem, Unsubscribe } from '../contract/views'
import type { ListCommand } from '../contract/commands'
import type { PolderDatabase } from '../db/database'
import { fromListItemDoc, listItemFromProduct } from '../db/product-views'
import { applyListCommand } from './list-commands'
import type { ListItemDoc } from './list-schemas'
import { recordValue } from '../db/session-records'
import { RECENTLY_VIEWED_ID, recordProductView, toRecentlyViewed } from './recently-viewed'

export interface ShopperListsDeps {
  db: PolderDatabase
  now: () => number
  newId: () => string
  /** current light fields of these skus from the in-memory catalogue (absent ones left out) */
  lightItems: (skus: readonly string[]) => Map<string, ProductListItem>
  /** the full document stored on this device, no network */
  localProduct: (sku: string) => Promise<Product | null>
  /** the full document, local first, fetched and kept when online (shopper mode) */
  loadProduct: (sku: string) => Promise<Product | null>
  comparableAttributes: () => Attribute[]
  /** catalogue changes (products, attributes); returns the way to stop listening */
  onCatalogChange: (listener: () => void) => () => void
}

const byAddedAt = (a: ListItemDoc, b: ListItemDoc) => a.added_at - b.added_at || (a.sku < b.sku ? -1 : 1)

export class ShopperLists {
  constructor(private readonly deps: ShopperListsDeps) {}

  /** Both lists emptied. */
  async clear(): Promise<void> {
    await this.deps.db.wishlist.find().remove()
    await this.deps.db.compare.find().remove()
  }

  applyListCommand(command: ListCommand): Promise<Notification[]> {
    return applyListCommand(
      {
        db: this.deps.db,
        now: this.deps.now,
        newId: this.deps.newId,
        describe: async (sku) => {
          const light = this.deps.lightItems([sku]).get(sku)
          if (light) return light
          const full = await this.deps.localProduct(sku)
          return full ? listItemFromProduct(full) : null
        },
      },
      command,
    )
  }

  recordProductView(sku: string): Promise<void> {
    return recordProductView(this.deps.db, sku, this.deps.now())
  }

  /** Current fields when the catalogue has the product, else the stored snapshot. */
  private withCurrentFields(docs: ListItemDoc[]): ProductListItem[] {
    const sorted = [...docs].sort(byAddedAt)
    const light = this.deps.lightItems(sorted.map((d) => d.sku))
    return sorted.map((doc) => light.get(doc.sku) ?? fromListItemDoc(doc))
  }

  private async recentlyViewed(stored: Record<string, unknown> | undefined): Promise<ProductListItem[]> {
    const entries = toRecentlyViewed(stored)
    const light = this.deps.lightItems(entries.map((e) => e.sku))
    const items: ProductListItem[] = []
    for (const entry of entries) {
      const item = light.get(entry.sku) ?? (await this.deps.localProduct(entry.sku).then((p) => (p ? listItemFromProduct(p) : null)))
      // a product that is neither in the catalogue nor stored any more cannot be shown
      if (item) items.push(item)
    }
    return items
  }

  subscribeLists(cb: (lists: ListsView) => void): Unsubscribe {
    const { db } = this.deps
    let latest: [ListItemDoc[], ListItemDoc[], Record<string, unknown> | undefined] | null = null
    let sequence = 0
    const emit = async () => {
      if (!latest) return
      const [wishlist, compare, session] = latest
      const mine = ++sequence
      const recentlyViewed = await this.recentlyViewed(session)
      // a later change already emitted a newer view
      if (mine !== sequence) return
      cb({ wishlist: this.withCurrentFields(wishlist), compare: this.withCurrentFields(compare), recentlyViewed })
    }
    const subscription = combineLatest([db.wishlist.find().$, db.compare.find().$, db.session.findOne(RECENTLY_VIEWED_ID).$]).subscribe(
      ([wishlist, compare, session]) => {
        latest = [wishlist.map((d) => d.toJSON() as ListItemDoc), compare.map((d) => d.toJSON() as ListItemDoc), recordValue(session)]
        void emit()
      },
    )
    const stopCatalog = this.deps.onCatalogChange(() => void emit())
    return async () => {
      subscription.unsubscribe()
      stopCatalog()
    }
  }

  /**
   * The compare list with the full documents this device has or can fetch (a column without one
   * shows the light fields), and the comparable attributes for the rows.
   */
  subscribeCompare(cb: (view: CompareView) => void): Unsubscribe {
    const { db } = this.deps
    // full documents are looked up once per sku and subscription: a lookup may go to the network
    const loaded = new Map<string, Promise<Product | null>>()
    let docs: ListItemDoc[] | null = null
    let sequence = 0
    const emit = async () => {
      if (!docs) return
      const mine = ++sequence
      const items = this.withCurrentFields(docs)
      for (const item of items) {
        if (!loaded.has(item.sku))
          loaded.set(
            item.sku,
            this.deps.loadProduct(item.sku).catch(() => null),
          )
      }
      const products = (await Promise.all(items.map((item) => loaded.get(item.sku)!))).filter((p): p is Product => p !== null)
      if (mine !== sequence) return
      cb({ items, products, attributes: this.deps.comparableAttributes() })
    }
    const subscription = db.compare.find().$.subscribe((found) => {
      docs = found.map((d) => d.toJSON() as ListItemDoc)
      void emit()
    })
    const stopCatalog = this.deps.onCatalogChange(() => void emit())
    return async () => {
      subscription.unsubscribe()
      stopCatalog()
    }
  }
}
