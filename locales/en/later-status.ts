/** English: the status pages' words (error, maintenance, the checkout's thank-you and cancel titles) and the info banner's and the footer's (locales/sections.ts LATER_PARTS). */
const words = {
  /** the footer's words besides `rights` (the minimal layout's, a first-load word: locales/sections.ts SPLIT_SECTIONS), its newsletter form's and popup's too */
  footer: {
    links: 'Shop pages',
    tagline: 'Polder — shopping that keeps working offline.',
    stores: 'Our stores',
    newsletterTitle: 'Newsletter',
    newsletterText: 'News about new products and offers, by e-mail. We first send you a link to confirm your address.',
    newsletterEmail: 'Your e-mail address',
    newsletterSubmit: 'Subscribe',
    newsletterPending: 'Almost done: confirm your subscription with the link we sent to {email:string}.',
    newsletterSubscribed: '{email:string} is already subscribed to the newsletter.',
    newsletterInvalid: 'Enter a valid e-mail address, such as name@example.be.',
    newsletterOffline: 'You are offline. Subscribe again once you are back online.',
    newsletterFailed: 'That did not work. Please try again in a moment.',
    /** the newsletter popup's (src/components/newsletter-popup-dialog.tsx), with the form's words above */
    popupTitle: 'Get our newsletter',
    popupText: 'New products and offers in your inbox. We first send you a link to confirm your address.',
    popupClose: 'Close the newsletter invitation',
  },
  infoBanner: {
    label: 'Shop news',
    dismiss: 'Close the shop news',
    readMore: 'Read the whole notice',
  },
  statusPages: {
    bankBeneficiary: 'Beneficiary: {name:string}',
    bankIban: 'IBAN: {iban:string}',
    bankBic: 'BIC: {bic:string}',
    bankReference: 'Reference: {reference:string}',
    successTitle: 'Order confirmation',
    successText: 'There is no order to confirm. Your cart is saved.',
    cancelTitle: 'Payment cancelled',
    cancelText: 'Payments are not available yet, so nothing was charged. Your cart is saved.',
    errorTitle: 'Something went wrong',
    errorText: 'An error occurred. Please try again in a few seconds.',
    maintenanceTitle: 'We will be back soon',
    maintenanceText: 'The shop is closed for maintenance. Please try again in a few minutes.',
  },
}

export default words
