import type { WorkerConfig } from '../../workers/contract/config'
import { getDataClient, settleReady } from './data-client'

/** Starts the worker for this store view and keeps it told about the browser's connectivity. */
export async function startData(config: WorkerConfig): Promise<void> {
  const api = getDataClient()
  const report = () => void api.setOnline(navigator.onLine).catch((e: unknown) => console.error('[data] setOnline failed', e))
  window.addEventListener('online', report)
  window.addEventListener('offline', report)
  try {
    await api.init(config)
    await api.setOnline(navigator.onLine)
    settleReady()
  } catch (error) {
    settleReady(error)
    throw error
  }
}
