/**
 * Where a cart waits between two store views: `polder-shared`, a one-table IndexedDB database
 * (Dexie) beside the store views' own `polder-<code>` databases.
 *
 * Why this and not RxDB: the free RxDB build opens at most 13 collections per realm across all
 * databases, and a store view's database already uses 11 (cms still to come), so neither a shared
 * RxDB collection nor opening the other store view's database fits. Plain IndexedDB is shared by
 * every worker of the origin, works offline, and its transactions make a claim atomic, so two tabs
 * opening the same store view cannot both take one hand-off. Dexie is the library RxDB's storage
 * already ships in the worker bundle.
 *
 * Limit: IndexedDB is per origin, so the French host (fr.<host>) does not see the main host's
 * hand-offs; the switcher hands off only to a store view on the same origin.
 */
import { Dexie, type Table } from 'dexie'
import type { StoreCode } from '../../domain/store-views'
import { HANDOFF_CLAIM_MS, HANDOFF_ORPHAN_MS, type CartHandoff, type HandoffStore } from './cart-handoff'

interface HandoffRow extends CartHandoff {
  /** epoch ms of the claim of a worker placing it; absent while it waits */
  claimedAt?: number
}

export interface DexieHandoffStoreOptions {
  name?: string
  /** tests: fake-indexeddb */
  indexedDB?: IDBFactory
  IDBKeyRange?: typeof IDBKeyRange
}

export class DexieHandoffStore implements HandoffStore {
  private readonly db: Dexie & { handoffs: Table<HandoffRow, string> }

  constructor(options: DexieHandoffStoreOptions = {}) {
    const { name = 'polder-shared', ...dependencies } = options
    this.db = new Dexie(name, dependencies.indexedDB ? dependencies : undefined) as Dexie & { handoffs: Table<HandoffRow, string> }
    this.db.version(1).stores({ handoffs: 'id' })
  }

  async put(handoff: CartHandoff): Promise<void> {
    await this.db.handoffs.put(JSON.parse(JSON.stringify(handoff)) as HandoffRow)
  }

  claim(storeCode: StoreCode, now: number): Promise<CartHandoff[]> {
    return this.db.transaction('rw', this.db.handoffs, async () => {
      const rows = await this.db.handoffs.toArray()
      const mine = rows.filter(
        (row) =>
          (row.claimedAt === undefined || now - row.claimedAt > HANDOFF_CLAIM_MS) &&
          (row.to === storeCode || row.from === storeCode || now - row.at > HANDOFF_ORPHAN_MS),
      )
      for (const row of mine) await this.db.handoffs.update(row.id, { claimedAt: now })
      return mine.map(({ claimedAt: _claimed, ...handoff }) => handoff)
    })
  }

  async remove(id: string): Promise<void> {
    await this.db.handoffs.delete(id)
  }

  async release(id: string): Promise<void> {
    await this.db.handoffs
      .where('id')
      .equals(id)
      .modify((row) => void delete row.claimedAt)
  }

  async readdress(from: StoreCode, to: StoreCode): Promise<void> {
    await this.db.handoffs
      .filter((row) => row.to === from && row.claimedAt === undefined)
      .modify((row) => {
        row.to = to
      })
  }

  close(): void {
    this.db.close()
  }
}
