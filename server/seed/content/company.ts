/**
 * The demo company as its own pages name it: one place for the legal identity, so the imprint,
 * the terms, the privacy policy and the withdrawal form can never disagree. The registered office
 * is the pickup point and the VAT id is the shop's own setting, both taken from DEFAULT_SHOP_DETAILS
 * rather than copied. The registry numbers are fictional; the KBO/BCE number is made to pass its
 * mod-97 check so that it looks like what a Belgian reader expects.
 */
import { DEFAULT_SHOP_DETAILS } from '../../../domain/shop-details'

const pickup = DEFAULT_SHOP_DETAILS.pickup

export const DEMO_COMPANY = {
  /** the beneficiary of the shop's bank account is the company itself */
  legalName: DEFAULT_SHOP_DETAILS.bank.beneficiary,
  office: pickup,
  /** Kamer van Koophandel (Dutch chamber of commerce) registration */
  kvk: '30281947',
  belgianBranch: {
    /** KBO/BCE enterprise number of the branch (bijkantoor / succursale), written 0xxx.xxx.xxx */
    kbo: '0791.234.542',
    street: { nl: 'Korenmarkt 16', fr: 'Korenmarkt 16' },
    postcode: '9000',
    city: { nl: 'Gent', fr: 'Gand' },
  },
  vatId: DEFAULT_SHOP_DETAILS.vat.shopVatId,
  email: 'service@polder.example',
  privacyEmail: 'privacy@polder.example',
  /** shown as written; the tel: link uses the digits */
  phone: '+31 30 204 5060',
  phoneHref: 'tel:+31302045060',
  /** customer service by phone and e-mail, ISO weekdays as in the pickup hours */
  serviceHours: [
    { days: '1-5', open: '09:00', close: '17:30' },
    { days: '6', open: '10:00', close: '14:00' },
  ],
  pickupHours: pickup.hours,
} as const

/** The KBO/BCE check: the first eight digits and the last two add up to a multiple of 97. */
export function kboCheckPasses(number: string): boolean {
  const digits = number.replace(/\D/g, '')
  if (!/^[01]\d{9}$/.test(digits)) return false
  const base = Number(digits.slice(0, 8))
  const check = Number(digits.slice(8))
  return check === 97 - (base % 97)
}
