/**
 * The one gateway from the UI to the data worker (DESIGN.md: the UI never calls fetch). Only the
 * files of src/data/ import it (the layer check): the rest of src/ uses their hooks and commands,
 * which wait for `ready` before subscribing.
 */
import * as Comlink from 'comlink'
import type { DataApi } from '../../workers/data-api'

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

/** The worker's init ended: `ready` resolves, or rejects with what kept it from starting. */
export function settleReady(error?: unknown): void {
  if (error === undefined) resolveReady()
  else rejectReady(error)
}
