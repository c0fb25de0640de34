/**
 * An in-memory mirror of the light products, read from the stored batches (workers/catalog/
 * product-batches) and kept current from their collection's change stream (which also carries
 * other tabs' writes). A product's state is that of the latest batch naming it (by sequence number,
 * whatever order the batches arrive in: the load and the change stream overlap); a deletion is
 * remembered the same way, so an earlier batch read later cannot bring the product back.
 * It lives only in the worker; listing queries run over it because IndexedDB cannot index array
 * members (category_ids, *_options). A sku index answers "the light product of this sku" without a scan.
 * On a first visit it may also hold primed documents (workers/catalog/route-prime); a stored
 * document always replaces a primed one. A category index (category id → rows of the product
 * table, workers/catalog/product-table) answers a category page without scanning every product;
 * index and table are built by the first read after a change, so a burst of batches costs one build.
 */
import type { Subscription } from 'rxjs'
import type { RxCollection } from 'rxdb'
import type { ProductBatchDoc, ProductDoc } from '../db/catalog-schemas'
import { prepareProduct } from './category-query'
import { batchId, type StoredState } from './product-batches'
import type { ListedProduct } from './category-query'
import { tableOf, type ProductTable } from './product-table'

const NO_ROWS = new Int32Array(0)

/** The products by category, built once per change (see inCategories). */
interface CategoryIndex {
  /** every product, a row each (workers/catalog/product-table), in the order of `products` */
  table: ProductTable
  /** category id → the rows of the products filed in it, ascending */
  rows: Map<number, Int32Array>
}

/** A category's products (or its subcategories' too): rows of the mirror's product table. */
export interface CategoryRows {
  table: ProductTable
  rows: Int32Array
}

/**
 * The rows of several ascending row lists, each once, ascending: the lists merged, which is much
 * cheaper than a union through a Set of products (each product hashed, most of them several times).
 */
export function mergeRows(lists: readonly Int32Array[]): Int32Array {
  const at = new Int32Array(lists.length)
  const union = new Int32Array(lists.reduce((n, list) => n + list.length, 0))
  let n = 0
  for (;;) {
    let next = -1
    let from = -1
    for (let k = 0; k < lists.length; k++) {
      const list = lists[k]!
      const row = at[k]! < list.length ? list[at[k]!]! : -1
      if (row >= 0 && (next < 0 || row < next)) {
        next = row
        from = k
      }
    }
    if (from < 0) return union.slice(0, n)
    at[from]! += 1
    if (n === 0 || union[n - 1] !== next) union[n++] = next
  }
}

export class ProductMirror {
  readonly products = new Map<string, ListedProduct>()
  /** sku → the product's id (the key of `products`) */
  private readonly idOfSku = new Map<string, string>()
  /** product id → the sequence number of the batch its state (or its deletion) comes from; primed ones have none */
  private readonly seqOf = new Map<string, number>()
  /** the stored batches applied: id → its entries (products and deletions) */
  private readonly batches = new Map<string, number>()
  /** the highest sequence number of a batch applied */
  private lastSeq = -1
  private readonly listeners = new Set<() => void>()
  private subscription: Subscription | null = null
  private notifyTimer: ReturnType<typeof setTimeout> | null = null
  private loaded: Promise<void> | null = null
  /** category id → the products filed in it; null after a change until the next category read */
  private byCategory: CategoryIndex | null = null
  /** inCategories' unions of several categories by their sorted ids; emptied with byCategory */
  private readonly unions = new Map<string, Int32Array>()

  constructor(
    private readonly collection: RxCollection<ProductBatchDoc>,
    /** coalesces bursts of changes (a pulled batch of 500) into one re-query */
    private readonly debounceMs = 40,
  ) {}

  /** Starts listening, then loads what is stored; a batch is applied once, whichever brings it first. */
  start(): Promise<void> {
    if (this.loaded) return this.loaded
    // the storage's event bulks, not collection.$: RxDB 17.6 turns each bulk into change events for
    // $ through a module-level Map (EVENT_BULK_CACHE in rx-change-event.js) that never lets go, so
    // every document written while $ was followed would stay in the worker's heap, kiosk mode's full
    // ones included
    this.subscription = this.collection.eventBulks$.subscribe((bulk) => {
      for (const event of bulk.events) {
        if (event.operation === 'DELETE') this.batches.delete(event.documentId)
        else this.apply(event.documentData as ProductBatchDoc)
      }
      this.scheduleNotify()
    })
    this.loaded = this.collection
      .find({ selector: {}, sort: [{ id: 'asc' }] })
      .exec()
      .then((docs) => {
        for (const doc of docs) this.apply(doc.toJSON() as ProductBatchDoc)
        this.scheduleNotify()
      })
    return this.loaded
  }

