import { describe, expect, it } from 'vitest'
import { ALL_COOKIES, CONSENT_VERSION, consentRecord, NECESSARY_ONLY, parseConsent } from '../../src/consent/consent-record'

describe('the remembered cookie answer', () => {
  it('reads back what it wrote, with its version and time', () => {
    const record = consentRecord({ analytics: true, marketing: false }, new Date('2026-12-07T10:00:00Z'))
    expect(parseConsent(JSON.stringify(record))).toEqual({ version: CONSENT_VERSION, analytics: true, marketing: false, decidedAt: '2026-12-07T10:00:00.000Z' })
    expect(parseConsent(JSON.stringify(consentRecord(ALL_COOKIES, new Date(0))))).toMatchObject({ analytics: true, marketing: true })
    expect(parseConsent(JSON.stringify(consentRecord(NECESSARY_ONLY, new Date(0))))).toMatchObject({ analytics: false, marketing: false })
  })

  it('counts as no answer: nothing stored, another version, a category missing or not a flag, text that is not JSON', () => {
    expect(parseConsent(null)).toBeNull()
    expect(parseConsent('')).toBeNull()
    expect(parseConsent(JSON.stringify({ version: CONSENT_VERSION + 1, analytics: true, marketing: true }))).toBeNull()
    expect(parseConsent(JSON.stringify({ version: CONSENT_VERSION, analytics: true }))).toBeNull()
    expect(parseConsent(JSON.stringify({ version: CONSENT_VERSION, analytics: 'yes', marketing: false }))).toBeNull()
    expect(parseConsent('{not json')).toBeNull()
    expect(parseConsent('null')).toBeNull()
  })
})
