/**
 * The harness of the tests that drive a whole DataService on real RxDB (memory storage, or
 * fake-indexeddb where a reload is the point): start services with test defaults, close them all
 * after each test, answer JSON and wait for a reactive value.
 */
import { afterEach } from 'vitest'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { DataService, type DataServiceDeps } from '../../workers/data-service'
import type { AccountView } from '../../workers/contract/account'
import type { WorkerConfig } from '../../workers/contract/config'
import { openDatabase, type PolderDatabase } from '../../workers/db/database'
import { withDevMode } from '../../workers/db/dev-storage'

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** Polls `read` until its value passes `check` (reactive emissions arrive on their own time). */
export async function waitFor<T>(read: () => T | undefined, check: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = read()
    if (value !== undefined && check(value)) return value
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting; last value ${JSON.stringify(value)?.slice(0, 300)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

let counter = 0

export interface WorkerServices {
  /** a started service (init done) with memory storage, dev mode and a database of its own unless told */
  start(deps: Partial<DataServiceDeps> & Pick<DataServiceDeps, 'fetch'>, config?: Partial<WorkerConfig>): Promise<DataService>
  /** closes one service before the test ends (the others close after it) */
  stop(service: DataService): Promise<void>
}

/** Services started in a test are closed after it; call once at the top of a file or a describe block. */
export function useWorkerServices(prefix = 'polder-test'): WorkerServices {
  const open: DataService[] = []
  afterEach(async () => {
    while (open.length) await open.pop()!.close()
  })
  return {
    async start(deps, config = {}) {
      const service = new DataService({
        storage: getRxStorageMemory(),
        wrapStorage: withDevMode,
        databaseName: `${prefix}-${Date.now()}-${++counter}`,
        ...deps,
      })
      open.push(service)
      await service.init({ storeCode: 'en', apiBaseUrl: 'http://shop.test', replicationMode: 'shopper', ...config })
      return service
    },
    async stop(service) {
      open.splice(open.indexOf(service), 1)
      await service.close()
    },
  }
}

/** Opens `en` databases on memory storage, each of its own, closed after each test; call once at the top of a describe block. */
export function useMemoryDatabases(prefix = 'polder-db'): () => Promise<PolderDatabase> {
  const open: PolderDatabase[] = []
  afterEach(async () => {
    while (open.length) await open.pop()!.close()
  })
  return async () => {
    const db = await openDatabase({ storeCode: 'en', storage: getRxStorageMemory(), name: `${prefix}-${Date.now()}-${++counter}` })
    open.push(db)
    return db
  }
}

/** A customer as GET /api/user/me answers it (contract §2.1), for the account tests' fake back end. */
export const CUSTOMER = {
  id: 7,
  group_id: 1,
  created_at: '2026-01-01 00:00:00',
  updated_at: '2026-01-01 00:00:00',
  created_in: 'Nederlands',
  email: 'anna@example.com',
  firstname: 'Anna',
  lastname: 'de Vries',
  store_id: 2,
  website_id: 1,
  disable_auto_group_change: 0,
  extension_attributes: { is_subscribed: false },
  addresses: [],
}

/** The service's account view as it last emitted, read whenever the test asks (for waitFor). */
export async function accountView(service: DataService): Promise<() => AccountView | undefined> {
  let view: AccountView | undefined
  await service.subscribeAccount((v) => {
    view = v
  })
  return () => view
}
