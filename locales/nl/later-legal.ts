import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the legal pages' words (terms, privacy statement) (locales/sections.ts LATER_PARTS). */
const words = {
  legal: {
    termsTitle: 'Algemene voorwaarden',
    terms1: 'Deze voorwaarden gelden voor elke bestelling bij Polder. Prijzen zijn inclusief btw en in euro.',
    terms2:
      'Een bestelling is bindend zodra de winkel ze met een bestelnummer heeft bevestigd. Offline geplaatste bestellingen worden bevestigd wanneer ze de winkel bereiken.',
    terms3:
      'Je mag producten binnen 14 dagen na ontvangst terugsturen, ongebruikt en in de originele verpakking. We betalen de aankoopprijs terug binnen 14 dagen nadat we de retour hebben ontvangen.',
    privacyTitle: 'Privacybeleid',
    privacy1: 'We gebruiken je naam, adres, e-mailadres en telefoonnummer alleen om je bestelling te leveren en je daarover te contacteren.',
    privacy2: 'Je winkelwagen en je gegevens bij het afrekenen worden op je eigen apparaat bewaard, zodat niets verloren gaat als je verbinding wegvalt.',
    privacy3: 'Je kunt ons altijd vragen welke gegevens we over je bewaren, en ze laten verbeteren of verwijderen.',
  },
} satisfies LaterPartWords<Translation>

export default words
