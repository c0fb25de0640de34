/** The BE/NL B2B rule (be-nl-domain §2.5): reverse charge across the border only. */
import { describe, expect, it } from 'vitest'
import { consumerVatCountry, DEFAULT_VAT_SETTINGS, vatTreatment, type VatRuleInput } from '../../domain/vat-rule'
import { decideVat, vatDestination } from '../../domain/vat-decision'
import { i18nObject } from '../../locales/i18n-util'
import { loadAllLocales } from '../../locales/i18n-util.sync'

loadAllLocales()

const nlCompanyBuyingFromBe: VatRuleInput = {
  shopCountry: 'BE',
  vatNumber: 'NL810433941B01',
  vatCountry: 'NL',
  destinationCountry: 'NL',
  registryValid: true,
}

describe('vatTreatment', () => {
  it('reverse-charges a valid company number of the other country, goods sent there', () => {
    expect(vatTreatment(nlCompanyBuyingFromBe)).toEqual({
      kind: 'reverse-charge',
      ratePercent: 0,
      customerVatId: 'NL810433941B01',
      noticeKey: 'reverseChargeNotice',
    })
    expect(vatTreatment({ shopCountry: 'NL', vatNumber: '0403.019.261', vatCountry: 'be', destinationCountry: 'BE', registryValid: true })).toMatchObject({
      kind: 'reverse-charge',
      customerVatId: 'BE0403019261',
    })
  })
  it('reverse-charges the 2020 NL form (sole proprietors) too', () => {
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, vatNumber: 'NL002455799B11' }).kind).toBe('reverse-charge')
  })
  it('charges normal VAT in the shop’s own country', () => {
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, shopCountry: 'NL' })).toEqual({ kind: 'normal', reason: 'same-country' })
  })
  it('charges normal VAT when the goods stay in the shop’s country', () => {
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, destinationCountry: 'BE' })).toEqual({ kind: 'normal', reason: 'goods-stay-in-shop-country' })
  })
  it('charges normal VAT without a number, or with one that fails its checksum', () => {
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, vatNumber: '' })).toEqual({ kind: 'normal', reason: 'no-vat-number' })
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, vatNumber: null })).toEqual({ kind: 'normal', reason: 'no-vat-number' })
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, vatNumber: 'NL123456789B90' })).toEqual({ kind: 'normal', reason: 'invalid-vat-number' })
    // a BE number given as the NL company's
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, vatNumber: 'BE0403019261' })).toEqual({ kind: 'normal', reason: 'invalid-vat-number' })
  })
  it('charges normal VAT when the registry said invalid or could not say', () => {
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, registryValid: false })).toEqual({ kind: 'normal', reason: 'invalid-vat-number' })
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, registryValid: null })).toEqual({ kind: 'normal', reason: 'registry-not-confirmed' })
  })
  it('charges normal VAT to a number outside BE and NL', () => {
    expect(vatTreatment({ ...nlCompanyBuyingFromBe, vatCountry: 'DE', vatNumber: 'DE136695976' })).toEqual({ kind: 'normal', reason: 'outside-be-nl' })
  })
  it('has the notice in the three dictionaries', () => {
    expect(i18nObject('en').vatCheck.reverseChargeNotice()).toContain('reverse charged')
    expect(i18nObject('nl').vatCheck.reverseChargeNotice()).toContain('btw verlegd')
    expect(i18nObject('fr').vatCheck.reverseChargeNotice()).toContain('autoliquidation')
  })
})

describe('the shop’s VAT position', () => {
  it('a consumer pays the destination’s VAT past the OSS threshold, the shop’s own below it', () => {
    expect(consumerVatCountry({ shopCountry: 'NL', oss: true }, 'be')).toBe('BE')
    expect(consumerVatCountry({ shopCountry: 'NL', oss: false }, 'BE')).toBe('NL')
    expect(consumerVatCountry({ shopCountry: 'BE', oss: false }, 'NL')).toBe('BE')
  })

  it('the same Belgian company in /nl and /be: one shop country decides, so one treatment', () => {
    const company = { vatNumber: 'BE0403019261', vatCountry: 'BE', destinationCountry: 'BE', registryValid: true }
    const shop = DEFAULT_VAT_SETTINGS.shopCountry
    expect(vatTreatment({ ...company, shopCountry: shop }).kind).toBe('reverse-charge')
    // a Belgian shop: the same company pays Belgian VAT, whichever store view it buys in
    expect(vatTreatment({ ...company, shopCountry: 'BE' })).toEqual({ kind: 'normal', reason: 'same-country' })
    // the registry could not say: VAT is charged, and why is told
    expect(vatTreatment({ ...company, shopCountry: shop, registryValid: null })).toEqual({ kind: 'normal', reason: 'registry-not-confirmed' })
  })
})

describe('decideVat and vatDestination: one decision for the cart’s totals and the order', () => {
  const shop = DEFAULT_VAT_SETTINGS

  it('a confirmed Belgian company, goods sent to Belgium: no VAT, both ids recorded', () => {
    expect(decideVat(shop, { vatNumber: 'BE 0403.019.261', vatCountry: 'BE', destination: 'BE', registryValid: true })).toEqual({
      decision: { kind: 'reverse-charge', customer_vat_id: 'BE0403019261', shop_vat_id: shop.shopVatId },
      country: 'BE',
      reverseCharge: true,
    })
  })

  it('a consumer pays the destination’s rates past the OSS threshold and the shop’s below it, and is told no reason but "no number"', () => {
    expect(decideVat(shop, { vatCountry: 'BE', destination: 'NL', registryValid: null })).toEqual({
      decision: { kind: 'normal', reason: 'no-vat-number' },
      country: 'NL',
      reverseCharge: false,
    })
    expect(decideVat({ ...shop, oss: false }, { vatCountry: 'NL', destination: 'BE', registryValid: null }).country).toBe('NL')
  })

  it('the goods go where they are handed over: the shop for a pickup, the billing country for a virtual cart', () => {
    const how = { virtual: false, pickup: false, deliveryCountry: 'BE', billingCountry: 'NL' }
    expect(vatDestination('NL', how)).toBe('BE')
    expect(vatDestination('NL', { ...how, pickup: true })).toBe('NL')
    expect(vatDestination('NL', { ...how, virtual: true })).toBe('NL')
    expect(vatDestination('NL', { ...how, deliveryCountry: null, billingCountry: 'BE' })).toBe('BE')
    // a Belgian company collecting its goods at a Dutch shop: they never leave the Netherlands, so VAT is charged
    const pickedUp = vatDestination('NL', { ...how, pickup: true, billingCountry: 'BE' })
    expect(decideVat(shop, { vatNumber: 'BE0403019261', vatCountry: 'BE', destination: pickedUp, registryValid: true }).reverseCharge).toBe(false)
  })
})
