import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the totals' words (subtotal, shipping, discount, grand total, a line's total): the cart, the checkout and an order show them (locales/sections.ts LATER_PARTS). */
const words = {
  cart: {
    rowTotal: 'Totaal',
    giftCardLabel: 'Cadeaukaart',
  },
  checkout: {
    free: 'Gratis',
    product: 'Product',
    qty: 'Aantal',
    subtotal: 'Subtotaal',
    discount: 'Korting',
    shipping: 'Verzendkosten',
    grandTotal: 'Totaal',
  },
} satisfies LaterPartWords<Translation>

export default words
