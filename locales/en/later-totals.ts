/** English: the totals' words (subtotal, shipping, discount, grand total, a line's total, the shipping and payment methods' names): the cart, the checkout and an order show them (locales/sections.ts LATER_PARTS). */
const words = {
  cart: {
    rowTotal: 'Total',
    giftCardLabel: 'Gift card',
  },
  checkout: {
    method_storepickup: 'Store pickup',
    method_flatrate: 'Delivery to your address',
    billingAddress: 'Billing address',
    pay_kbc: 'KBC/CBC Payment Button',
    pay_belfius: 'Belfius Pay Button',
    pay_creditcard: 'Credit or debit card',
    pay_payatpickup: 'Pay at pickup',
    pay_cashondelivery: 'Cash on delivery',
    pay_banktransfer: 'Bank transfer',
    free: 'Free',
    product: 'Product',
    qty: 'Quantity',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping costs',
    grandTotal: 'Grand total',
  },
  order: {
    pickupAt: 'Pick up your order at:',
    pickupHours: 'Opening hours:',
  },
}
export default words
