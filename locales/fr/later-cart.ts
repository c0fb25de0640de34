import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the cart page's and the microcart's words (locales/sections.ts LATER_PARTS). */
const words = {
  /** the notifications of the cart page and the checkout: coupons and gift cards (locales/sections.ts SPLIT_SECTIONS) */
  messages: {
    // raised by a store switch's cart handoff on the new store view's first page: the notifications region loads this part for them
    cartLineNotSoldHere: "{name} n'est pas vendu dans cette boutique et n'a pas été ajouté à votre panier.",
    cartLineNotMovedHere: "{name} ne peut pas être commandé dans cette boutique pour l'instant et n'a pas été ajouté à votre panier.",
    stockLimited: 'Plus que {available} en stock\u202f: {added} ajouté(s) à votre panier.',
    couponApplied: 'Vous avez utilisé le code promo « {code} ».',
    couponRemoved: 'Vous avez annulé le code promo.',
    couponInvalid: "Le code promo n'est pas valide. Vérifiez le code et réessayez.",
    couponOffline: 'Les codes promo ne peuvent être ajoutés ou retirés qu’en ligne. Réessayez dès votre retour en ligne.',
    giftCardApplied: 'Carte cadeau ajoutée avec succès\u202f!',
    giftCardRemoved: 'Carte cadeau retirée avec succès\u202f!',
    giftCardUnknown: "Le code de cette carte cadeau n'est pas valide. Vérifiez le code et réessayez.",
    giftCardUsed: "Cette carte cadeau n'a plus de solde.",
    giftCardExpired: 'Cette carte cadeau a expiré.',
    giftCardDisabled: 'Cette carte cadeau ne peut pas être utilisée.',
    giftCardRefused: "Cette carte cadeau n'a pas pu être ajoutée à votre panier.",
    giftCardOffline: 'Les cartes cadeaux nécessitent une connexion\u202f: la boutique vérifie le solde de la carte. Réessayez dès votre retour en ligne.',
  },
  microcart: {
    /** one chosen option of a cart line (French puts a no-break space before the colon) */
    optionLine: '{label}\u202f: {value}',
    title: 'Panier',
    close: 'Fermer le panier',
    empty: 'Votre panier est vide',
    continueShopping: 'Continuer vos achats',
    subtotal: 'Sous-total',
    goToCheckout: 'Commander',
    viewCart: 'Voir le panier',
    remove: 'Supprimer',
    removeItem: 'Supprimer {name}',
    confirmRemove: 'Supprimer {name} de votre panier\u202f?',
    cancel: 'Annuler',
    increase: 'Augmenter la quantité de {name}',
    decrease: 'Diminuer la quantité de {name}',
    qtyOf: 'Quantité de {name}',
    pendingSync: 'Pas encore synchronisé avec la boutique. Cela se fera dès votre retour en ligne.',
    pendingSyncServerTrouble:
      'La boutique ne répond pas pour le moment. Votre panier est enregistré sur cet appareil et sera synchronisé dès qu’elle répondra.',
    syncing: 'Enregistrement de votre panier auprès de la boutique…',
    outOfStock: 'En rupture de stock\u202f: ce produit ne peut pas être commandé pour le moment',
    editOptions: 'Modifier les options',
    editOptionsOf: 'Modifier les options de {name}',
    update: 'Mettre à jour',
    editUnavailable: 'Les options de ce produit ne peuvent pas être modifiées pour l’instant (il n’est pas encore sur cet appareil).',
  },
  cart: {
    title: 'Panier',
    product: 'Produit',
    price: 'Prix',
    qty: 'Quantité',
    subtotal: 'Sous-total',
    shipping: 'Frais de livraison',
    tax: 'TVA',
    grandTotal: 'Total à payer',
    totalsPending: 'La boutique calcule les totaux dès que votre panier est synchronisé.',
    inclVat: 'TVA comprise',
    discount: 'Remise ({code})',
    couponLabel: 'Code promo',
    couponApply: 'Appliquer',
    couponApplied: 'Le code promo {code} est appliqué.',
    couponRemove: 'Retirer',
    couponRemoveCode: 'Retirer le code promo {code}',
    giftCardApply: 'Utiliser',
    giftCardLine: 'Carte cadeau {code}',
    giftCardRemove: 'Retirer',
    giftCardRemoveCode: 'Retirer la carte cadeau {code}',
  },
} satisfies LaterPartWords<Translation>

export default words
