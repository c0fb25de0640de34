/** A step of a migration: SQL, or a function for what SQL alone cannot do (run in the same transaction). */
import type { Db } from '../db'

export type MigrationStep = string | ((tx: Db) => Promise<void>)

export interface Migration {
  version: number
  name: string
  statements: MigrationStep[]
  /**
   * SQL run once the migration has committed, outside any transaction: VACUUM after a rewrite of a
   * big table (PGlite never vacuums by itself; its dead rows slowed every scan of the table)
   */
  after?: string[]
}
