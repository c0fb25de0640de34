/**
 * Shipping and payment methods by their names in the store view's language (issue 35: no English
 * method name and no raw code where a shopper reads): the checkout's words, the same the server
 * writes in its mails and on the sandbox's page. A method the shop does not know keeps the title it came with.
 */
import { GIFT_CARD_PAYMENT_METHOD } from '../../domain/gift-card-payment'
import type { TranslationFunctions } from '../../locales/i18n-types'

export function paymentMethodName(LL: TranslationFunctions, code: string, title: string): string {
  if (code === GIFT_CARD_PAYMENT_METHOD) return LL.cart.giftCardLabel()
  const names = LL.checkout as unknown as Record<string, (() => string) | undefined>
  return names[`pay_${code}`]?.() ?? title
}

export function shippingMethodName(LL: TranslationFunctions, carrierCode: string, title: string): string {
  if (carrierCode === 'storepickup') return LL.checkout.method_storepickup()
  if (carrierCode === 'flatrate') return LL.checkout.method_flatrate()
  return title
}
