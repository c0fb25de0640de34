/** Checkout address rules for BE and NL: postcode, phone, street + house number + addition. */
import { describe, expect, it } from 'vitest'
import {
  VALIDATION_MESSAGE_KEYS,
  checkAddition,
  checkAddress,
  checkHouseNumber,
  checkPhone,
  checkPostcode,
  checkStreet,
  checkTaxId,
  streetLines,
  type FieldCheck,
} from '../../domain/address'
import { i18nObject } from '../../locales/i18n-util'
import { loadAllLocales } from '../../locales/i18n-util.sync'

loadAllLocales()

const value = (check: FieldCheck) => (check.ok ? check.value : `! ${check.problem.key}`)

describe('checkPostcode', () => {
  it('takes a Belgian postcode of 4 digits, 1000–9999', () => {
    for (const pc of ['1000', '8500', '9999', ' 2000 ']) expect(value(checkPostcode('BE', pc))).toBe(pc.trim())
    for (const pc of ['0999', '10000', '100A', 'B-8500', '85 00']) expect(value(checkPostcode('BE', pc))).toBe('! postcodeInvalidBe')
  })
  it('takes a Dutch postcode of 4 digits not starting with 0 and 2 letters, with or without a space, written 1012 AB', () => {
    expect(value(checkPostcode('NL', '1012AB'))).toBe('1012 AB')
    expect(value(checkPostcode('NL', '1012 ab'))).toBe('1012 AB')
    expect(value(checkPostcode('NL', ' 9999  zz '))).toBe('9999 ZZ')
    for (const pc of ['0123 AB', '1012', '1012 A1', '10123 AB', '1012-AB', '1012  A B']) expect(value(checkPostcode('NL', pc))).toBe('! postcodeInvalidNl')
  })
  it('refuses the letter pairs SA, SD and SS, never issued', () => {
    for (const pc of ['1012 SA', '1012sd', '1012 SS']) expect(value(checkPostcode('NL', pc))).toBe('! postcodeInvalidNl')
    expect(value(checkPostcode('NL', '1012 SB'))).toBe('1012 SB')
  })
  it('says a field is required, then the spec’s "at least 3 letters"', () => {
    expect(value(checkPostcode('NL', '  '))).toBe('! required')
    expect(value(checkPostcode('BE', '10'))).toBe('! zipCodeTooShort')
  })
})

describe('checkPhone', () => {
  it('takes Belgian national numbers and answers E.164', () => {
    expect(value(checkPhone('BE', '0470 12 34 56'))).toBe('+32470123456')
    expect(value(checkPhone('BE', '02 123 45 67'))).toBe('+3221234567')
    expect(value(checkPhone('BE', '071/12.34.56'))).toBe('+3271123456')
  })
  it('takes the +32 and 0032 forms', () => {
    expect(value(checkPhone('BE', '+32 470 12 34 56'))).toBe('+32470123456')
    expect(value(checkPhone('BE', '0032 470 12 34 56'))).toBe('+32470123456')
    expect(value(checkPhone('NL', '+32 2 123 45 67'))).toBe('+3221234567')
  })
  it('refuses Belgian mobiles outside 045x–049x and wrong lengths', () => {
    for (const p of ['0440 12 34 56', '0470 12 34 5', '0470 12 34 567', '+32 0470 12 34 56', '2 123 45 67']) {
      expect(value(checkPhone('BE', p))).toBe('! phoneInvalidBe')
    }
  })
  it('takes Dutch national numbers and +31 forms, the (0) written after +31 too', () => {
    expect(value(checkPhone('NL', '06 12345678'))).toBe('+31612345678')
    expect(value(checkPhone('NL', '020 123 4567'))).toBe('+31201234567')
    expect(value(checkPhone('NL', '0345-123456'))).toBe('+31345123456')
    expect(value(checkPhone('NL', '+31 6 12345678'))).toBe('+31612345678')
    expect(value(checkPhone('NL', '+31 (0)6 12345678'))).toBe('+31612345678')
    expect(value(checkPhone('BE', '0031 6 12345678'))).toBe('+31612345678')
  })
  it('refuses Dutch numbers of the wrong length or with a 0 after +31', () => {
    for (const p of ['06 1234567', '06 123456789', '+31 06 12345678', '+31 0 12345678', '06-1234567a']) {
      expect(value(checkPhone('NL', p))).toBe('! phoneInvalidNl')
    }
  })
  it('reads a national number by the address’s country', () => {
    // a Dutch mobile written nationally is not a Belgian number
    expect(value(checkPhone('BE', '06 12345678'))).toBe('! phoneInvalidBe')
    expect(value(checkPhone('NL', '0470 12 34 5'))).toBe('! phoneInvalidNl')
    expect(value(checkPhone('BE', '04 221 23 45'))).toBe('+3242212345')
  })
  it('takes another country’s number in international form and refuses junk', () => {
    expect(value(checkPhone('BE', '+33 6 12 34 56 78'))).toBe('+33612345678')
    expect(value(checkPhone('BE', '+33 6'))).toBe('! phoneInvalid')
    expect(value(checkPhone('NL', ''))).toBe('! required')
  })
})

