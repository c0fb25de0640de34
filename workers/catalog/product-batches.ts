/**
 * Writing the stored products: the log of batches (workers/db/catalog-schemas, productBatchSchema).
 * Only the leader's products pull writes (workers/catalog/feed-pull); every tab reads the
 * batches into its mirror (workers/catalog/product-mirror), where a later batch's product replaces
 * an earlier one's.
 *
 * - A batch gets the next sequence number; its id is that number zero-padded, so the primary key's
 *   order is the writing order. Writes are queued one after another; a batch id already taken (a
 *   tab that led before this one wrote it) is met by reading the last one again.
 * - Compaction writes the live products anew, in batches numbered after every stored one, then
 *   empties the batches they replace and marks them deleted: a crash in between leaves the same
 *   products twice, the later copies winning, and the next compaction ends it.
 */
import type { RxCollection, RxDocumentData } from 'rxdb'
import type { WithDeletedFlag } from '../db/catalog-docs'
import type { ProductBatchDoc, ProductDoc } from '../db/catalog-schemas'

/** products per batch written by compaction (the pull writes its own batches as they come) */
export const COMPACTION_BATCH_SIZE = 500

const ID_DIGITS = 12
export const batchId = (seq: number): string => `b${String(seq).padStart(ID_DIGITS, '0')}`

/** A pulled batch (documents with the feed's `_deleted` flag) as a batch's products and deletions. */
export function toBatchEntries(docs: readonly WithDeletedFlag<ProductDoc>[]): Pick<ProductBatchDoc, 'products' | 'removed'> {
  const products: ProductDoc[] = []
  const removed: string[] = []
  for (const { _deleted, ...doc } of docs) {
    if (_deleted) removed.push(doc.id)
    else products.push(doc)
  }
  return { products, removed }
}

/**
 * When superseded entries (products a later batch replaced, and deletions) should be compacted away:
 * more of them than half the live products, and at least `minimum` (a small catalogue's few updates
 * are not worth a rewrite).
 */
export function needsCompaction(stored: { entries: number; live: number }, minimum = 2000): boolean {
  const superseded = stored.entries - stored.live
  return superseded > Math.max(stored.live / 2, minimum)
}

/** What a mirror holds of the stored batches: the live products, the batches holding them, the last batch applied. */
export interface StoredState {
  products: ProductDoc[]
  batchIds: string[]
  /** the highest sequence number applied, -1 for none */
  lastSeq: number
}

export class ProductBatchWriter {
  private nextSeq: number | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly collection: RxCollection<ProductBatchDoc>) {}

  /** Writes one batch of pulled documents (nothing for an empty one), after the writes queued before it. */
  append(docs: readonly WithDeletedFlag<ProductDoc>[]): Promise<void> {
    if (docs.length === 0) return Promise.resolve()
    return this.enqueue(() => this.insert([toBatchEntries(docs)]))
  }

  /**
   * Writes the live products anew in batches of COMPACTION_BATCH_SIZE after every stored batch, then
   * empties and removes the batches they replace. `stored` is read when the compaction's turn in the
   * queue comes, and the compaction is left out (false) unless it covers the last batch written: a
   * batch written after it would otherwise be overridden by the older state it rewrites.
   */
  compact(stored: () => StoredState): Promise<boolean> {
    return this.enqueue(async () => {
      const { products, batchIds, lastSeq } = stored()
      const last = this.nextSeq === null ? await this.lastSeq() : this.nextSeq - 1
      if (lastSeq !== last) return false
      const batches: Pick<ProductBatchDoc, 'products' | 'removed'>[] = []
      for (let i = 0; i < products.length; i += COMPACTION_BATCH_SIZE) batches.push({ products: products.slice(i, i + COMPACTION_BATCH_SIZE), removed: [] })
      await this.insert(batches)
      const storage = this.collection.storageInstance
      const replaced = await storage.findDocumentsById(batchIds, false)
      // removed as empty tombstones: a deleted document keeps its body until purged
      const rows = replaced.map((previous) => ({
        previous,
        document: { ...previous, products: [], removed: [], _deleted: true } as RxDocumentData<ProductBatchDoc>,
      }))
      if (rows.length > 0) await storage.bulkWrite(rows, 'polder-product-batches-compaction')
      return true
    })
  }

  private enqueue<T>(write: () => Promise<T>): Promise<T> {
    const next = this.queue.then(write)
    // a failed write fails its caller; the queue goes on
    this.queue = next.catch(() => undefined)
    return next
  }

  private async insert(batches: readonly Pick<ProductBatchDoc, 'products' | 'removed'>[]): Promise<void> {
    if (batches.length === 0) return
    for (let attempt = 0; ; attempt++) {
      const first = this.nextSeq ?? (await this.lastSeq()) + 1
      const docs = batches.map((batch, i): ProductBatchDoc => ({ id: batchId(first + i), seq: first + i, ...batch }))
      const { error } = await this.collection.bulkInsert(docs)
      if (error.length === 0) {
        this.nextSeq = first + docs.length
        return
      }
      // another tab wrote these numbers while it led: start after its last batch (once more only)
      this.nextSeq = null
      if (attempt > 0 || error.some((e) => e.status !== 409)) throw new ProductBatchWriteError(error.map((e) => `${e.documentId}: ${e.status}`).join(', '))
      // the batches written before the conflict stay; write the rest
      const written = new Set(docs.map((d) => d.id))
      for (const e of error) written.delete(e.documentId)
      batches = batches.filter((_, i) => !written.has(docs[i]!.id))
    }
  }

  private async lastSeq(): Promise<number> {
    const last = await this.collection.findOne({ selector: {}, sort: [{ id: 'desc' }] }).exec()
    return last?.seq ?? -1
  }
}

export class ProductBatchWriteError extends Error {
  override name = 'ProductBatchWriteError'
}