  private apply(batch: ProductBatchDoc): void {
    if (this.batches.has(batch.id)) return
    this.batches.set(batch.id, batch.products.length + batch.removed.length)
    this.lastSeq = Math.max(this.lastSeq, batch.seq)
    for (const doc of batch.products) {
      if ((this.seqOf.get(doc.id) ?? -1) > batch.seq) continue
      this.seqOf.set(doc.id, batch.seq)
      this.put(doc.id, doc)
    }
    for (const id of batch.removed) {
      if ((this.seqOf.get(id) ?? -1) > batch.seq) continue
      this.seqOf.set(id, batch.seq)
      this.remove(id)
    }
  }

  /** Entries of the stored batches against the live products they hold (for compaction). */
  storedCounts(): { entries: number; live: number } {
    let entries = 0
    for (const count of this.batches.values()) entries += count
    let live = 0
    for (const id of this.products.keys()) if (this.seqOf.has(id)) live++
    return { entries, live }
  }

  /** The live stored products (primed ones left out), the batches holding them and the last one applied, for compaction. */
  storedState(): StoredState {
    const products: ProductDoc[] = []
    for (const [id, listed] of this.products) if (this.seqOf.has(id)) products.push(listed.doc)
    return { products, batchIds: [...this.batches.keys()], lastSeq: this.lastSeq }
  }

  get size(): number {
    return this.products.size
  }

  /**
   * Documents brought in ahead of the replication (a first visit's current page): added where the
   * mirror holds nothing under that id yet, never over a stored one. Answers how many were added.
   */
  prime(docs: readonly ProductDoc[]): number {
    let added = 0
    for (const doc of docs) {
      // held, or deleted by a stored batch
      if (this.products.has(doc.id) || this.seqOf.has(doc.id)) continue
      this.put(doc.id, doc)
      added++
    }
    if (added > 0) this.scheduleNotify()
    return added
  }

  /** The rows of the products filed in any of these categories, each once, with the table they are rows of. */
  inCategories(categoryIds: ReadonlySet<number>): CategoryRows {
    const index = (this.byCategory ??= this.indexCategories())
    if (categoryIds.size === 1) return { table: index.table, rows: index.rows.get(categoryIds.values().next().value!) ?? NO_ROWS }
    // a category with subcategories: the union is kept until the next change, so a listing read
    // again (a filter toggled, a sort changed, a page back) does not build it again
    const key = [...categoryIds].sort((a, b) => a - b).join(',')
    let union = this.unions.get(key)
    if (!union) {
      union = mergeRows([...categoryIds].flatMap((id) => index.rows.get(id) ?? []))
      this.unions.set(key, union)
    }
    return { table: index.table, rows: union }
  }

  private indexCategories(): CategoryIndex {
    const all = [...this.products.values()]
    const table = tableOf(all)
    const rows = new Map<number, number[]>()
    all.forEach((product, row) => {
      for (const id of product.categories) {
        const list = rows.get(id)
        if (list) list.push(row)
        else rows.set(id, [row])
      }
    })
    return { table, rows: new Map([...rows].map(([id, list]) => [id, Int32Array.from(list)])) }
  }

  /**
   * The stored document of `sku` with its full wire document (kiosk mode), read from the batch that
   * holds it; undefined for a product stored without one, primed or not held.
   */
  async storedFull(sku: string): Promise<ProductDoc | undefined> {
    const id = this.idOfSku.get(sku)
    const seq = id === undefined ? undefined : this.seqOf.get(id)
    if (id === undefined || seq === undefined || !this.products.get(id)?.hasFull) return undefined
    const batch = await this.collection.findOne(batchId(seq)).exec()
    return (batch?.toJSON() as ProductBatchDoc | undefined)?.products.find((p) => p.id === id)
  }

  bySku(sku: string): ListedProduct | undefined {
    const id = this.idOfSku.get(sku)
    return id === undefined ? undefined : this.products.get(id)
  }

  private put(id: string, doc: ProductDoc): void {
    const previous = this.products.get(id)?.doc.sku
    if (previous !== undefined && previous !== doc.sku && this.idOfSku.get(previous) === id) this.idOfSku.delete(previous)
    this.products.set(id, prepareProduct(doc))
    this.idOfSku.set(doc.sku, id)
    this.byCategory = null
    this.unions.clear()
  }

  private remove(id: string): void {
    const sku = this.products.get(id)?.doc.sku
    if (sku !== undefined && this.idOfSku.get(sku) === id) this.idOfSku.delete(sku)
    this.products.delete(id)
    this.byCategory = null
    this.unions.clear()
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private scheduleNotify(): void {
    if (this.notifyTimer) return
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null
      for (const listener of this.listeners) listener()
    }, this.debounceMs)
  }

  stop(): void {
    this.subscription?.unsubscribe()
    if (this.notifyTimer) clearTimeout(this.notifyTimer)
    this.notifyTimer = null
    this.listeners.clear()
  }
}
