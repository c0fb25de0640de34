import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the totals' words (subtotal, shipping, discount, grand total, a line's total): the cart, the checkout and an order show them (locales/sections.ts LATER_PARTS). */
const words = {
  cart: {
    rowTotal: 'Total',
    giftCardLabel: 'Carte cadeau',
  },
  checkout: {
    free: 'Gratuit',
    product: 'Produit',
    qty: 'Quantité',
    subtotal: 'Sous-total',
    discount: 'Remise',
    shipping: 'Frais de livraison',
    grandTotal: 'Total',
  },
} satisfies LaterPartWords<Translation>

export default words
