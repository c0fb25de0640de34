import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the return form's words (locales/sections.ts LATER_PARTS), loaded with the form (my-account's order page, /submit-return). */
const words = {
  returns: {
    action: 'Retourner des articles',
    until: 'Vous pouvez retourner des articles de cette commande jusqu’au {date}. Choisissez ce que vous renvoyez et pourquoi.',
    loading: 'Chargement de ce que vous pouvez retourner…',
    colProduct: 'Produit',
    colQty: 'Quantité à retourner',
    qtyLabel: 'Quantité de {name} à retourner (au plus {max})',
    reason: 'Motif du retour',
    reason_changed_mind: 'J’ai changé d’avis',
    reason_wrong_size: 'Mauvaise taille',
    reason_damaged: 'Abîmé ou défectueux',
    reason_wrong_item: 'Pas ce que j’ai commandé',
    reason_not_as_described: 'Non conforme à la description',
    reason_other: 'Une autre raison',
    submit: 'Envoyer le retour',
    sending: 'Envoi en cours…',
    sent: 'Merci. Votre numéro de retour est {number}. Nous vous avons envoyé par e-mail la marche à suivre.',
    nothingChosen: 'Choisissez au moins un article à retourner.',
    nothingLeft: 'Tout ce que contient cette commande a déjà été retourné.',
    noOrder:
      'Pour retourner des articles, ouvrez le lien de l’e-mail de confirmation de votre commande, ou connectez-vous et choisissez la commande sous Mes commandes.',
    error_offline: 'Vous êtes hors ligne. Un retour a besoin d’une connexion\u202f: réessayez une fois en ligne.',
    error_notFound:
      'Nous n’avons pas trouvé cette commande. Utilisez le lien de l’e-mail de votre commande, ou connectez-vous pour retourner des articles depuis votre compte.',
    error_notLoggedIn: 'Connectez-vous pour retourner des articles de cette commande.',
    error_notDelivered: 'Cette commande n’a pas encore été livrée\u202f: vous pourrez retourner des articles une fois livrée.',
    error_periodOver: 'Le délai de retour de cette commande est dépassé.',
    error_invalid: 'Ce retour n’a pas pu être pris en compte. Vérifiez les quantités et réessayez.',
    error_tooManyAttempts: 'Trop de tentatives. Attendez une minute et réessayez.',
    error_serverError: 'Une erreur s’est produite. Veuillez réessayer.',
  },
} satisfies LaterPartWords<Translation>

export default words
