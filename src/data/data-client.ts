/**
 * The one gateway from the UI to the data worker (DESIGN.md: the UI never calls fetch). Only the
 * files of src/data/ import it (the layer check): the rest of src/ uses their hooks and commands,
 * which wait for `ready` before subscribing, and the app starts it through ./start-data.
 */
import * as Comlink from 'comlink'
import type { DataApi } from '../../workers/data-api'
import type { WorkerConfig } from '../../workers/contract/config'

export type DataClient = Comlink.Remote<DataApi>

let client: DataClient | null = null
let resolveReady: () => void = () => {}
let rejectReady: (error: unknown) => void = () => {}
/** Settles once init() has run in the worker; subscriptions made before that would see no store. */
export const ready: Promise<void> = new Promise<void>((resolve, reject) => {
  resolveReady = resolve
  rejectReady = reject
})

export function getDataClient(): DataClient {
  if (!client) {
    const worker = new Worker(new URL('../../workers/data.worker.ts', import.meta.url), { type: 'module', name: 'polder-data' })
    client = Comlink.wrap<DataApi>(worker)
  }
  return client
}

/** Starts the worker for this store view and keeps it told about the browser's connectivity. */
export async function startDataClient(config: WorkerConfig): Promise<void> {
  const api = getDataClient()
  const report = () => void api.setOnline(navigator.onLine).catch((e: unknown) => console.error('[data] setOnline failed', e))
  window.addEventListener('online', report)
  window.addEventListener('offline', report)
  try {
    await api.init(config)
    await api.setOnline(navigator.onLine)
    resolveReady()
  } catch (error) {
    rejectReady(error)
    throw error
  }
}
