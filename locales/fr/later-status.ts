import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the status pages' words (error, maintenance, the checkout's thank-you and cancel titles) and the info banner's and the footer's (locales/sections.ts LATER_PARTS). */
const words = {
  /** the footer's words besides `rights` (the minimal layout's, a first-load word: locales/sections.ts SPLIT_SECTIONS), its newsletter form's and popup's too */
  footer: {
    links: 'Pages de la boutique',
    tagline: 'Polder — des achats qui fonctionnent même hors ligne.',
    stores: 'Nos boutiques',
    newsletterTitle: 'Newsletter',
    newsletterText: 'Les nouveautés et les offres, par e-mail. Nous vous envoyons d’abord un lien pour confirmer votre adresse.',
    newsletterEmail: 'Votre adresse e-mail',
    newsletterSubmit: 'S’inscrire',
    newsletterPending: 'Presque terminé\u202f: confirmez votre inscription avec le lien envoyé à {email}.',
    newsletterSubscribed: '{email} est déjà inscrit à la newsletter.',
    newsletterInvalid: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.be.',
    newsletterOffline: 'Vous êtes hors ligne. Inscrivez-vous à nouveau une fois de retour en ligne.',
    newsletterFailed: 'Cela n’a pas fonctionné. Réessayez dans un instant.',
    popupTitle: 'Recevez notre newsletter',
    popupText: 'Les nouveautés et les offres dans votre boîte mail. Nous vous envoyons d’abord un lien pour confirmer votre adresse.',
    popupClose: 'Fermer l’invitation à la newsletter',
  },
  infoBanner: {
    label: 'Infos de la boutique',
    dismiss: 'Fermer les infos de la boutique',
    readMore: 'Lire tout le message',
  },
  statusPages: {
    bankBeneficiary: 'Bénéficiaire\u202f: {name}',
    bankIban: 'IBAN\u202f: {iban}',
    bankBic: 'BIC\u202f: {bic}',
    bankReference: 'Communication\u202f: {reference}',
    successTitle: 'Confirmation de commande',
    successText: 'Il n’y a aucune commande à confirmer. Votre panier est conservé.',
    cancelTitle: 'Paiement annulé',
    cancelText: 'Le paiement n’est pas encore disponible\u202f: rien ne vous a été débité. Votre panier est conservé.',
    errorTitle: 'Une erreur s’est produite',
    errorText: 'Une erreur est survenue. Veuillez réessayer dans quelques secondes.',
    maintenanceTitle: 'Nous revenons bientôt',
    maintenanceText: 'La boutique est fermée pour maintenance. Veuillez réessayer dans quelques minutes.',
  },
} satisfies LaterPartWords<Translation>

export default words
