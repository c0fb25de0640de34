import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: an order's and the orders pages' words (the thank-you page shows an order too) (locales/sections.ts LATER_PARTS). */
const words = {
  order: {
    creatingPayment: 'Création de la demande de paiement...',
    paymentNotCreated: 'Le paiement n’a pas été créé - {message}',
    paidByGiftCard: 'Entièrement payée avec votre carte cadeau.',
    placed: 'Merci pour votre commande ! Votre numéro de commande est {orderNumber}.',
    pendingOffline: 'Vous êtes hors ligne. Votre commande est conservée sur cet appareil et sera envoyée à la boutique dès votre retour en ligne.',
    sending: 'Votre commande est en cours d’envoi à la boutique…',
    reference: 'Référence de votre commande : {reference}',
    bankTransfer: 'Veuillez virer {amount} sur le compte bancaire de la boutique, avec votre numéro de commande en communication.',
    payAtPickup: 'Vous payez au retrait de votre commande en magasin.',
    refused: 'La boutique n’a pas pu accepter votre commande. Rien n’a été débité et votre panier est conservé.',
    reason_out_of_stock: 'Le produit est en rupture de stock et ne peut pas être ajouté au panier !',
    reason_cart_changed: 'Votre panier a changé pendant que la commande attendait. Vérifiez votre panier et commandez à nouveau.',
    reason_payment_required:
      'Votre carte cadeau ne paie plus toute cette commande. Vérifiez votre panier, choisissez un moyen de paiement et commandez à nouveau.',
    reason_cart_already_ordered: 'Ce panier a déjà été commandé.',
    reason_order_id_reused: 'Cette commande a déjà été envoyée avec un autre contenu.',
    reason_invalid: 'Certaines données de la commande n’ont pas été acceptées. Vérifiez-les et commandez à nouveau.',
    shortItem: '{sku} : {available} disponible(s), {requested} commandé(s)',
    none: 'Il n’y a aucune commande à confirmer. Votre panier est conservé.',
    continueShopping: 'Continuer vos achats',
  },
  orders: {
    offlineConfirmTitle: 'Envoyer vos commandes passées hors ligne ?',
    offlineConfirmText:
      'Vous êtes de nouveau en ligne. Ces commandes ont été passées sur cet appareil pendant qu’il était hors ligne et n’ont pas encore été envoyées à la boutique. Envoyez-les maintenant, ou annulez-les : les produits restent dans votre panier.',
    offlineConfirmSend: 'Envoyer les commandes',
    offlineConfirmCancel: 'Annuler les commandes',
    offlineConfirmOrder: 'Commande du {date} : {count} produit{{s}}, {total}',
    title: 'Mes commandes',
    deviceNote:
      'Voici les commandes passées sur cet appareil. La connexion à votre compte arrivera dans une prochaine version de la boutique ; d’ici là, les commandes passées ailleurs ne sont pas affichées.',
    empty: 'Aucune commande n’a encore été passée sur cet appareil.',
    colNumber: 'Numéro de commande',
    colDate: 'Date',
    colTotal: 'Total',
    colStatus: 'Statut',
    pendingNumber: 'en attente — sera envoyée',
    status_queued: 'En attente d’envoi (hors ligne)',
    status_sending: 'En cours d’envoi à la boutique',
    status_placed: 'Passée',
    status_refused: 'Refusée',
    status_paid: 'Payée',
    status_paymentPending: 'Paiement en cours de traitement',
    status_paymentFailed: 'Paiement échoué ou annulé',
    open: 'Commande {number}',
    notOnDevice: 'Cette commande ne se trouve pas sur cet appareil.',
    lines: 'Produits',
    address: 'Adresse de livraison',
    payment: 'Moyen de paiement',
    shippingMethod: 'Mode de livraison',
    placedOn: 'Passée le {date}',
    paid: 'Merci pour votre commande ! Votre paiement a été reçu et votre numéro de commande est {orderNumber}.',
    paymentPending:
      'Votre paiement est en cours de traitement. Votre numéro de commande est {orderNumber} ; nous confirmons la commande dès réception du paiement.',
    paymentFailed: 'Votre paiement a échoué ou a été annulé : votre commande n’est pas payée. Rien n’a été débité.',
    paymentFailedHome: 'Vous pouvez revenir à la page d’accueil et continuer vos achats, ou retourner à votre panier.',
    paymentOffline: 'Vous êtes hors ligne. Votre commande est enregistrée sur cet appareil ; son paiement sera confirmé dès votre retour en ligne.',
    paymentUnknown: 'Nous ne pouvons pas vérifier le paiement de cette commande pour le moment. Réessayez dans un instant.',
    checkAgain: 'Vérifier à nouveau le paiement',
    backHome: 'Retour à la page d’accueil',
    backToCart: 'Retour au panier',
    allOrders: 'Toutes les commandes de cet appareil',
  },
} satisfies LaterPartWords<Translation>

export default words
