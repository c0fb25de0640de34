/**
 * How long an unpaid order holds its stock, by how it is to be paid. An order waits for its money
 * as 'pending_payment' (through the payment provider) or 'pending' (paid outside it: domain/order
 * OFFLINE_PAYMENT_METHODS); once its hold has ended, nobody paid it, and the shop cancels it and gives
 * its stock back (server: the payment service's expireUnpaid, after asking the provider).
 *
 * 0 means for ever: an order paid on delivery is shipped before it is paid.
 */
export interface UnpaidHolds {
  /** iDEAL, Bancontact, cards, PayPal, wallets: the provider's page expires within the hour */
  providerMinutes: number
  /** the shop's bank account: a transfer takes a working day or two */
  bankTransferDays: number
  /** paid at the counter when it is picked up */
  pickupDays: number
  cashOnDeliveryDays: number
}

export const DEFAULT_UNPAID_HOLDS: UnpaidHolds = { providerMinutes: 120, bankTransferDays: 7, pickupDays: 14, cashOnDeliveryDays: 0 }

/** One kind of waiting order and its hold: its status, its methods (null: every method), in ms (> 0). */
export interface HoldGroup {
  status: 'pending_payment' | 'pending'
  methods: readonly string[] | null
  ms: number
  /** for the order's comment: "2 hours", "7 days" */
  label: string
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`
const minutes = (n: number) => (n % 60 === 0 ? `${n / 60} hour${n === 60 ? '' : 's'}` : `${n} minutes`)

/** The groups whose hold ends (those set to 0 never do). */
export function holdGroups(holds: UnpaidHolds): HoldGroup[] {
  const groups: HoldGroup[] = [
    { status: 'pending_payment', methods: null, ms: holds.providerMinutes * MINUTE, label: minutes(holds.providerMinutes) },
    { status: 'pending', methods: ['banktransfer'], ms: holds.bankTransferDays * DAY, label: days(holds.bankTransferDays) },
    { status: 'pending', methods: ['payatpickup'], ms: holds.pickupDays * DAY, label: days(holds.pickupDays) },
    { status: 'pending', methods: ['cashondelivery'], ms: holds.cashOnDeliveryDays * DAY, label: days(holds.cashOnDeliveryDays) },
  ]
  return groups.filter((g) => g.ms > 0)
}
