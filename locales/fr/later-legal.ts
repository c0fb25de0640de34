import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the legal pages' words (terms, privacy statement) (locales/sections.ts LATER_PARTS). */
const words = {
  legal: {
    termsTitle: 'Conditions générales',
    terms1: 'Ces conditions s’appliquent à toute commande passée chez Polder. Les prix sont TVA comprise et en euros.',
    terms2:
      'Une commande est ferme dès que la boutique l’a confirmée par un numéro de commande. Les commandes passées hors ligne sont confirmées quand elles parviennent à la boutique.',
    terms3:
      'Vous pouvez renvoyer les produits dans les 14 jours suivant la réception, inutilisés et dans leur emballage d’origine. Nous remboursons le prix d’achat dans les 14 jours suivant la réception du retour.',
    privacyTitle: 'Politique de confidentialité',
    privacy1: 'Nous utilisons vos nom, adresse, adresse e-mail et numéro de téléphone uniquement pour livrer votre commande et vous contacter à son sujet.',
    privacy2: 'Votre panier et vos données de commande sont conservés sur votre propre appareil, pour que rien ne se perde si la connexion tombe.',
    privacy3: 'Vous pouvez à tout moment nous demander quelles données nous conservons sur vous, et les faire corriger ou supprimer.',
  },
} satisfies LaterPartWords<Translation>

export default words
