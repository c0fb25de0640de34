import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the totals' words (subtotal, shipping, discount, grand total, a line's total, the shipping and payment methods' names): the cart, the checkout and an order show them (locales/sections.ts LATER_PARTS). */
const words = {
  cart: {
    rowTotal: 'Totaal',
    giftCardLabel: 'Cadeaukaart',
  },
  checkout: {
    method_storepickup: 'Afhalen in de winkel',
    method_flatrate: 'Bezorgen op je adres',
    billingAddress: 'Factuuradres',
    pay_kbc: 'KBC/CBC-betaalknop',
    pay_belfius: 'Belfius-betaalknop',
    pay_creditcard: 'Creditcard of debetkaart',
    pay_payatpickup: 'Betalen bij afhalen',
    pay_cashondelivery: 'Betalen bij levering',
    pay_banktransfer: 'Bankoverschrijving',
    free: 'Gratis',
    product: 'Product',
    qty: 'Aantal',
    subtotal: 'Subtotaal',
    discount: 'Korting',
    shipping: 'Verzendkosten',
    grandTotal: 'Totaal',
  },
  order: {
    pickupAt: 'Haal je bestelling af bij:',
    pickupHours: 'Openingstijden:',
  },
} satisfies LaterPartWords<Translation>
export default words
