/**
 * In-process notification of written catalogue and content rows, so the replication stream can push changes
 * the moment an import commits. It only sees writes made through this process's Storage.
 */
import type { ReplicatedCollection } from '../../domain/api/replication.schema'
import type { StoredDocRow } from './product-repository'

/** A written row; in the `cms` collection with its content kind (the document id is `${kind}-${id}`). */
export type ChangeRow = StoredDocRow & { kind?: string }

export interface ChangeEvent {
  storeCode: string
  collection: ReplicatedCollection
  rows: ChangeRow[]
  /** another process changed this store view (PostgreSQL NOTIFY): clients should pull again */
  resync?: boolean
}

export type ChangeListener = (event: ChangeEvent) => void

export interface ChangeFeed {
  publish(event: ChangeEvent): void
  subscribe(listener: ChangeListener): () => void
}

export function createChangeFeed(): ChangeFeed {
  const listeners = new Set<ChangeListener>()
  return {
    publish(event) {
      if (event.rows.length === 0 && !event.resync) return
      for (const l of [...listeners]) {
        try {
          l(event)
        } catch {
          // one broken stream must not stop an import or the other streams
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
