/** VAT number format and checksum, BE and NL (numbers from be-nl-domain §1.3). */
import { describe, expect, it } from 'vitest'
import { checkVatNumber, formatVatNumber, isBeChecksumValid, isNlMod11Valid, isNlMod97Valid, normaliseVatNumber } from '../../domain/vat-number'

describe('checkVatNumber: the public numbers of the domain reference', () => {
  it.each(['BE0403019261', 'BE0428759497', 'BE0867686774', 'BE0824148721'])('accepts %s (BE mod 97)', (number) => {
    expect(checkVatNumber('BE', number)).toEqual({ ok: true, countryCode: 'BE', vatNumber: number.slice(2), vatId: number })
  })

  it.each([
    ['NL810433941B01', 'both'],
    ['NL820471616B01', 'mod11'],
    ['NL004495445B01', 'mod11'],
    ['NL002455799B11', 'mod97'],
  ] as const)('accepts %s (NL, %s)', (number, nlForm) => {
    expect(checkVatNumber('NL', number)).toEqual({ ok: true, countryCode: 'NL', vatNumber: number.slice(2), vatId: number, nlForm })
  })

  it('refuses BE0431150351 and NL123456789B90 for their checksum', () => {
    expect(checkVatNumber('BE', 'BE0431150351')).toMatchObject({ ok: false, problem: 'checksum', vatNumber: '0431150351' })
    expect(checkVatNumber('NL', 'NL123456789B90')).toMatchObject({ ok: false, problem: 'checksum', vatNumber: '123456789B90' })
  })
})

describe('checkVatNumber: Belgium', () => {
  it('takes the check digits 97 when the base is a multiple of 97', () => {
    expect(isBeChecksumValid('0428759497')).toBe(true)
    expect(isBeChecksumValid('0428759400')).toBe(false)
  })
  it('accepts the 1-series (new enterprises since September 2023)', () => {
    expect(checkVatNumber('BE', 'BE1000000021').ok).toBe(true)
    expect(checkVatNumber('BE', '1234.567.894').ok).toBe(true)
    expect(checkVatNumber('BE', 'BE1000000022')).toMatchObject({ ok: false, problem: 'checksum' })
  })
  it('refuses a first digit other than 0 or 1, even with a right mod 97', () => {
    // 20000000 mod 97 = 55 → check 42
    expect(checkVatNumber('BE', '2000000042')).toMatchObject({ ok: false, problem: 'format' })
  })
  it('puts a 0 in front of an old 9-digit number', () => {
    expect(checkVatNumber('BE', '403019261')).toMatchObject({ ok: true, vatNumber: '0403019261' })
  })
  it('reads spaces, dots, dashes, slashes and a (0)', () => {
    for (const input of ['BE 0403.019.261', 'be0403-019-261', ' BE (0)403 019 261 ', '0403/019/261', 'BE\u00a00403.019.261']) {
      expect(checkVatNumber('BE', input)).toMatchObject({ ok: true, vatId: 'BE0403019261' })
    }
  })
  it('refuses wrong lengths and letters', () => {
    for (const input of ['04030192', '04030192610', 'BE0403O19261', '0403019261B01']) {
      expect(checkVatNumber('BE', input)).toMatchObject({ ok: false, problem: 'format' })
    }
  })
})

describe('checkVatNumber: the Netherlands', () => {
  it('applies the elfproef with weights 9..2 and -1', () => {
    expect(isNlMod11Valid('820471616')).toBe(true)
    expect(isNlMod11Valid('820471617')).toBe(false)
  })
  it('applies ISO 7064 MOD 97-10 over NL…B.. for sole proprietors (2020 form)', () => {
    expect(isNlMod97Valid('002455799B11')).toBe(true)
    expect(isNlMod97Valid('002455799B12')).toBe(false)
    // the 2020 number fails the elfproef: only the mod-97 rule accepts it
    expect(isNlMod11Valid('002455799')).toBe(false)
  })
  it('reads lower case, spaces and dots, with or without the NL prefix', () => {
    for (const input of ['nl810433941b01', 'NL 8104.33.941 B01', '810433941B01']) {
      expect(checkVatNumber('NL', input)).toMatchObject({ ok: true, vatId: 'NL810433941B01' })
    }
  })
  it('refuses the sub-number 00, an all-zero number and other shapes', () => {
    for (const input of ['NL810433941B00', 'NL000000000B01', 'NL810433941', 'NL810433941C01', 'NL81043394B01', 'NL810433941B1']) {
      expect(checkVatNumber('NL', input)).toMatchObject({ ok: false, problem: 'format' })
    }
  })
})

describe('checkVatNumber: country', () => {
  it('refuses a prefix of the other country', () => {
    expect(checkVatNumber('BE', 'NL810433941B01')).toMatchObject({ ok: false, problem: 'country-mismatch' })
    expect(checkVatNumber('NL', 'BE0403019261')).toMatchObject({ ok: false, problem: 'country-mismatch' })
  })
  it('refuses countries other than BE and NL, and an empty number', () => {
    expect(checkVatNumber('DE', '123456789')).toMatchObject({ ok: false, problem: 'unsupported-country' })
    expect(checkVatNumber('BE', ' . ')).toMatchObject({ ok: false, problem: 'empty' })
  })
  it('takes the country code in any case', () => {
    expect(checkVatNumber(' be ', '0403019261').ok).toBe(true)
  })
})

describe('normaliseVatNumber and formatVatNumber', () => {
  it('splits off the prefix', () => {
    expect(normaliseVatNumber('be 0403.019.261')).toEqual({ prefix: 'BE', national: '0403019261' })
    expect(normaliseVatNumber('810433941B01')).toEqual({ prefix: null, national: '810433941B01' })
  })
  it('writes BE with the enterprise number dots and NL compact', () => {
    expect(formatVatNumber('BE', '0403019261')).toBe('BE 0403.019.261')
    expect(formatVatNumber('BE', '403019261')).toBe('BE 0403.019.261')
    expect(formatVatNumber('NL', 'nl 810433941 b01')).toBe('NL810433941B01')
    expect(formatVatNumber('NL', ' NL123 ')).toBe('NL123')
  })
})
