/**
 * Back-in-stock requests through the DataService on real RxDB (workers/catalog/stock-alert-module):
 * a request asked offline is stored and sent once when the connection is back, a guest's without a
 * token and a customer's with theirs; an address that is not one is refused before anything is stored.
 */
import { describe, expect, it } from 'vitest'
import { STOCK_SUBSCRIPTION_PATH } from '../../domain/api/stock-alert.schema'
import { FakeBackend, useBackendServices } from './worker-backend'
import { accountView, CUSTOMER, json, waitFor } from './worker-harness'

const { start } = useBackendServices()

class StockAlertBackend extends FakeBackend {
  sent: { token: string | null; store: string | null; body: unknown }[] = []
  private readonly shopFetch: FakeBackend['fetch'] = (this as FakeBackend).fetch

  override fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input)
    if (url.pathname === '/api/user/login') return json({ code: 200, result: 'access-1', meta: { refreshToken: 'refresh-1' } })
    if (url.pathname === '/api/user/me') return json({ code: 200, result: CUSTOMER })
    if (url.pathname === STOCK_SUBSCRIPTION_PATH && init.method === 'POST') {
      this.sent.push({ token: url.searchParams.get('token'), store: url.searchParams.get('storeCode'), body: JSON.parse(String(init.body)) })
      return json({ code: 200, result: 'subscribed' })
    }
    return this.shopFetch(input, init)
  }
}

describe('DataService (worker): back-in-stock requests', { timeout: 20_000 }, () => {
  it('an offline request waits in the queue and is sent once when back online, without a token for a guest', async () => {
    const backend = new StockAlertBackend()
    const { service, status } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    expect(await service.askStockAlert('BOOTS', ' guest@example.com ')).toEqual({ ok: true })
    expect(backend.sent).toEqual([])

    await service.setOnline(true)
    await waitFor(
      () => backend.sent,
      (sent) => sent.length > 0,
    )
    // a later wake of the queue sends nothing more
    await service.setOnline(false)
    await service.setOnline(true)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(backend.sent).toEqual([{ token: null, store: 'en', body: { email: 'guest@example.com', sku: 'BOOTS' } }])
  })

  it("a customer's request carries their token; an address that is not one is refused and nothing is sent", async () => {
    const backend = new StockAlertBackend()
    const { service, status } = await start(backend)
    await waitFor(status, (s) => s.isLeader)
    expect(await service.askStockAlert('BOOTS', 'not an address')).toEqual({ ok: false, error: 'invalid' })

    const view = await accountView(service)
    await service.applyAccountCommand({ type: 'login', email: 'anna@example.com', password: 'correct horse 1' })
    await waitFor(view, (v) => v.loggedIn)
    expect(await service.askStockAlert('TEE-BLUE-S', 'anna@example.com')).toEqual({ ok: true })
    const [sent, ...more] = await waitFor(
      () => backend.sent,
      (s) => s.length > 0,
    )
    expect(more).toEqual([])
    expect(sent).toEqual({ token: 'access-1', store: 'en', body: { email: 'anna@example.com', sku: 'TEE-BLUE-S' } })
  })
})
