/**
 * The checkout details in the `session` collection (record `checkout`), written on every change so a
 * reload or an offline spell loses nothing (spec §7: checkout details are saved locally on change).
 * The password of "create an account" is never stored. Spec §4 "In checkout": the shopper is in
 * checkout while the last change is less than 30 minutes old (spec §9: 1,800,000 ms).
 */
import { applyCheckoutPatch } from '../../domain/checkout'
import type { Country } from '../../domain/store-views'
import type { CheckoutDetails, CheckoutPatch, CheckoutRecordView } from '../contract/checkout'
import type { PolderDatabase } from '../db/database'
import { modifySessionRecord, recordValue } from '../db/session-records'

export const CHECKOUT_STATE_ID = 'checkout'
export const IN_CHECKOUT_WINDOW_MS = 30 * 60 * 1000

export interface StoredCheckout {
  details: CheckoutDetails
  modifiedAt: number | null
  lastOrderId: string | null
}

export function emptyCheckout(country: Country): CheckoutDetails {
  const address = { firstName: '', lastName: '', country, street: '', houseNumber: '', addition: '', postcode: '', city: '', phone: '' }
  return {
    personalDetails: { firstName: '', lastName: '', emailAddress: '', createAccount: false },
    shippingDetails: { ...address, shippingMethod: null },
    paymentDetails: { ...address, sameAsShipping: true, company: '', vatId: '', paymentMethod: null },
    termsAccepted: false,
  }
}

/** The checkout record's stored value (none yet: the empty details for the store view's country). */
export function toStoredCheckout(stored: Record<string, unknown> | undefined, country: Country): StoredCheckout {
  const value = (stored ?? {}) as Partial<StoredCheckout>
  const empty = emptyCheckout(country)
  const details = value.details
  return {
    details: {
      personalDetails: { ...empty.personalDetails, ...details?.personalDetails },
      shippingDetails: { ...empty.shippingDetails, ...details?.shippingDetails },
      paymentDetails: { ...empty.paymentDetails, ...details?.paymentDetails },
      termsAccepted: details?.termsAccepted ?? false,
    },
    modifiedAt: value.modifiedAt ?? null,
    lastOrderId: value.lastOrderId ?? null,
  }
}

export function toCheckoutView(stored: StoredCheckout, now: number): CheckoutRecordView {
  return { ...stored, inCheckout: stored.modifiedAt !== null && now - stored.modifiedAt < IN_CHECKOUT_WINDOW_MS }
}

/** Reads and writes the record; `country` is the store view's default for a fresh checkout. */
export class CheckoutStore {
  constructor(
    private readonly db: PolderDatabase,
    private readonly country: Country,
    private readonly now: () => number,
  ) {}

  async get(): Promise<StoredCheckout> {
    const doc = await this.db.session.findOne(CHECKOUT_STATE_ID).exec()
    return toStoredCheckout(recordValue(doc), this.country)
  }

  /** Applies the patch to the details stored at the moment of the write: overlapping patches are all kept. */
  async update(patch: CheckoutPatch): Promise<StoredCheckout> {
    return this.modify((current) => ({ ...current, details: applyCheckoutPatch(current.details, patch), modifiedAt: this.now() }))
  }

  async forget(): Promise<void> {
    await this.db.session.findOne(CHECKOUT_STATE_ID).remove()
  }

  /** `forgetDetails`: the details go with the order (a kiosk: the next shopper starts from nothing). */
  async setLastOrder(orderId: string, forgetDetails = false): Promise<void> {
    await this.modify((current) =>
      forgetDetails ? { details: emptyCheckout(this.country), modifiedAt: null, lastOrderId: orderId } : { ...current, lastOrderId: orderId },
    )
  }

  private async modify(change: (current: StoredCheckout) => StoredCheckout): Promise<StoredCheckout> {
    return modifySessionRecord(this.db, CHECKOUT_STATE_ID, (value) => change(toStoredCheckout(value, this.country)))
  }
}
