import type { Translation } from '../i18n-types'
import type { ServerWords } from '../sections'

/** French words of SERVER_SECTIONS (locales/sections.ts): mails and page heads, which only the server uses. */
const server = {
  seo: {
    homeDescription: 'Vêtements et plus pour la Belgique et les Pays-Bas, prix TVAC. Polder continue de fonctionner quand votre connexion coupe.',
    productDescription: '{name} chez Polder, livré en Belgique et aux Pays-Bas.',
    categoryDescription: '{name} chez Polder : prix TVAC, livraison en Belgique et aux Pays-Bas.',
    searchDescription: 'Produits correspondant à « {query} » chez Polder.',
  },
  orderMail: {
    subject: 'Votre commande {orderNumber} chez Polder',
    greeting: 'Bonjour {name},',
    thanks: 'Merci pour votre commande. Nous l’avons bien reçue et la préparons.',
    paidThanks: 'Merci pour votre commande. Nous avons bien reçu votre paiement et préparons votre commande.',
    orderNumber: 'Numéro de commande : {orderNumber}',
    orderDate: 'Date de commande : {date}',
    lines: 'Votre commande',
    line: '{qty} × {name} : {amount}',
    paymentMethod: 'Moyen de paiement : {method}',
    shippingAddress: 'Adresse de livraison',
    billingAddress: 'Adresse de facturation',
    closing: 'Cordialement,',
  },
  accountMail: {
    greeting: 'Bonjour {name},',
    resetSubject: 'Un nouveau mot de passe pour votre compte Polder',
    resetIntro: 'On nous a demandé de définir un nouveau mot de passe pour le compte de {email}.',
    resetAction: 'Choisissez votre nouveau mot de passe ici :',
    resetExpiry: 'Ce lien fonctionne une seule fois, dans les {hours} heures.',
    resetIgnore: 'Vous n’avez rien demandé ? Ignorez alors ce message : votre mot de passe reste inchangé.',
    welcomeSubject: 'Bienvenue chez Polder',
    welcomeIntro: 'Merci d’avoir créé votre compte. Vous pouvez maintenant vous connecter avec {email}.',
    welcomeAccount: 'Vos commandes, adresses et coordonnées se trouvent dans votre compte :',
    closing: 'Cordialement,',
  },
  newsletterMail: {
    subject: 'Confirmez votre inscription à la newsletter de Polder',
    greeting: 'Bonjour,',
    intro: 'On nous a demandé d’envoyer la newsletter de Polder à {email}.',
    action: 'Confirmez votre inscription ici :',
    expiry: 'Ce lien fonctionne une seule fois, pendant {days} jours.',
    ignore: 'Vous n’avez rien demandé ? Ignorez ce message : vous ne serez pas inscrit.',
    closing: 'Cordialement,',
    confirmTitle: 'Confirmez votre inscription à la newsletter',
    confirmText: 'Envoyer la newsletter de Polder à {email} ?',
    confirmButton: 'Confirmer l’inscription',
    confirmedTitle: 'Vous êtes inscrit',
    confirmedText: 'Merci : {email} reçoit désormais la newsletter de Polder.',
    invalidTitle: 'Ce lien ne fonctionne plus',
    invalidText: 'Le lien a déjà été utilisé ou a expiré. Inscrivez-vous à nouveau pour en recevoir un nouveau.',
    backToShop: 'Retour à la boutique',
  },
} satisfies ServerWords<Translation>

export default server
