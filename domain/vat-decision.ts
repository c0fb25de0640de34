/**
 * The shop's VAT decision for a cart or an order, from the rules of domain/vat-rule: which country's
 * rates apply, whether the VAT comes off (a reverse charge), and what the shop records and answers of
 * it. The server and the data worker use it; the checkout page needs only vatTreatment (kept apart so
 * its first load stays small).
 */
import { consumerVatCountry, vatTreatment, type OrderVatDecision, type VatSettings } from './vat-rule'

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
