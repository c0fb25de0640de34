/** What each driver's opener (PGlite, PostgreSQL) hands to openStorage, and where storage logs. */
import type { ChangeFeed } from './change-feed'
import type { DrizzleExecutor } from './db'

export class StorageOpenError extends Error {
  override name = 'StorageOpenError'
}

export type StorageKind = 'pglite' | 'postgres'

export interface OpenedDatabase {
  kind: StorageKind
  description: string
  executor: DrizzleExecutor
  /** shares the change feed with other processes on the same database, where the driver can */
  connectChanges?(feed: ChangeFeed): Promise<void>
  close(): Promise<void>
}

/**
 * Where storage reports what happens to its connections outside any request (a connection lost,
 * the change feed listening again): the server's log once the app is built, the console before.
 * Never given an error object as it is: node-postgres hangs the client, whose settings hold the
 * password, on the errors it reports.
 */
export interface StorageLog {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

export const CONSOLE_STORAGE_LOG: StorageLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  info: (obj, msg) => console.log(msg, obj),
}

/** An error's code and message only (see StorageLog). */
export function describeError(err: unknown): { code?: string; message: string } {
  const e = err as { code?: unknown; message?: unknown } | null
  return {
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    message: typeof e?.message === 'string' ? e.message : String(err),
  }
}
