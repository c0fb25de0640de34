import { describe, expect, it } from 'vitest'
import { DEFAULT_UNPAID_HOLDS, holdGroups } from '../../domain/unpaid-hold'

describe('holdGroups', () => {
  it('holds provider orders for hours, transfers and pickups for days, and cash on delivery for ever by default', () => {
    expect(holdGroups(DEFAULT_UNPAID_HOLDS)).toEqual([
      { status: 'pending_payment', methods: null, ms: 120 * 60_000, label: '2 hours' },
      { status: 'pending', methods: ['banktransfer'], ms: 7 * 86_400_000, label: '7 days' },
      { status: 'pending', methods: ['payatpickup'], ms: 14 * 86_400_000, label: '14 days' },
    ])
  })

  it('leaves out a method set to 0 and names odd durations', () => {
    const groups = holdGroups({ providerMinutes: 45, bankTransferDays: 0, pickupDays: 1, cashOnDeliveryDays: 30 })
    expect(groups.map((g) => [g.methods?.[0] ?? 'provider', g.label])).toEqual([
      ['provider', '45 minutes'],
      ['payatpickup', '1 day'],
      ['cashondelivery', '30 days'],
    ])
  })
})
