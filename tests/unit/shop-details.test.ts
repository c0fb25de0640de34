import { describe, expect, it } from 'vitest'
import { openingHoursText } from '../../domain/opening-hours'
import { DEFAULT_SHOP_DETAILS } from '../../domain/shop-details'
import { ConfigError, loadConfig } from '../../server/config'

describe('the shop’s details', () => {
  it('SHOP_DETAILS sets them whole, checked; unset gives the demo shop’s; a bad one stops the start naming the field', () => {
    expect(loadConfig({}).shopDetails).toEqual(DEFAULT_SHOP_DETAILS)
    const own = { ...DEFAULT_SHOP_DETAILS, bank: { beneficiary: 'Winkel BV', iban: 'BE68 5390 0754 7034', bic: 'TRIOBEBB' } }
    expect(loadConfig({ SHOP_DETAILS: JSON.stringify(own) }).shopDetails.bank.iban).toBe('BE68 5390 0754 7034')
    expect(() =>
      loadConfig({ SHOP_DETAILS: JSON.stringify({ ...own, pickup: { ...own.pickup, hours: [{ days: '8', open: '9:00', close: '17:00' }] } }) }),
    ).toThrow(ConfigError)
    expect(() => loadConfig({ SHOP_DETAILS: '{not json' })).toThrow(/SHOP_DETAILS: must be JSON/)
  })

  it('writes opening hours with the days named in the store view’s language', () => {
    expect(openingHoursText({ days: '1-5', open: '10:00', close: '18:00' }, 'nl-NL')).toBe('maandag–vrijdag 10:00–18:00')
    expect(openingHoursText({ days: '6', open: '10:00', close: '17:00' }, 'fr-FR')).toBe('samedi 10:00–17:00')
    expect(openingHoursText({ days: '7', open: '12:00', close: '17:00' }, 'en-US')).toBe('Sunday 12:00–17:00')
  })
})
