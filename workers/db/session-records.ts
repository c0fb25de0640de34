/**
 * The session collection's small named records (the cart's sync state, the checkout's details,
 * the held orders, recently viewed...) are written by every tab's worker and by calls of one worker
 * that overlap. A read-then-upsert wrote a stale copy over a change landed meanwhile (CI lost a
 * second tab's authorisePending that way). `modifySessionRecord` applies a change to what is stored
 * at the moment of the write instead.
 */
import type { PolderDatabase } from './database'

type RecordValue = Record<string, unknown>

/** Through JSON: drops `undefined` fields, which the schema validator rejects. */
export const clean = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

/**
 * Writes `change(current value)` to record `id` and returns what it wrote. RxDB's incrementalModify
 * runs the change on the stored version and, on a conflict with another write, again on the newer
 * one; a record not there yet is inserted, or changed if another write created it first. `change`
 * may run more than once and must not mutate its argument.
 */
export async function modifySessionRecord<T extends object>(db: PolderDatabase, id: string, change: (current: RecordValue | undefined) => T): Promise<T> {
  for (;;) {
    const doc = await db.session.findOne(id).exec()
    if (doc) {
      let written: T | undefined
      await doc.incrementalModify((data) => {
        written = clean(change(data.value as RecordValue))
        return { ...data, value: written as RecordValue }
      })
      return written!
    }
    try {
      const written = clean(change(undefined))
      await db.session.insert({ id, value: written as RecordValue })
      return written
    } catch (error) {
      // another write created it first: change that one
      if ((error as { code?: string }).code !== 'CONFLICT') throw error
    }
  }
}
