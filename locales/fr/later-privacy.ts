import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the newsletter and privacy pages' words (locales/sections.ts LATER_PARTS). */
const words = {
  privacyPages: {
    newsletterIntro: 'Recevez par e-mail à {email} les nouveautés et les offres.',
    newsletterSubscribed: 'Vous êtes inscrit à la newsletter.',
    newsletterPending: 'Nous avons envoyé un e-mail à {email}\u202f: confirmez votre inscription avec son lien.',
    newsletterUnsubscribed: 'Vous n’êtes pas inscrit à la newsletter.',
    subscribe: 'S’inscrire à la newsletter',
    unsubscribe: 'Se désinscrire',
    unsubscribed: 'Vous êtes désinscrit.',
    loginFirst: 'Connectez-vous pour voir vos réglages de newsletter et de confidentialité.',
    loginLink: 'Se connecter',
    privacyIntro: 'Téléchargez les données que nous conservons sur vous, ou supprimez vos données personnelles. Saisissez votre mot de passe pour confirmer.',
    password: 'Mot de passe',
    downloadTitle: 'Télécharger mes données',
    downloadText: 'Un fichier JSON avec votre profil, vos adresses, vos commandes et votre inscription à la newsletter.',
    download: 'Télécharger mes données',
    downloaded: 'Vos données ont été téléchargées.',
    anonymiseTitle: 'Anonymiser mon compte',
    anonymiseText:
      'Votre nom, votre adresse e-mail et vos adresses sont retirés de votre compte et de vos commandes. Vos commandes sont conservées sans ces données pour notre comptabilité. Vous ne pourrez plus vous connecter.',
    anonymise: 'Anonymiser mon compte',
    deleteTitle: 'Supprimer mon compte',
    deleteText:
      'Votre compte et vos données personnelles sont supprimés. Vos commandes sont conservées sans données personnelles, comme la loi l’exige pour notre comptabilité.',
    delete: 'Supprimer mon compte',
    confirmErase: 'Cette action est irréversible. Êtes-vous sûr\u202f?',
    confirm: 'Oui, continuer',
    cancel: 'Annuler',
    erased: 'Vos données personnelles ont été supprimées et vous êtes déconnecté.',
    passwordWrong:
      'Le mot de passe est incorrect. Inscrit avec Google ou Facebook et pas encore de mot de passe\u202f? Choisissez-en un d’abord avec « Mot de passe oublié\u202f? » dans le formulaire de connexion.',
    passwordRequired: 'Saisissez votre mot de passe.',
    offline: 'Vous êtes hors ligne. Réessayez une fois de retour en ligne.',
    tooMany: 'Trop de tentatives. Attendez une minute et réessayez.',
    failed: 'Une erreur s’est produite. Veuillez réessayer plus tard.',
  },
} satisfies LaterPartWords<Translation>

export default words
