/**
 * The shopper's side of the recommendation service (spec §7): a visitor key handed out once by
 * visitor/key/ and kept in the `session` collection (so it survives reloads and is shared by the
 * tabs), product views logged fire-and-forget while online, and cross-sell ids for the product
 * page. Nothing here may break a page: every call answers null / does nothing when offline or when
 * the service fails. A missed view log is not retried: it is a ranking signal, not an order.
 */
import type { ApiClient } from '../../replication/api-client'
import { withTimeout } from '../../replication/time-out'
import type { PolderDatabase } from '../db/database'

export const VISITOR_KEY_ID = 'recommendationVisitor'
/** Spec §9: client-side time-out of search-like calls. */
export const RECOMMENDATION_TIMEOUT_MS = 5000

export interface RecommendationVisitorDeps {
  db: Pick<PolderDatabase, 'session'>
  api: Pick<ApiClient, 'visitorKey' | 'logProductView' | 'crossSell'>
  isOnline: () => boolean
  timeoutMs?: number
}

export class RecommendationVisitor {
  private pendingKey: Promise<string | null> | null = null

  constructor(private readonly deps: RecommendationVisitorDeps) {}

  /** The stored key, else (online) a new one from the service, stored; null when neither works. */
  key(): Promise<string | null> {
    this.pendingKey ??= this.loadKey().finally(() => {
      this.pendingKey = null
    })
    return this.pendingKey
  }

  private async loadKey(): Promise<string | null> {
    const stored = await this.deps.db.session.findOne(VISITOR_KEY_ID).exec()
    const key = (stored?.toJSON().value as { key?: unknown } | undefined)?.key
    if (typeof key === 'string' && key !== '') return key
    if (!this.deps.isOnline()) return null
    const fresh = await withTimeout(this.deps.api.visitorKey(), this.deps.timeoutMs ?? RECOMMENDATION_TIMEOUT_MS).catch(() => null)
    if (!fresh) return null
    await this.deps.db.session.upsert({ id: VISITOR_KEY_ID, value: { key: fresh } })
    return fresh
  }

  /** Logs a product view when online; never throws. */
  async logView(productId: number): Promise<void> {
    if (!this.deps.isOnline()) return
    try {
      const key = await this.key()
      if (key) await withTimeout(this.deps.api.logProductView(productId, key), this.deps.timeoutMs ?? RECOMMENDATION_TIMEOUT_MS)
    } catch {
      // a ranking signal lost, nothing the shopper needs to know
    }
  }

  /** Cross-sell product ids, or null offline / on failure / on time-out. */
  async crossSell(productId: number, limit: number): Promise<number[] | null> {
    if (!this.deps.isOnline()) return null
    try {
      const key = await this.key()
      if (!key) return null
      return await withTimeout(this.deps.api.crossSell(limit, productId, key), this.deps.timeoutMs ?? RECOMMENDATION_TIMEOUT_MS)
    } catch {
      return null
    }
  }
}
