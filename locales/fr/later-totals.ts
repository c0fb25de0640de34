import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the totals' words (subtotal, shipping, discount, grand total, a line's total, the shipping and payment methods' names): the cart, the checkout and an order show them (locales/sections.ts LATER_PARTS). */
const words = {
  cart: {
    rowTotal: 'Total',
    giftCardLabel: 'Carte cadeau',
  },
  checkout: {
    method_storepickup: 'Retrait en magasin',
    method_flatrate: 'Livraison à votre adresse',
    billingAddress: 'Adresse de facturation',
    pay_kbc: 'Bouton de paiement KBC/CBC',
    pay_belfius: 'Bouton de paiement Belfius',
    pay_creditcard: 'Carte de crédit ou de débit',
    pay_payatpickup: 'Paiement au retrait',
    pay_cashondelivery: 'Paiement à la livraison',
    pay_banktransfer: 'Virement bancaire',
    free: 'Gratuit',
    product: 'Produit',
    qty: 'Quantité',
    subtotal: 'Sous-total',
    discount: 'Remise',
    shipping: 'Frais de livraison',
    grandTotal: 'Total',
  },
  order: {
    pickupAt: 'Retrait de votre commande\u202f:',
    pickupHours: 'Heures d’ouverture\u202f:',
  },
} satisfies LaterPartWords<Translation>
export default words
