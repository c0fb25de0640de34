/**
 * The session collection's small named records (the cart's sync state, the checkout's details,
 * the held orders, recently viewed...) are written by every tab's worker and by calls of one worker
 * that overlap. A read-then-upsert wrote a stale copy over a change landed meanwhile (CI lost a
 * second tab's authorisePending that way). `modifySessionRecord` applies a change to what is stored
 * at the moment of the write instead.
 */
import { map, type Observable } from 'rxjs'
import type { RxDocument } from 'rxdb'
import type { Checkpoint } from '../../domain/api/replication.schema'
import type { PolderDatabase } from './database'
import type { SessionDoc } from './local-schemas'

type RecordValue = Record<string, unknown>

/** What record `id` holds, as its owner's reader takes it (undefined: not written yet). */
export function recordValue(doc: RxDocument<SessionDoc> | null | undefined): RecordValue | undefined {
  return doc ? (doc.toJSON().value as RecordValue) : undefined
}

/** Record `id`'s value now and at each change, from any tab's worker. */
export function sessionRecordValues(db: PolderDatabase, id: string): Observable<RecordValue | undefined> {
  return db.session.findOne(id).$.pipe(map(recordValue))
}

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

/** A pull's checkpoint, kept in session record `id` ({ checkpoint }). */
export interface CheckpointStore {
  read(): Promise<Checkpoint | undefined>
  write(checkpoint: Checkpoint): Promise<void>
}

/** The checkpoint a feed pull keeps in session record `id` (one record per collection and projection). */
export function sessionCheckpoint(db: PolderDatabase, id: string): CheckpointStore {
  return {
    read: async () => (recordValue(await db.session.findOne(id).exec()) as { checkpoint?: Checkpoint } | undefined)?.checkpoint,
    write: async (checkpoint) => {
      await modifySessionRecord(db, id, () => ({ checkpoint }))
    },
  }
}
