/**
 * An in-memory mirror of the light products, kept current from the collection's change stream
 * (which also carries other tabs' writes). Listing queries run over it because IndexedDB cannot
 * index array members (category_ids, *_options): a scan over 10k prepared products takes a few
 * milliseconds (tests/unit/worker-category-query.test.ts), far less than re-reading documents.
 * Memory: about 1 kB per product, so ~10 MB at 10k, held only in the worker.
 */
import type { Subscription } from 'rxjs'
import type { RxCollection } from 'rxdb'
import type { ProductDoc } from '../db/catalog-schemas'
import { prepareProduct } from './category-query'
import type { ListedProduct } from './category-query'

export class ProductMirror {
  readonly products = new Map<string, ListedProduct>()
  private readonly listeners = new Set<() => void>()
  private subscription: Subscription | null = null
  private notifyTimer: ReturnType<typeof setTimeout> | null = null
  private loaded: Promise<void> | null = null

  constructor(
    private readonly collection: RxCollection<ProductDoc>,
    /** coalesces bursts of changes (a pulled batch of 500) into one re-query */
    private readonly debounceMs = 40,
  ) {}

  /** Starts listening, then loads what is stored; changes seen meanwhile win over the load. */
  start(): Promise<void> {
    if (this.loaded) return this.loaded
    const seen = new Set<string>()
    this.subscription = this.collection.$.subscribe((event) => {
      seen.add(event.documentId)
      if (event.operation === 'DELETE') this.products.delete(event.documentId)
      else this.products.set(event.documentId, prepareProduct(event.documentData as ProductDoc))
      this.scheduleNotify()
    })
    this.loaded = this.collection
      .find()
      .exec()
      .then((docs) => {
        for (const doc of docs) {
          if (!seen.has(doc.primary)) this.products.set(doc.primary, prepareProduct(doc.toJSON() as ProductDoc))
        }
        this.scheduleNotify()
      })
    return this.loaded
  }

  get size(): number {
    return this.products.size
  }

  bySku(sku: string): ListedProduct | undefined {
    for (const product of this.products.values()) if (product.doc.sku === sku) return product
    return undefined
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
