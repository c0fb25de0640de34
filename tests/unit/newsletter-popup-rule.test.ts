/** When the newsletter popup opens: once per shopper, on the second page or after the delay, never where the shopper is busy. */
import { describe, expect, it } from 'vitest'
import {
  isBusyPage,
  NEWSLETTER_POPUP_DELAY_MS,
  readNewsletterPopupAnswer,
  shouldShowNewsletterPopup,
  type NewsletterPopupSituation,
} from '../../src/ui/newsletter-popup-rule'

/** a guest's second page of a visit that just began, never answered */
const second: NewsletterPopupSituation = { stored: null, path: '/c/women-12', pageViews: 2, elapsedMs: 4_000, shopper: 'guest' }

describe('newsletter popup rule', () => {
  it("opens on a guest's second page, not on the first before the delay", () => {
    expect(shouldShowNewsletterPopup(second)).toBe(true)
    expect(shouldShowNewsletterPopup({ ...second, pageViews: 1 })).toBe(false)
    expect(shouldShowNewsletterPopup({ ...second, pageViews: 5 })).toBe(true)
  })

  it('opens on the first page once the delay has run out, not a moment before', () => {
    const first = { ...second, pageViews: 1 }
    expect(shouldShowNewsletterPopup({ ...first, elapsedMs: NEWSLETTER_POPUP_DELAY_MS - 1 })).toBe(false)
    expect(shouldShowNewsletterPopup({ ...first, elapsedMs: NEWSLETTER_POPUP_DELAY_MS })).toBe(true)
  })

  it('never opens again once answered, whatever the answer', () => {
    for (const stored of ['shown', 'subscribed', 'closed']) {
      expect(readNewsletterPopupAnswer(stored)).toBe(stored)
      expect(shouldShowNewsletterPopup({ ...second, stored, elapsedMs: NEWSLETTER_POPUP_DELAY_MS * 10 })).toBe(false)
    }
    // something else under the key is no answer
    expect(readNewsletterPopupAnswer('yes')).toBeNull()
    expect(shouldShowNewsletterPopup({ ...second, stored: 'yes' })).toBe(true)
  })

  it('never opens on the cart, the checkout and its returns, the account pages or setting a password', () => {
    for (const path of [
      '/checkout',
      '/checkout/cart',
      '/success',
      '/cancel',
      '/error',
      '/my-account',
      '/my-account/newsletter',
      '/create-password/token/t/email/e',
      '/auth/callback/google',
    ]) {
      expect(isBusyPage(path), path).toBe(true)
      expect(shouldShowNewsletterPopup({ ...second, path, pageViews: 3, elapsedMs: NEWSLETTER_POPUP_DELAY_MS }), path).toBe(false)
    }
    for (const path of ['/', '/c/women-12', '/p/MS01/shirt', '/search/shirt', '/blog', '/i/about-us', '/checkout-tips', '/wishlist']) {
      expect(isBusyPage(path), path).toBe(false)
    }
  })

  it('opens for a customer not on the list, never for one subscribed (or waiting to confirm), waits while it is not known', () => {
    expect(shouldShowNewsletterPopup({ ...second, shopper: 'notSubscribed' })).toBe(true)
    expect(shouldShowNewsletterPopup({ ...second, shopper: 'subscribed' })).toBe(false)
    expect(shouldShowNewsletterPopup({ ...second, shopper: 'unknown' })).toBe(false)
  })
})
