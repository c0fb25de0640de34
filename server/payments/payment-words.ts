/**
 * The words of the sandbox's payment page and of the order mail, from the app's dictionaries
 * through typesafe-i18n's i18nObject (as page-head-words.ts does), in the store view's language.
 */
import { i18nObject } from '../../locales/i18n-util'
import { loadAllLocales } from '../../locales/i18n-util.sync'
import { PROVIDER_PAYMENT_METHODS } from '../../domain/payment-methods'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'

loadAllLocales()

export function wordsFor(storeCode: StoreCode) {
  return i18nObject(STORE_VIEWS[storeCode].dictionary)
}
export type ShopWords = ReturnType<typeof wordsFor>

/**
 * A payment method's name in the store view's language (the checkout's words: one name in the app,
 * on the sandbox's page and in the mails); the code itself only for a method the shop does not know.
 */
export function methodName(words: ShopWords, code: string): string {
  // paid in full by gift cards (domain/gift-card-payment)
  if (code === 'free') return words.cart.giftCardLabel()
  const names = words.checkout as unknown as Record<string, (() => string) | undefined>
  // brand names are the same in every language: the provider's own title
  return names[`pay_${code}`]?.() ?? PROVIDER_PAYMENT_METHODS.find((m) => m.code === code)?.title ?? code
}

/** Escapes text for HTML element content and attribute values (the one of the app's page heads). */
export { escapeHtml } from '../http/page-head-html'
