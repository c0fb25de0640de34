/**
 * Least-recently-used eviction of product pages kept for offline viewing: when the stored bytes
 * exceed the quota, the pages viewed longest ago go first, down to the quota. Pure, so the rule is
 * unit-tested without storage; the worker deletes what it returns.
 */
export interface EvictionEntry {
  key: string
  bytes: number
  lastViewedAt: number
}

/** Shopper mode default: about 5 MB of full product documents (roughly 500–1000 pages). */
export const DEFAULT_PRODUCT_QUOTA_BYTES = 5 * 1024 * 1024

export function chooseEvictions(entries: readonly EvictionEntry[], quotaBytes: number, keep?: string): string[] {
  let total = entries.reduce((sum, e) => sum + e.bytes, 0)
  if (total <= quotaBytes) return []
  const oldestFirst = [...entries].sort((a, b) => a.lastViewedAt - b.lastViewedAt || (a.key < b.key ? -1 : 1))
  const evicted: string[] = []
  for (const entry of oldestFirst) {
    if (total <= quotaBytes) break
    if (entry.key === keep) continue
    evicted.push(entry.key)
    total -= entry.bytes
  }
  return evicted
}
