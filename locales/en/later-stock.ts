/** English: the back-in-stock form's words (locales/sections.ts LATER_PARTS), loaded with the form on an out-of-stock product. */
const words = {
  stockAlert: {
    /** the form beside a product's disabled add-to-cart button */
    title: 'Notify me when it is back',
    intro: 'Leave your e-mail address and we will mail you once when this product is back in stock.',
    email: 'E-mail address',
    submit: 'Notify me',
    /** the request is stored on the device and sent once (at once when online) */
    sent: 'Thank you. We will mail {email:string} once when it is back in stock.',
    emailInvalid: 'Please enter a valid e-mail address, such as name@example.com.',
    failed: 'Your request could not be saved. Please try again.',
  },
}

export default words
