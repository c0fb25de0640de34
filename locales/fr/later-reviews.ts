import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: a product page's reviews section and its form (locales/sections.ts LATER_PARTS), loaded with that section. */
const words = {
  reviews: {
    title: 'Avis',
    average: 'Noté {average} sur 5',
    count: '{count} avis',
    none: 'Pas encore d’avis. Soyez le premier à en écrire un.',
    loading: 'Chargement des avis…',
    offline: 'Les avis s’affichent dès que vous êtes de nouveau en ligne.',
    trouble: 'Les avis n’ont pas pu être chargés. Ils s’afficheront lors de votre prochaine visite.',
    list: 'Avis sur ce produit',
    stars: '{rating} étoile{{s}} sur 5',
    byOn: 'Par {nickname}, {date}',
    more: 'Afficher plus d’avis',
    write: 'Écrire un avis',
    ratingLegend: 'Votre note',
    star: '{count} étoile{{s}}',
    titleLabel: 'Titre',
    detailLabel: 'Votre avis',
    nicknameLabel: 'Pseudonyme',
    nicknameHint: 'Affiché avec votre avis.',
    emailLabel: 'Adresse e-mail',
    emailHint: 'Nous vous envoyons un lien pour confirmer votre avis. Votre adresse n’est jamais affichée.',
    submit: 'Envoyer l’avis',
    sending: 'Envoi en cours…',
    fixErrors: 'Veuillez corriger les champs signalés.',
    ratingMissing: 'Choisissez une note de 1 à 5 étoiles.',
    titleMissing: 'Saisissez un titre.',
    detailMissing: 'Rédigez votre avis.',
    nicknameMissing: 'Saisissez un pseudonyme.',
    emailInvalid: 'Saisissez une adresse e-mail valide.',
    thanksCustomer: 'Merci\u202f! Votre avis attend d’être approuvé et s’affichera ici une fois approuvé.',
    thanksGuest: 'Merci\u202f! Veuillez confirmer votre avis avec le lien envoyé à {email}. Une fois confirmé, il attend d’être approuvé.',
    queuedOffline: 'Vous êtes hors ligne\u202f: votre avis sera envoyé dès votre retour en ligne.',
    failed: 'Votre avis n’a pas pu être enregistré. Veuillez réessayer.',
  },
} satisfies LaterPartWords<Translation>

export default words
