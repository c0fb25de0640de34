import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the checkout's own words (locales/sections.ts LATER_PARTS). */
const words = {
  checkout: {
    title: 'Commande',
    notAvailable: 'La commande n’est pas encore disponible. Votre panier est conservé.',
    backToCart: 'Retour au panier',
    stepPersonal: 'Données personnelles',
    stepShipping: 'Livraison',
    stepPayment: 'Paiement',
    stepReview: 'Vérifiez votre commande',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Adresse e-mail',
    createAccount: 'Je veux créer un compte',
    password: 'Mot de passe',
    createAccountOffline: 'La création d’un compte demande une connexion. Vous pouvez commander en tant qu’invité maintenant.',
    accountNotCreated:
      'Votre compte n’a pas pu être créé\u202f: {reason} Rien n’a encore été commandé\u202f: modifiez les données, ou décochez « Je veux créer un compte » pour commander en tant qu’invité.',
    shippingMethod: 'Mode de livraison',
    loadingMethods: 'Chargement des modes…',
    noShippingMethods: 'Aucun mode de livraison pour ce pays.',
    sameAsShipping: 'Mon adresse de facturation est mon adresse de livraison',
    vatChecking: 'Vérification de votre numéro de TVA…',
    vatOffline: 'Vous êtes hors ligne\u202f: la boutique vérifiera votre numéro de TVA. La TVA est facturée pour l’instant.',
    paymentMethod: 'Mode de paiement',
    methodNeedsConnection: 'demande une connexion internet',
    giftCard: 'Carte cadeau {code}',
    paidByGiftCard: 'Votre carte cadeau paie cette commande en entier\u202f: il ne reste rien à payer.',
    inclVat: 'Prix TVA comprise.',
    termsBefore: 'J’accepte les',
    termsLink: 'conditions générales',
    termsAnd: 'et la',
    privacyLink: 'politique de confidentialité',
    errorSummary: 'Veuillez corriger les champs signalés ({count}).',
    placeOrder: 'Passer la commande',
    placing: 'Votre commande est en cours…',
    offlineNotice:
      'Vous êtes hors ligne. Vous pouvez tout de même commander avec le retrait en magasin, le paiement au retrait ou le virement bancaire\u202f: votre commande est conservée sur cet appareil et envoyée à la boutique dès votre retour en ligne.',
    emptyCart: 'Votre panier est vide.',
    incomplete: 'Veuillez compléter toutes les étapes.',
    methodNotAvailable: 'Ce mode de paiement n’est pas encore disponible. Veuillez en choisir un autre.',
    orderPending: 'Votre commande est en cours d’envoi à la boutique.',
  },
} satisfies LaterPartWords<Translation>

export default words
