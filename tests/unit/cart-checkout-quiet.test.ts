/**
 * Spec §4 "Server update": an add or a quantity update is not notified while the shopper is in
 * checkout (§4 "In checkout", §9: the last checkout change under 30 minutes, 1,800,000 ms). The
 * rule (workers/cart/checkout-quiet), the UI's pick that never shows a quiet one, and the worker
 * wiring with its clock: in checkout the add is quiet, 30 minutes after the last change it is told.
 */
import { describe, expect, it } from 'vitest'
import type { Notification } from '../../domain/notifications'
import { pickNotification } from '../../src/ui/notifications'
import { quietInCheckout } from '../../workers/cart/checkout-quiet'
import { IN_CHECKOUT_WINDOW_MS } from '../../workers/checkout/checkout-state'
import { FakeBackend, fullProduct } from './worker-backend'
import { useWorkerServices } from './worker-harness'

const n = (type: Notification['type'], key: Notification['key']): Notification => ({ id: key, type, key })

describe('the in-checkout silence (rule)', () => {
  const batch = [n('success', 'productAddedToCart'), n('warning', 'stockVolatile')]
  it('out of checkout nothing changes', () => {
    expect(quietInCheckout(batch, false)).toEqual(batch)
  })
  it('in checkout an add, a quantity update and a line change are quiet; warnings and errors are not', () => {
    const quiet = quietInCheckout(
      [...batch, n('success', 'productQuantityUpdated'), n('success', 'cartLineChanged'), n('error', 'outOfStock'), n('success', 'couponApplied')],
      true,
    )
    expect(quiet.map((q) => [q.key, q.quiet ?? false])).toEqual([
      ['productAddedToCart', true],
      ['stockVolatile', false],
      ['productQuantityUpdated', true],
      ['cartLineChanged', true],
      ['outOfStock', false],
      ['couponApplied', false],
    ])
  })
  it('the UI never shows a quiet one, and still shows the warning beside it', () => {
    const quiet = quietInCheckout(batch, true)
    expect(pickNotification(quiet)?.key).toBe('stockVolatile')
    expect(pickNotification(quiet.slice(0, 1))).toBeUndefined()
    expect(pickNotification(quietInCheckout(batch.slice(0, 1), false))?.key).toBe('productAddedToCart')
  })
})

describe('the in-checkout silence (worker)', () => {
  const services = useWorkerServices('polder-quiet')
  it('an add while in checkout is quiet; 30 minutes after the last checkout change it is told again', async () => {
    let now = Date.UTC(2026, 0, 1, 12)
    const backend = new FakeBackend()
    const service = await services.start({ fetch: backend.fetch, now: () => now }, {})
    const add = async () => (await service.applyCartCommand({ type: 'add', product: fullProduct('SKU-1'), qty: 1 })).find((x) => x.type === 'success')

    expect((await add())?.quiet).toBeUndefined()
    await service.updateCheckout({ personalDetails: { emailAddress: 'a@b.be' } })
    now += IN_CHECKOUT_WINDOW_MS - 1
    expect(await add()).toMatchObject({ key: 'productQuantityUpdated', quiet: true })
    now += 1
    expect((await add())?.quiet).toBeUndefined()
  })
})
