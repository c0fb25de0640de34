/**
 * The closing line of a product description: a promise about delivery, returns or use that must be
 * true for the product type. Goods are delivered and may be returned; food is not taken
 * back; downloads, tickets and repairs are never shipped; a gift card is only posted when it is a
 * printed one. The variant number picks one of the lines that fit.
 */
import type { StoreCode } from '../../domain/store-views'
import { inStore, type Text } from './catalogue-words'
import type { DescriptionFamily } from './product-kinds'

const LINES = {
  tomorrow: { en: 'Ordered before 23:59, delivered tomorrow.', nl: 'Voor 23:59 besteld, morgen in huis.', fr: 'Commandé avant 23h59, livré demain.' },
  freeReturns: { en: 'Free returns within 14 days.', nl: 'Gratis retourneren binnen 14 dagen.', fr: 'Retours gratuits sous 14 jours.' },
  pickup: { en: 'Also available for pickup in our stores.', nl: 'Ook af te halen in onze winkels.', fr: 'Également disponible en retrait dans nos magasins.' },
  bikeDelivery: {
    en: 'Delivered ready to ride within three working days.',
    nl: 'Binnen drie werkdagen rijklaar bij je thuis.',
    fr: 'Livré prêt à rouler sous trois jours ouvrables.',
  },
  bestBefore: {
    en: 'Best before at least three months after delivery.',
    nl: 'Bij levering nog minstens drie maanden houdbaar.',
    fr: 'À la livraison, encore au moins trois mois avant la date de durabilité minimale.',
  },
  downloadLink: {
    en: 'The download link is in your order e-mail right after payment.',
    nl: 'De downloadlink staat direct na betaling in je bevestigingsmail.',
    fr: 'Le lien de téléchargement arrive dans votre e-mail de confirmation dès le paiement.',
  },
  formats: {
    en: 'EPUB and PDF, for your phone, tablet or e-reader.',
    nl: 'EPUB en pdf, voor je telefoon, tablet of e-reader.',
    be: 'EPUB en pdf, voor je gsm, tablet of e-reader.',
    fr: 'EPUB et PDF, pour votre téléphone, votre tablette ou votre liseuse.',
  },
  workshopCancel: {
    en: 'Free cancellation up to 48 hours before the start.',
    nl: 'Kosteloos annuleren tot 48 uur voor aanvang.',
    fr: "Annulation gratuite jusqu'à 48 heures avant le début.",
  },
  repairDropOff: {
    en: 'Drop your bike off at the store at your appointment and collect it the same day.',
    nl: 'Breng je fiets op het afgesproken tijdstip naar de winkel en haal hem dezelfde dag weer op.',
    fr: "Déposez votre vélo au magasin à l'heure du rendez-vous et récupérez-le le jour même.",
  },
  repairCancel: {
    en: 'Free cancellation up to 24 hours before your appointment.',
    nl: 'Kosteloos annuleren tot 24 uur voor je afspraak.',
    fr: "Annulation gratuite jusqu'à 24 heures avant votre rendez-vous.",
  },
} as const satisfies Record<string, Text>

/** By mageworx_gc_type: 1 a code to redeem, 2 sent by e-mail, 3 a printed card by post. */
const GIFT_CARD_LINES: Record<1 | 2 | 3, Text> = {
  1: {
    en: 'Your code appears right after payment and comes by e-mail too.',
    nl: 'Je code verschijnt direct na betaling en komt ook per e-mail.',
    fr: "Votre code s'affiche dès le paiement et vous est aussi envoyé par e-mail.",
  },
  2: {
    en: 'Sent by e-mail to the recipient, with your personal message.',
    nl: 'Per e-mail naar de ontvanger gestuurd, met je persoonlijke boodschap.',
    fr: 'Envoyée par e-mail au destinataire, avec votre message personnel.',
  },
  3: {
    en: 'Posted the next working day in a gift envelope.',
    nl: 'De volgende werkdag verstuurd in een cadeau-envelop.',
    fr: 'Postée le jour ouvrable suivant dans une enveloppe cadeau.',
  },
}

const GOODS: readonly Text[] = [LINES.tomorrow, LINES.freeReturns, LINES.pickup]

const BY_FAMILY: Record<Exclude<DescriptionFamily, 'giftcard'>, readonly Text[]> = {
  jacket: GOODS,
  clothing: GOODS,
  shoes: GOODS,
  clogs: GOODS,
  'cycling-accessory': GOODS,
  helmet: GOODS,
  home: GOODS,
  book: GOODS,
  bike: [LINES.bikeDelivery, LINES.freeReturns, LINES.pickup],
  food: [LINES.tomorrow, LINES.pickup, LINES.bestBefore],
  set: [LINES.tomorrow, LINES.pickup],
  ebook: [LINES.downloadLink, LINES.formats],
  recipe: [LINES.downloadLink, LINES.formats],
  workshop: [LINES.workshopCancel],
  repair: [LINES.repairDropOff, LINES.repairCancel],
}

export function closingLine(family: DescriptionFamily, variant: number, store: StoreCode, giftcardType?: 1 | 2 | 3): string {
  if (family === 'giftcard') return inStore(GIFT_CARD_LINES[giftcardType ?? 1], store)
  const lines = BY_FAMILY[family]
  return inStore(lines[Math.floor(variant / 3) % lines.length]!, store)
}
