/** English: the status pages' words (error, maintenance, the checkout's thank-you and cancel titles) and the info banner's and the footer's (locales/sections.ts LATER_PARTS). */
const words = {
  /** the footer's words besides `rights` (the minimal layout's, a first-load word: locales/sections.ts SPLIT_SECTIONS) */
  footer: {
    links: 'Shop pages',
    tagline: 'Polder — shopping that keeps working offline.',
    stores: 'Our stores',
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
