/**
 * The B2B rule between Belgium and the Netherlands (be-nl-domain §2.5): goods sold to a company
 * with a valid VAT number of the other country, and sent there, are an intra-community supply at
 * 0 % (reverse charge: the buyer accounts for the VAT) with a notice on the order and invoice.
 * Same country, no number, a number that fails its checksum, or one the registry did not confirm
 * (unavailable, time-out): normal VAT. Zero-rating on a doubt would leave the shop owing the VAT.
 * Pure, no I/O: the registry's answer comes in as an argument.
 */
import type { Country } from './store-views'
import { checkVatNumber, isVatCountry } from './vat-number'

/** Key of the notice text in the dictionaries' `vatCheck` section. */
export const REVERSE_CHARGE_NOTICE_KEY = 'reverseChargeNotice' as const

export interface VatRuleInput {
  /** the country the shop sells from (its own VAT registration) */
  shopCountry: Country
  /** the customer's VAT number as typed, with or without its country prefix */
  vatNumber?: string | null | undefined
  /** the country of the VAT number (the billing address's country when the prefix is left out) */
  vatCountry: string
  /** where the goods go (the shipping address's country); the supply must leave the shop's country */
  destinationCountry: string
  /**
   * what the registry (VIES or its stand-in) said of this number: true valid, false invalid,
   * null not asked or could not verify
   */
  registryValid: boolean | null
}

export type VatTreatmentReason =
  'no-vat-number' | 'invalid-vat-number' | 'same-country' | 'outside-be-nl' | 'goods-stay-in-shop-country' | 'registry-not-confirmed'

export type VatTreatment =
  | { kind: 'normal'; reason: VatTreatmentReason }
  | {
      kind: 'reverse-charge'
      /** the VAT rate to charge on every line and on shipping */
      ratePercent: 0
      /** the customer's VAT id, compact (`NL810433941B01`), to show with the shop's own on the order */
      customerVatId: string
      noticeKey: typeof REVERSE_CHARGE_NOTICE_KEY
    }

export function vatTreatment(input: VatRuleInput): VatTreatment {
  const normal = (reason: VatTreatmentReason): VatTreatment => ({ kind: 'normal', reason })
  if (!input.vatNumber || input.vatNumber.trim() === '') return normal('no-vat-number')
  const vatCountry = input.vatCountry.trim().toUpperCase()
  if (!isVatCountry(vatCountry)) return normal('outside-be-nl')
  const checked = checkVatNumber(vatCountry, input.vatNumber)
  if (!checked.ok) return normal('invalid-vat-number')
  if (checked.countryCode === input.shopCountry) return normal('same-country')
  if (input.destinationCountry.trim().toUpperCase() === input.shopCountry) return normal('goods-stay-in-shop-country')
  if (input.registryValid !== true) return normal(input.registryValid === false ? 'invalid-vat-number' : 'registry-not-confirmed')
  return { kind: 'reverse-charge', ratePercent: 0, customerVatId: checked.vatId, noticeKey: REVERSE_CHARGE_NOTICE_KEY }
}

/**
 * The shop's VAT position, one for the whole shop whatever the store view: the country it
 * is registered in, its VAT id (on a reverse-charge order beside the buyer's), and whether it is past
 * the EU's distance-sales threshold (OSS, be-nl-domain §2.4): then consumers pay the VAT of the
 * country the goods go to, otherwise the shop's own.
 */
export interface VatSettings {
  shopCountry: Country
  shopVatId: string
  oss: boolean
}

/** A Dutch shop past the threshold (a shop selling in both countries soon is); NL004495445B01 is a published test number. */
export const DEFAULT_VAT_SETTINGS: VatSettings = { shopCountry: 'NL', shopVatId: 'NL004495445B01', oss: true }

/** The country whose rates a consumer pays for goods going to `destination`. */
export function consumerVatCountry(settings: Pick<VatSettings, 'shopCountry' | 'oss'>, destination: string): string {
  return settings.oss ? destination.toUpperCase() : settings.shopCountry
}

/**
 * What the shop records of an order's VAT decision (in its totals, `vat_decision`): the treatment,
 * and for a reverse charge both VAT ids, which the mail shows with the note of the shop's law.
 */
export interface OrderVatDecision {
  kind: VatTreatment['kind']
  reason?: VatTreatmentReason
  customer_vat_id?: string
  shop_vat_id?: string
}
