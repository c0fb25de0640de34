/**
 * A kiosk tablet's data worker (the DataService in kiosk mode) on the real server: once the
 * replication has caught up the status says the catalogue is complete, and offline a configurable
 * product's page is the full document, with its choices, not the light view.
 */
import { describe, expect, it } from 'vitest'
import type { ProductView, SyncStatus } from '../../workers/contract/views'
import { useDataWorker, useTestServer } from './helpers'

async function until<T>(read: () => T | undefined, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = read()
    if (value !== undefined && ok(value)) return value
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last: ${JSON.stringify(value)?.slice(0, 300)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('a kiosk tablet offline', () => {
  const server = useTestServer({ listen: true })
  const { service } = useDataWorker(server, 'polder-kiosk-offline', 'kiosk')

  it('says the catalogue is complete once caught up, and shows a configurable product with its choices offline', async () => {
    let status: SyncStatus | undefined
    await service.subscribeSyncStatus((next) => {
      status = next
    })
    await until(
      () => status,
      (s) => s.catalogueComplete && !s.replicating && s.productCount > 0,
    )
    const feed = await server.storage.replication.pull('nl', 'products', null, 10_000, false)
    const configurable = feed
      .map((row) => JSON.parse(row.json) as { sku: string; type_id: string; _deleted: boolean })
      .find((p) => p.type_id === 'configurable' && !p._deleted)
    expect(configurable).toBeDefined()

    await service.setOnline(false)
    let view: ProductView | undefined
    await service.subscribeProduct(configurable!.sku, (next) => {
      view = next
    })
    const shown = await until(
      () => view,
      (v) => v.state !== 'loading',
    )
    expect(shown.state).toBe('ready')
    expect(shown.product?.configurable_options?.length).toBeGreaterThan(0)
  })
})
