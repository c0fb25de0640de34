/** English: the cookie consent banner and the footer's way back to it (locales/sections.ts LATER_PARTS), loaded with the banner. */
const words = {
  consent: {
    title: 'Cookies in this shop',
    intro:
      'Necessary cookies keep your cart, your sign-in and this choice. With your consent we also use analytics cookies, to see how the shop is used, and marketing cookies, to measure our ads. You can change your choice at any time with Cookie settings at the bottom of the page.',
    necessaryOnly: 'Necessary only',
    acceptAll: 'Accept all',
    choose: 'Choose',
    save: 'Save my choice',
    categories: 'Cookie categories',
    necessary: 'Necessary',
    necessaryHint: 'Always on: the cart, the sign-in and this choice.',
    analytics: 'Analytics',
    analyticsHint: 'How the shop is used, counted with Google Tag Manager and Google Analytics.',
    marketing: 'Marketing',
    marketingHint: 'Whether our ads bring visits and orders.',
    settings: 'Cookie settings',
  },
}

export default words
