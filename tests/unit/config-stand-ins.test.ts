/**
 * The start's settings for the outside services: every stand-in in use is named; production refuses
 * the ones that take fake payments or let anyone in as a test identity unless a setting says so; a
 * real payment provider needs the shop's public address.
 */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'

const real = {
  PAYMENT_PROVIDER: 'multisafepay',
  MULTISAFEPAY_API_KEY: 'key',
  PUBLIC_URL: 'https://shop.example',
  GOOGLE_CLIENT_ID: 'g',
  GOOGLE_CLIENT_SECRET: 'gs',
  FACEBOOK_CLIENT_ID: 'f',
  FACEBOOK_CLIENT_SECRET: 'fs',
}

describe('stand-ins', () => {
  it('names every stand-in in use; with the real services, only those still standing in', () => {
    expect(loadConfig({}).standIns).toEqual([
      'payment sandbox (takes no real money)',
      'google login stand-in (fixed test identities)',
      'facebook login stand-in (fixed test identities)',
      'VAT register stand-in',
      'mail outbox (files, nothing is sent)',
    ])
    expect(loadConfig({ ...real, VIES_URL: 'https://vies.example', SMTP_URL: 'smtp://mail.example:587' }).standIns).toEqual([])
  })

  it('production refuses the payment sandbox and the login stand-ins, unless ALLOW_STAND_INS says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError)
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/payment sandbox.*google login.*ALLOW_STAND_INS/)
    expect(() => loadConfig({ ...real, NODE_ENV: 'production', GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' })).toThrow(/google login/)
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_STAND_INS: 'true' }).payment.provider).toBe('sandbox')
    // the VAT register and the mail outbox are not fake money or fake people: production may use them
    expect(loadConfig({ ...real, NODE_ENV: 'production' }).standIns).toEqual(['VAT register stand-in', 'mail outbox (files, nothing is sent)'])
    expect(loadConfig({ NODE_ENV: 'development' }).payment.provider).toBe('sandbox')
  })

  it('a real payment provider needs PUBLIC_URL: its callbacks never go to a host a request named', () => {
    expect(() => loadConfig({ ...real, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL: is required when PAYMENT_PROVIDER=multisafepay/)
  })
})