describe('street, house number and addition', () => {
  it('takes a street of at most 50 characters', () => {
    expect(value(checkStreet('  Rue  de la Senne '))).toBe('Rue de la Senne')
    expect(value(checkStreet(''))).toBe('! required')
    expect(checkStreet('x'.repeat(51))).toEqual({ ok: false, problem: { key: 'tooLong', values: { max_characters: 51 } } })
    expect(value(checkStreet('x'.repeat(50)))).toBe('x'.repeat(50))
  })
  it('takes a house number of digits with at most one letter', () => {
    for (const [input, out] of [
      ['70', '70'],
      ['12a', '12A'],
      [' 182 ', '182'],
    ]) {
      expect(value(checkHouseNumber(input!))).toBe(out)
    }
    for (const input of ['0', '012', 'A12', '12 bis', '182-2', '32 bus 20', '12AB']) expect(value(checkHouseNumber(input))).toBe('! houseNumberInvalid')
    expect(value(checkHouseNumber(''))).toBe('! required')
  })
  it('takes an optional addition: A, 2, hs, III, bus 20, bte 20; not /20 or #20', () => {
    for (const input of ['A', '2', 'hs', 'III', 'bus 20', 'bte 20', 'rood-1', 'boîte 3']) expect(value(checkAddition(input))).toBe(input)
    expect(value(checkAddition('  '))).toBe('')
    for (const input of ['/20', '#20', 'bus  /3', 'a--b']) expect(value(checkAddition(input))).toBe('! additionInvalid')
    expect(checkAddition('verdieping 12')).toMatchObject({ ok: false, problem: { key: 'tooLong' } })
  })
  it('writes the street lines as the back end takes them', () => {
    expect(streetLines({ street: 'Damrak', houseNumber: '70' })).toEqual(['Damrak', '70'])
    expect(streetLines({ street: 'Zennestraat', houseNumber: '32', addition: 'bus 20' })).toEqual(['Zennestraat', '32', 'bus 20'])
  })
})

describe('checkTaxId', () => {
  it('is optional, then the spec’s "at least 3 letters", then the VAT number of the country', () => {
    expect(value(checkTaxId('BE', ''))).toBe('')
    expect(value(checkTaxId('BE', 'BE'))).toBe('! taxIdTooShort')
    expect(value(checkTaxId('BE', '0403.019.261'))).toBe('BE0403019261')
    expect(value(checkTaxId('NL', 'NL123456789B90'))).toBe('! vatNumberInvalid')
  })
})

describe('checkAddress', () => {
  it('answers the problems by field and the address normalised', () => {
    const { problems, normalised } = checkAddress({
      country: 'NL',
      street: 'Damrak',
      houseNumber: '70',
      addition: 'hs',
      postcode: '1012lm',
      city: 'Amsterdam',
      telephone: '06-12345678',
      vatId: 'nl810433941b01',
    })
    expect(problems).toEqual({})
    expect(normalised).toMatchObject({ postcode: '1012 LM', telephone: '+31612345678', vatId: 'NL810433941B01' })
  })
  it('names each refused field with its key', () => {
    const { problems } = checkAddress({ country: 'BE', street: '', houseNumber: '32/20', postcode: '1012 AB', city: '', telephone: '06 12345678' })
    expect(problems).toEqual({
      street: { key: 'required' },
      houseNumber: { key: 'houseNumberInvalid' },
      postcode: { key: 'postcodeInvalidBe' },
      city: { key: 'required' },
      telephone: { key: 'phoneInvalidBe' },
    })
  })
})

describe('the dictionaries', () => {
  it('hold a text for every message key in en, nl and fr, the spec’s English word for word', () => {
    for (const lang of ['en', 'nl', 'fr'] as const) {
      const words = i18nObject(lang).validation
      for (const key of VALIDATION_MESSAGE_KEYS) expect(words[key]({ max_characters: 51 }), `${lang}.validation.${key}`).not.toBe('')
    }
    const en = i18nObject('en').validation
    expect(en.required()).toBe('Field is required')
    expect(en.zipCodeTooShort()).toBe('Zip-code must have at least 3 letters')
    expect(en.taxIdTooShort()).toBe('Tax ID must have at least 3 letters')
    expect(en.tooLong({ max_characters: 51 })).toBe('Please enter less than 51 characters')
    expect(i18nObject('nl').validation.tooLong({ max_characters: 51 })).toBe('Vul minder dan 51 tekens in')
    expect(i18nObject('fr').validation.vatNumberInvalid()).toBe('Numéro de TVA invalide')
  })
})
