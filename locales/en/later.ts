import account from './later-account.js'
import blog from './later-blog.js'
import cart from './later-cart.js'
import checkout from './later-checkout.js'
import consent from './later-consent.js'
import orders from './later-orders.js'
import privacy from './later-privacy.js'
import returns from './later-returns.js'
import kiosk from './later-kiosk.js'
import reviews from './later-reviews.js'
import status from './later-status.js'
import stock from './later-stock.js'
import totals from './later-totals.js'

/**
 * English words of LATER_SECTIONS (locales/sections.ts), loaded after the first page, part by part
 * (LATER_PARTS: each page loads the parts it shows, src/dictionary.ts). Written in later-<part>.ts;
 * joined here for the whole dictionary (index.ts) and its types.
 */
const later = {
  microcart: cart.microcart,
  cart: { ...cart.cart, ...totals.cart },
  checkout: { ...account.checkout, ...totals.checkout, ...checkout.checkout },
  order: { ...orders.order, ...totals.order },
  statusPages: status.statusPages,
  infoBanner: status.infoBanner,
  footer: status.footer,
  createPassword: account.createPassword,
  socialLogin: account.socialLogin,
  validation: account.validation,
  vatCheck: account.vatCheck,
  privacyPages: privacy.privacyPages,
  blog: blog.blog,
  stockAlert: stock.stockAlert,
  reviews: reviews.reviews,
  consent: consent.consent,
  returns: returns.returns,
  kiosk: kiosk.kiosk,
  account: account.account,
  orders: orders.orders,
  messages: { ...account.messages, ...cart.messages },
}

export default later
