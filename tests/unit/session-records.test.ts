/**
 * The session collection's named records are changed by overlapping calls of one worker and by
 * every tab's worker. A change must apply to what is stored when it is written, never to an older
 * read: two checkout fields saved at once both stay, appends to one list all stay.
 */
import { describe, expect, it } from 'vitest'
import { modifySessionRecord } from '../../workers/db/session-records'
import { CheckoutStore } from '../../workers/checkout/checkout-state'
import { useMemoryDatabases } from './worker-harness'

describe('session records', () => {
  const database = useMemoryDatabases('polder-session')

  it('keeps every append made at the same time, on a record that does not exist yet and on one that does', async () => {
    const db = await database()
    const append = (item: string) => modifySessionRecord(db, 'list', (value) => ({ items: [...((value?.items as string[] | undefined) ?? []), item] }))
    await Promise.all(['a', 'b', 'c'].map(append))
    await Promise.all(['d', 'e', 'f', 'g'].map(append))
    const stored = (await db.session.findOne('list').exec())?.toJSON().value as { items: string[] }
    expect([...stored.items].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
  })

  it('returns what it wrote, without undefined fields', async () => {
    const db = await database()
    expect(await modifySessionRecord(db, 'flag', () => ({ on: true, left: undefined }))).toEqual({ on: true })
    expect((await db.session.findOne('flag').exec())?.toJSON().value).toEqual({ on: true })
  })

  it('keeps both of two checkout fields saved at the same time', async () => {
    const checkout = new CheckoutStore(await database(), 'BE', () => 1_000)
    await checkout.update({ personalDetails: { firstName: 'Anna' } })
    const [first, second] = await Promise.all([
      checkout.update({ personalDetails: { lastName: 'Peeters' } }),
      checkout.update({ shippingDetails: { city: 'Gent' } }),
      checkout.setLastOrder('order-1'),
    ])
    const stored = await checkout.get()
    expect(stored.details.personalDetails).toMatchObject({ firstName: 'Anna', lastName: 'Peeters' })
    expect(stored.details.shippingDetails).toMatchObject({ city: 'Gent', country: 'BE' })
    expect(stored.lastOrderId).toBe('order-1')
    // each answer is what that call wrote: the first field is in both
    expect(first.details.personalDetails.lastName).toBe('Peeters')
    expect(second.details.shippingDetails.city).toBe('Gent')
  })
})
