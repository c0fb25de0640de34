/**
 * Wishlist, compare and recently viewed of the opened store view (workers/lists/shopper-lists),
 * reading products through the product store and re-emitting when the catalogue changes.
 */
import type { Notification } from '../../domain/notifications'
import type { CatalogSnapshot } from '../catalog/catalog-snapshot'
import type { ProductViewModule } from '../catalog/product-view'
import type { ListCommand } from '../contract/commands'
import type { CompareView, ListsView, Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import { toAttribute } from '../db/catalog-docs'
import { distinct, PerStore, safe, type OpenedStore, type WorkerModule, type WorkerSession } from '../worker-session'
import { ShopperLists } from './shopper-lists'

export interface ListsModuleDeps {
  session: WorkerSession
  catalog: CatalogSnapshot
  productView: ProductViewModule
  /** the product page of `sku` was shown (the analytics' view_item) */
  viewed?: (sku: string) => Promise<void>
}

export class ListsModule implements WorkerModule {
  private readonly lists = new PerStore<ShopperLists>()

  constructor(private readonly deps: ListsModuleDeps) {}

  open({ db }: OpenedStore): void {
    const { session, catalog, productView } = this.deps
    const products = productView.products
    this.lists.set(
      new ShopperLists({
        db,
        now: session.now,
        newId: () => session.newId(),
        lightItems: (skus) => products.lightItems(skus),
        localProduct: (sku) => products.full(sku, false),
        loadProduct: (sku) => products.full(sku, true),
        comparableAttributes: () => [...catalog.attributes.values()].filter((a) => a.is_comparable).map(toAttribute),
        onCatalogChange: (listener) => catalog.onChange(listener),
      }),
    )
  }

  readonly api = {
    subscribeLists: async (cb: (lists: ListsView) => void): Promise<Unsubscribe> => this.lists.get().subscribeLists(distinct(safe(cb))),
    applyListCommand: (command: ListCommand): Promise<Notification[]> => this.lists.get().applyListCommand(command),
    subscribeCompare: async (cb: (view: CompareView) => void): Promise<Unsubscribe> => this.lists.get().subscribeCompare(safe(cb)),
    /** the product page was shown: logged for recommendations, moved to the front of recently viewed */
    recordProductView: (sku: string): Promise<void> => {
      const lists = this.lists.get()
      this.deps.productView.logView(sku)
      void this.deps.viewed?.(sku)
      return lists.recordProductView(sku)
    },
  } satisfies Partial<DataApi>

  /** spec "Logout": the wishlist and the compare list emptied (no notification: the logout tells). */
  async clear(): Promise<void> {
    const lists = this.lists.peek()
    if (lists) await lists.clear()
  }

  close(): void {
    this.lists.set(null)
  }
}
