import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the cookie consent banner and the footer's way back to it (locales/sections.ts LATER_PARTS), loaded with the banner. */
const words = {
  consent: {
    title: 'Les cookies de cette boutique',
    intro:
      'Les cookies nécessaires gardent votre panier, votre connexion et ce choix. Avec votre accord, nous utilisons aussi des cookies de mesure d’audience, pour voir comment la boutique est utilisée, et des cookies marketing, pour mesurer nos publicités. Vous pouvez changer votre choix à tout moment avec Paramètres des cookies en bas de la page.',
    necessaryOnly: 'Nécessaires uniquement',
    acceptAll: 'Tout accepter',
    choose: 'Choisir',
    save: 'Enregistrer mon choix',
    categories: 'Catégories de cookies',
    necessary: 'Nécessaires',
    necessaryHint: 'Toujours actifs : le panier, la connexion et ce choix.',
    analytics: 'Mesure d’audience',
    analyticsHint: 'Comment la boutique est utilisée, mesuré avec Google Tag Manager et Google Analytics.',
    marketing: 'Marketing',
    marketingHint: 'Si nos publicités amènent des visites et des commandes.',
    settings: 'Paramètres des cookies',
  },
} satisfies LaterPartWords<Translation>

export default words
