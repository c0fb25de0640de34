/**
 * The worker's checkout view and the order it places follow one rule (domain/checkout): the view
 * carries the problems and the charge the page shows, and placing refuses what the page refuses.
 */
import { describe, expect, it } from 'vitest'
import type { DataService } from '../../workers/data-service'
import { FakeBackend, fullProduct, useBackendServices } from './worker-backend'
import { waitFor } from './worker-harness'
import { ANNA_CHECKOUT } from '../fixtures/checkout-details'

const { start } = useBackendServices()

const details = ANNA_CHECKOUT

async function fillCheckout(service: DataService, sku: string, qty: number): Promise<void> {
  await service.applyCartCommand({ type: 'add', product: fullProduct(sku), qty })
  await service.updateCheckout(details)
}

describe('DataService (worker): the checkout view', () => {
  it('refuses what the checkout page refuses: the one rule of domain/checkout (a name of one letter, a VAT number that is none)', async () => {
    const backend = new FakeBackend()
    const { service, status } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    await fillCheckout(service, 'SKU-1', 1)
    const view = await service.updateCheckout({ personalDetails: { firstName: 'A' } })
    expect(view.problems).toEqual([{ field: 'co-firstName', key: 'nameTooShort' }])
    expect(await service.placeOrder()).toEqual({ ok: false, problem: 'incomplete' })
    await service.updateCheckout({ personalDetails: { firstName: 'Anna' }, paymentDetails: { vatId: 'NL123456789B01' } })
    expect(await service.placeOrder()).toEqual({ ok: false, problem: 'incomplete' })
    expect((await service.updateCheckout({ paymentDetails: { vatId: '' } })).problems).toEqual([])
    expect(await service.placeOrder()).toMatchObject({ ok: true })
  })

  it('the checkout view carries its problems and its charge, with the chosen method as last offered', async () => {
    const backend = new FakeBackend()
    const { service, status } = await start(backend, { online: false })
    await waitFor(status, (s) => s.isLeader)
    let checkout: Awaited<ReturnType<DataService['updateCheckout']>> | undefined
    await service.subscribeCheckout((c) => {
      checkout = c
    })
    const fresh = await waitFor(
      () => checkout,
      () => true,
    )
    expect(fresh.problems.map((p) => p.field)).toContain('co-email')
    expect(fresh.charge).toMatchObject({ subtotal: 0, charged: 0 })
    await fillCheckout(service, 'SKU-1', 2)
    await service.updateCheckout({
      shippingDetails: { shippingMethod: { carrierCode: 'flatrate', methodCode: 'flatrate' } },
      paymentDetails: { sameAsShipping: true },
    })
    const offered = await service.shippingMethods('NL')
    const flatrate = offered.find((m) => m.carrierCode === 'flatrate')!
    const view = await waitFor(
      () => checkout,
      (c) => c.charge.shipping > 0,
    )
    expect(view.problems).toEqual([])
    expect(view.charge).toMatchObject({ subtotal: 2420, shipping: flatrate.amount, charged: 2420 + flatrate.amount, paidInFull: false })
  })
})
