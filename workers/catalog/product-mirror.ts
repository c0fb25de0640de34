/**
 * An in-memory mirror of the light products, read from the stored batches (workers/catalog/
 * product-batches) and kept current from their collection's change stream (which also carries
 * other tabs' writes). A product's state is that of the latest batch naming it (by sequence number,
 * whatever order the batches arrive in: the load and the change stream overlap); a deletion is
 * remembered the same way, so an earlier batch read later cannot bring the product back.
 * Listing queries run over it because IndexedDB cannot index array members (category_ids,
 * *_options): a scan over 10k prepared products takes a few milliseconds
 * (tests/unit/worker-category-query.test.ts), far less than re-reading documents.
 * Memory: about 1 kB per product, so ~10 MB at 10k, held only in the worker. A sku index beside
 * the map answers "the light product of this sku" without a scan (product pages ask it on every
 * catalogue change). On a first visit it may also hold primed documents (workers/catalog/route-prime)
 * no batch holds yet; a stored document always replaces a primed one.
 * A category index (category id → its products) answers a category page without a scan of every
 * product: at 100,000 products that scan was most of a category read (issue 12). It is built by the
 * first read after a change, so a burst of replicated batches costs one build, not one per batch.
 */
import type { Subscription } from 'rxjs'
import type { RxCollection } from 'rxdb'
import type { ProductBatchDoc, ProductDoc } from '../db/catalog-schemas'
import { prepareProduct } from './category-query'
import { batchId, type StoredState } from './product-batches'
import type { ListedProduct } from './category-query'

/** The products by category, built once per change (see inCategories). */
interface CategoryIndex {
  /** every product, in the order of `products`: a product's row is its place here */
  all: ListedProduct[]
  /** category id → the products filed in it */
  lists: Map<number, ListedProduct[]>
  /** category id → the rows of those products, ascending */
  rows: Map<number, Int32Array>
}

/**
 * The products of several categories' row lists (each ascending), each once: the lists merged in
 * row order. At 100,000 products a top category's union through a Set of products took 7–24 ms
 * (each product hashed, most of them several times); merging rows takes about 1 ms.
 */
export function mergeRows(lists: readonly Int32Array[], all: readonly ListedProduct[]): ListedProduct[] {
  const at = new Int32Array(lists.length)
  const union: ListedProduct[] = []
  let last = -1
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
    if (from < 0) return union
    at[from]! += 1
    if (next !== last) union.push(all[next]!)
    last = next
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
  private readonly unions = new Map<string, ListedProduct[]>()

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
    // every document written while $ was followed stayed in the worker's heap, kiosk mode's full
    // ones included: 622 MB after replicating 100,000 products (issue 12)
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

  /** The products filed in any of these categories, each once. */
  inCategories(categoryIds: ReadonlySet<number>): readonly ListedProduct[] {
    const index = (this.byCategory ??= this.indexCategories())
    if (categoryIds.size === 1) return index.lists.get(categoryIds.values().next().value!) ?? []
    // a category with subcategories: the union is kept until the next change, so a listing read
    // again (a filter toggled, a sort changed, a page back) does not build it again
    const key = [...categoryIds].sort((a, b) => a - b).join(',')
    const known = this.unions.get(key)
    if (known) return known
    const union = mergeRows(
      [...categoryIds].flatMap((id) => index.rows.get(id) ?? []),
      index.all,
    )
    this.unions.set(key, union)
    return union
  }

  private indexCategories(): CategoryIndex {
    const all = [...this.products.values()]
    const lists = new Map<number, ListedProduct[]>()
    const rows = new Map<number, number[]>()
    all.forEach((product, row) => {
      for (const id of product.categories) {
        const list = lists.get(id)
        if (list) {
          list.push(product)
          rows.get(id)!.push(row)
        } else {
          lists.set(id, [product])
          rows.set(id, [row])
        }
      }
    })
    return { all, lists, rows: new Map([...rows].map(([id, list]) => [id, Int32Array.from(list)])) }
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
