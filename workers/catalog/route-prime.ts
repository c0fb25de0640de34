/**
 * The first visit does not wait for the whole catalogue: while the catalogue is still
 * replicating, a category page asks the server for that page (its
 * category and descendants, its sort, its size; light fields only) and primes the in-memory
 * mirror with the answer, so the page shows at once and in its final order (the replication's
 * batches come in update order, and a page listed from them would reshuffle as they arrive).
 * The mirror and not the stored batches: a primed page is one search answer, not a batch of the
 * feed in checkpoint order, and the products pull (workers/catalog/feed-pull) must stay the one
 * writer of the batches. A stored document always replaces a primed one.
 */
import { LIGHT_PRODUCT_FIELDS } from '../../domain/api/replication.schema'
import { categoryPageQuery } from '../../domain/listing'
import type { ApiClient } from '../../replication/api-client'
import type { CategoryPageQuery } from '../contract/views'
import { toProductDoc } from '../db/catalog-docs'
import type { ProductDoc } from '../db/catalog-schemas'

const withoutDeletedFlag = ({ _deleted: _d, ...doc }: ProductDoc & { _deleted?: boolean }): ProductDoc => doc

/** A first page that does not answer within this is left to the replication. */
export const PRIME_TIMEOUT_MS = 4000
/** How long a category page's first answer waits for its primed page before listing what the device has. */
export const FIRST_PAGE_WAIT_MS = 1500

export interface RoutePrimeDeps {
  api: Pick<ApiClient, 'search'>
  /** the store view's catalogue index, e.g. polder_en */
  index: string
  /** adds documents the mirror does not hold yet; answers how many it added */
  prime: (docs: ProductDoc[]) => number
  timeoutMs?: number
}

/**
 * Asks once per category, sort and size; an unfiltered page only (a filtered one waits for the
 * replication, whose facets it needs anyway). Failures are left to the replication: never thrown.
 */
export class RoutePrimer {
  /** per category, sort and size: the ask (a second ask while it runs waits for the same answer) */
  private readonly asked = new Map<string, Promise<number>>()

  constructor(private readonly deps: RoutePrimeDeps) {}

  /**
   * Resolves when the page is primed, or after `waitMs` (the request goes on and primes when it
   * answers); asked before, when that ask has answered (with 0: nothing added by this one); never
   * rejects.
   */
  async primeCategoryPage(query: CategoryPageQuery, categoryIds: readonly number[], waitMs = Number.POSITIVE_INFINITY): Promise<number> {
    const priming = this.prime(query, categoryIds)
    if (!Number.isFinite(waitMs)) return priming
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<number>((resolve) => {
      timer = setTimeout(() => resolve(0), waitMs)
    })
    return Promise.race([priming, waited]).finally(() => clearTimeout(timer))
  }

  private prime(query: CategoryPageQuery, categoryIds: readonly number[]): Promise<number> {
    if (Object.values(query.filters).some((values) => values.length > 0)) return Promise.resolve(0)
    const key = `${query.categoryId}|${query.sort}|${query.size}`
    const asked = this.asked.get(key)
    if (asked) return asked.then(() => 0)
    const asking = this.ask(query, categoryIds)
    this.asked.set(key, asking)
    return asking
  }

  private async ask(query: CategoryPageQuery, categoryIds: readonly number[]): Promise<number> {
    try {
      const page = await this.deps.api.search(this.deps.index, 'product', categoryPageQuery(query, categoryIds), {
        size: query.size,
        includeFields: [...LIGHT_PRODUCT_FIELDS],
        timeoutMs: this.deps.timeoutMs ?? PRIME_TIMEOUT_MS,
      })
      return this.deps.prime(page.documents.map((wire) => withoutDeletedFlag(toProductDoc(wire, false))))
    } catch (error) {
      console.warn('[catalog] the first page could not be brought in ahead of the replication', error)
      return 0
    }
  }
}
