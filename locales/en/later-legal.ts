/** English: the legal pages' words (terms, privacy statement) (locales/sections.ts LATER_PARTS). */
const words = {
  /** seeded terms and privacy pages (the CMS takes them over later) */
  legal: {
    termsTitle: 'Terms and conditions',
    terms1: 'These terms apply to every order placed at Polder. Prices include VAT and are shown in euro.',
    terms2: 'An order is binding once the shop has confirmed it with an order number. Orders placed offline are confirmed when they reach the shop.',
    terms3:
      'You may return products within 14 days of receipt, unused and in their original packaging. We refund the purchase price within 14 days of receiving the return.',
    privacyTitle: 'Privacy policy',
    privacy1: 'We use your name, address, e-mail address and phone number only to deliver your order and to contact you about it.',
    privacy2: 'Your cart and checkout details are saved on your own device so that nothing is lost when your connection drops.',
    privacy3: 'You may ask us at any time which data we keep about you, and have it corrected or deleted.',
  },
}

export default words
