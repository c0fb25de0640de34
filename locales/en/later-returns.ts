/** English: the return form's words (locales/sections.ts LATER_PARTS), loaded with the form (my-account's order page, /submit-return). */
const words = {
  returns: {
    /** the order page's action, and the form's heading */
    action: 'Return items',
    until: 'You can return items of this order until {date:string}. Choose what you send back and why.',
    loading: 'Loading what you can return…',
    colProduct: 'Product',
    colQty: 'Quantity to return',
    qtyLabel: 'Quantity of {name:string} to return (at most {max:number})',
    reason: 'Reason for the return',
    reason_changed_mind: 'I changed my mind',
    reason_wrong_size: 'Wrong size or fit',
    reason_damaged: 'Damaged or defective',
    reason_wrong_item: 'Not what I ordered',
    reason_not_as_described: 'Not as described',
    reason_other: 'Another reason',
    submit: 'Send return',
    sending: 'Sending…',
    sent: 'Thank you. Your return number is {number:string}. We have mailed you what to do next.',
    nothingChosen: 'Choose at least one item to return.',
    nothingLeft: 'Everything of this order has been returned already.',
    noOrder: 'To return items, open the link in your order confirmation mail, or log in and choose the order under My orders.',
    error_offline: 'You are offline. A return needs a connection: please try again once you are online.',
    error_notFound: 'We could not find this order. Use the link in your order mail, or log in to return items from your account.',
    error_notLoggedIn: 'Please log in to return items of this order.',
    error_notDelivered: 'This order has not been delivered yet: you can return items once it has.',
    error_periodOver: 'The return period of this order is over.',
    error_invalid: 'This return could not be taken. Please check the quantities and try again.',
    error_tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    error_serverError: 'Something went wrong. Please try again.',
  },
}

export default words
