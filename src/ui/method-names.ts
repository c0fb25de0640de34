/**
 * Shipping and payment methods by their names in the store view's language (no English method name and
 * no raw code where a shopper reads): the checkout's words, the same the server
 * writes in its mails and on the sandbox's page. A method the shop does not know keeps the title it came with.
 */
import type { TranslationFunctions } from '../../locales/i18n-types'

export function paymentMethodName(LL: TranslationFunctions, code: string, title: string): string {
  // each word named (not LL.checkout[key]): the build's check of which words a page loads reads the
  // calls. Brand names (iDEAL, Bancontact, PayPal, Apple Pay / Google Pay) are the same in every language: their title
  const names: Record<string, () => string> = {
    // paid in full by gift cards: domain/gift-card-payment's GIFT_CARD_PAYMENT_METHOD (not imported: a
    // chunk of its own on the order pages, past their budget)
    free: LL.cart.giftCardLabel,
    kbc: LL.checkout.pay_kbc,
    belfius: LL.checkout.pay_belfius,
    creditcard: LL.checkout.pay_creditcard,
    banktransfer: LL.checkout.pay_banktransfer,
    payatpickup: LL.checkout.pay_payatpickup,
    cashondelivery: LL.checkout.pay_cashondelivery,
  }
  return Object.hasOwn(names, code) ? names[code]!() : title
}

export function shippingMethodName(LL: TranslationFunctions, carrierCode: string, title: string): string {
  if (carrierCode === 'storepickup') return LL.checkout.method_storepickup()
  if (carrierCode === 'flatrate') return LL.checkout.method_flatrate()
  return title
}
