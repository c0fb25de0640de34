import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the cookie consent banner and the footer's way back to it (locales/sections.ts LATER_PARTS), loaded with the banner. */
const words = {
  consent: {
    title: 'Cookies in deze winkel',
    intro:
      'Noodzakelijke cookies bewaren je winkelwagen, je aanmelding en deze keuze. Met je toestemming gebruiken we ook analytische cookies, om te zien hoe de winkel gebruikt wordt, en marketingcookies, om onze advertenties te meten. Je kunt je keuze altijd wijzigen met Cookie-instellingen onderaan de pagina.',
    necessaryOnly: 'Alleen noodzakelijke',
    acceptAll: 'Alles accepteren',
    choose: 'Zelf kiezen',
    save: 'Mijn keuze bewaren',
    categories: 'Soorten cookies',
    necessary: 'Noodzakelijk',
    necessaryHint: 'Altijd aan: de winkelwagen, de aanmelding en deze keuze.',
    analytics: 'Analytisch',
    analyticsHint: 'Hoe de winkel gebruikt wordt, geteld met Google Tag Manager en Google Analytics.',
    marketing: 'Marketing',
    marketingHint: 'Of onze advertenties bezoeken en bestellingen opleveren.',
    settings: 'Cookie-instellingen',
  },
} satisfies LaterPartWords<Translation>

export default words
