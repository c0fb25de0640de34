/** English words of SERVER_SECTIONS (locales/sections.ts): mails and page heads, which only the server uses. */
const server = {
  /** what search engines and link previews show (server/services/page-head.ts reads these) */
  seo: {
    homeDescription: 'Clothing and more for Belgium and the Netherlands, prices incl. VAT. Polder keeps working when your connection drops.',
    productDescription: '{name:string} at Polder, delivered in Belgium and the Netherlands.',
    categoryDescription: '{name:string} at Polder: prices incl. VAT, delivered in Belgium and the Netherlands.',
    searchDescription: 'Products matching “{query:string}” at Polder.',
  },
  /** the order confirmation mail (server/mail) */
  orderMail: {
    subject: 'Your order {orderNumber:string} at Polder',
    greeting: 'Dear {name:string},',
    thanks: 'Thank you for your order. We have received it and are getting it ready.',
    paidThanks: 'Thank you for your order. We have received your payment and are getting your order ready.',
    orderNumber: 'Order number: {orderNumber:string}',
    orderDate: 'Order date: {date:string}',
    lines: 'Your order',
    line: '{qty:number} × {name:string}: {amount:string}',
    paymentMethod: 'Payment method: {method:string}',
    shippingAddress: 'Delivery address',
    billingAddress: 'Billing address',
    closing: 'Kind regards,',
  },
  accountMail: {
    greeting: 'Dear {name:string},',
    resetSubject: 'A new password for your Polder account',
    resetIntro: 'We were asked to set a new password for the account of {email:string}.',
    resetAction: 'Choose your new password here:',
    resetExpiry: 'This link works once, within {hours:number} hours.',
    resetIgnore: 'Did you not ask for this? Then ignore this mail: your password stays as it is.',
    welcomeSubject: 'Welcome to Polder',
    welcomeIntro: 'Thank you for creating an account. You can now sign in with {email:string}.',
    welcomeAccount: 'Your orders, addresses and details are in your account:',
    closing: 'Kind regards,',
  },
  newsletterMail: {
    subject: 'Confirm your subscription to the Polder newsletter',
    greeting: 'Hello,',
    intro: 'We were asked to send the Polder newsletter to {email:string}.',
    action: 'Confirm your subscription here:',
    expiry: 'This link works once, within {days:number} days.',
    ignore: 'Did you not ask for this? Then ignore this mail: you will not be subscribed.',
    closing: 'Kind regards,',
    confirmTitle: 'Confirm your newsletter subscription',
    confirmText: 'Send the Polder newsletter to {email:string}?',
    confirmButton: 'Confirm subscription',
    confirmedTitle: 'You are subscribed',
    confirmedText: 'Thank you: {email:string} now receives the Polder newsletter.',
    invalidTitle: 'This link no longer works',
    invalidText: 'The link was used already or has expired. Subscribe again to get a new one.',
    backToShop: 'Back to the shop',
  },
}

export default server
