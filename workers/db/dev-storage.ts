/**
 * Development-only storage wrapping: RxDB dev-mode (schema and query checks) plus ajv validation
 * of every write. Dev-mode refuses an unvalidated storage (DVM1), so they come together. Imported
 * dynamically behind `import.meta.env.DEV` (data.worker.ts) so production bundles leave it out,
 * and directly by tests.
 */
import { addRxPlugin } from 'rxdb'
import type { RxStorage } from 'rxdb'
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode'
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv'

let added = false

export function withDevMode(storage: RxStorage<unknown, unknown>): RxStorage<unknown, unknown> {
  if (!added) {
    disableWarnings()
    addRxPlugin(RxDBDevModePlugin)
    added = true
  }
  return wrappedValidateAjvStorage({ storage })
}
