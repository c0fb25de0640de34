/**
 * The payment methods a cart offers (contract §2.2 `[{code, title}]`, be-nl-domain §4.2): the eight
 * BE/NL methods of the payment provider, iDEAL first for the Netherlands and Bancontact first for
 * Belgium, then the ones paid outside it: pay at pickup with store pickup, cash on delivery with a
 * delivery, neither for a virtual cart (spec §5: cash on delivery is hidden when nothing is shipped).
 * iDEAL has no bank picker (iDEAL 2.0, be-nl-domain §4.3).
 */
import { z } from 'zod'

export const PaymentMethodSchema = z.object({ code: z.string(), title: z.string() })
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

/** The provider's methods: our code, the title, and the MultiSafepay gateway ids (be-nl-domain §4.2). */
export const PROVIDER_PAYMENT_METHODS = [
  { code: 'ideal', title: 'iDEAL', gateways: ['IDEAL'] },
  { code: 'bancontact', title: 'Bancontact', gateways: ['MISTERCASH'] },
  { code: 'kbc', title: 'KBC/CBC Payment Button', gateways: ['KBC', 'CBC'] },
  { code: 'belfius', title: 'Belfius Pay Button', gateways: ['BELFIUS'] },
  { code: 'creditcard', title: 'Credit or debit card', gateways: ['CREDITCARD'] },
  { code: 'paypal', title: 'PayPal', gateways: ['PAYPAL'] },
  { code: 'wallet', title: 'Apple Pay / Google Pay', gateways: ['APPLEPAY', 'GOOGLEPAY'] },
  { code: 'banktransfer', title: 'Bank transfer', gateways: ['BANKTRANS'] },
] as const

export const PAY_AT_PICKUP: PaymentMethod = { code: 'payatpickup', title: 'Pay at pickup' }
export const CASH_ON_DELIVERY: PaymentMethod = { code: 'cashondelivery', title: 'Cash on delivery' }

/** The methods each country's shoppers look for first. */
const FIRST: Record<string, readonly string[]> = { NL: ['ideal'], BE: ['bancontact', 'kbc', 'belfius'] }

export interface PaymentContext {
  /** the cart needs no shipping */
  virtual: boolean
  /** the country the cart ships (or bills) to */
  country: string
  /** the chosen shipping carrier: storepickup or flatrate */
  shippingCarrierCode: string
}

export function paymentMethodsFor(context: PaymentContext): PaymentMethod[] {
  const first = FIRST[context.country.toUpperCase()] ?? []
  const rank = (code: string) => (first.includes(code) ? first.indexOf(code) : first.length)
  // a stable sort: the others keep the list's order
  const provider = [...PROVIDER_PAYMENT_METHODS].sort((a, b) => rank(a.code) - rank(b.code)).map(({ code, title }) => ({ code, title }))
  if (context.virtual) return provider
  return [...provider, context.shippingCarrierCode === 'storepickup' ? PAY_AT_PICKUP : CASH_ON_DELIVERY]
}
