/** English: the totals' words (subtotal, shipping, discount, grand total, a line's total): the cart, the checkout and an order show them (locales/sections.ts LATER_PARTS). */
const words = {
  cart: {
    rowTotal: 'Total',
    giftCardLabel: 'Gift card',
  },
  checkout: {
    free: 'Free',
    product: 'Product',
    qty: 'Quantity',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping costs',
    grandTotal: 'Grand total',
  },
}

export default words
