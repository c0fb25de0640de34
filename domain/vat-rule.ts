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

/** A stored order's reverse charge, with both VAT ids, as the shop's answers carry it (none: VAT was charged). */
export function reverseChargeAnswer(totals: unknown): { reverse_charge?: { customer_vat_id: string; shop_vat_id: string } } {
  const decision = (totals as { vat_decision?: OrderVatDecision } | null)?.vat_decision
  if (decision?.kind !== 'reverse-charge' || !decision.customer_vat_id || !decision.shop_vat_id) return {}
  return { reverse_charge: { customer_vat_id: decision.customer_vat_id, shop_vat_id: decision.shop_vat_id } }
}

/** What the VAT decision needs to know of a buyer and where their goods go. */
export interface BuyerVat {
  /** the buyer's VAT number as typed, if any */
  vatNumber?: string | null | undefined
  /** the billing address's country */
  vatCountry: string
  /** where the goods go (vatDestination) */
  destination: string
  /** the registry's word on the number: true valid, false invalid, null not asked or could not say */
  registryValid: boolean | null
}

/** The shop's VAT decision for a buyer: what it records, the country whose rates apply, and whether none is charged. */
export interface VatDecision {
  decision: OrderVatDecision
  country: string
  reverseCharge: boolean
}

/**
 * The VAT a cart or order pays, the shop's decision for every store view: a business of another
 * country with a number the registry confirmed pays none for goods sent there (the reverse charge);
 * a consumer pays the destination's VAT past the OSS threshold, else the shop's. The cart's totals
 * and the order decide with this one function, so what the checkout shows is what is charged.
 */
export function decideVat(settings: VatSettings, buyer: BuyerVat): VatDecision {
  const treatment = vatTreatment({
    shopCountry: settings.shopCountry,
    vatNumber: buyer.vatNumber,
    vatCountry: buyer.vatCountry,
    destinationCountry: buyer.destination,
    registryValid: buyer.registryValid,
  })
  if (treatment.kind === 'reverse-charge') {
    return {
      decision: { kind: 'reverse-charge', customer_vat_id: treatment.customerVatId, shop_vat_id: settings.shopVatId },
      country: buyer.destination.toUpperCase(),
      reverseCharge: true,
    }
  }
  return { decision: { kind: 'normal', reason: treatment.reason }, country: consumerVatCountry(settings, buyer.destination), reverseCharge: false }
}

/**
 * Where the goods go, for VAT: nowhere for a virtual cart (the billing address's country counts),
 * the shop's own country for a store pickup (the goods are handed over there), else the delivery
 * address's country.
 */
export function vatDestination(
  shopCountry: string,
  how: { virtual: boolean; pickup: boolean; deliveryCountry: string | null | undefined; billingCountry: string },
): string {
  if (how.virtual) return how.billingCountry
  if (how.pickup) return shopCountry
  return how.deliveryCountry ?? how.billingCountry
}
