import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Français : les mots de la borne (locales/sections.ts LATER_PARTS) : son écran de configuration (/kiosk) et la ligne d’état pour le personnel. */
const words = {
  kiosk: {
    title: 'Configuration de la borne',
    intro: 'Pour le personnel du magasin\u202f: configurez cette tablette comme borne en magasin.',
    pinLabel: 'Code PIN de la borne',
    unlock: 'Ouvrir la configuration',
    checking: 'Vérification…',
    wrongPin: 'Ce code PIN n’est pas correct.',
    tooManyAttempts: 'Trop de codes PIN erronés. Attendez quelques minutes et réessayez.',
    noKiosk: 'Ce magasin n’a pas de configuration de borne.',
    offline: 'La configuration demande une connexion au magasin.',
    serverError: 'Le magasin n’a pas pu vérifier le code PIN. Réessayez dans un instant.',
    storeView: 'Langue du magasin',
    pickup: 'Point de retrait',
    mode: 'Mode borne\u202f: garder tout le catalogue sur cette tablette et effacer les données de chaque client',
    idle: 'Retour à la page d’accueil après ce nombre de minutes sans utilisation',
    save: 'Enregistrer et démarrer',
    catalogue: 'Catalogue sur cette tablette',
    progress: '{stored} produits sur {total}',
    storage: 'Espace utilisé',
    storageFigures: '{used} sur {quota}',
    storageUnknown: 'Ce navigateur ne l’indique pas.',
    persisted: 'Conservé par le navigateur',
    persistedYes: 'Oui\u202f: le navigateur ne l’effacera pas',
    persistedNo: 'Non\u202f: le navigateur peut l’effacer si l’espace manque',
    lastSync: 'Dernière synchronisation',
    never: 'Pas encore',
    ordersWaiting: 'Commandes en attente d’envoi',
    status: 'État de la borne',
    statusReady: 'Catalogue prêt',
    statusLoading: 'Chargement du catalogue\u202f: {count} produits',
    statusLastSync: 'dernière synchronisation {time}',
    statusOrders: '{count} {{commande|commandes}} en attente',
    newShopper: 'Nouveau client',
  },
} satisfies LaterPartWords<Translation>

export default words
