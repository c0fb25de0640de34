import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the status pages' words (error, maintenance, the checkout's thank-you and cancel titles) and the info banner's and the footer's (locales/sections.ts LATER_PARTS). */
const words = {
  /** the footer's words besides `rights` (the minimal layout's, a first-load word: locales/sections.ts SPLIT_SECTIONS), its newsletter form's and popup's too */
  footer: {
    links: 'Pagina’s van de winkel',
    tagline: 'Polder — winkelen dat ook offline blijft werken.',
    stores: 'Onze winkels',
    newsletterTitle: 'Nieuwsbrief',
    newsletterText: 'Nieuws over nieuwe producten en aanbiedingen, per e-mail. We sturen je eerst een link om je adres te bevestigen.',
    newsletterEmail: 'Je e-mailadres',
    newsletterSubmit: 'Inschrijven',
    newsletterPending: 'Bijna klaar: bevestig je inschrijving met de link die we naar {email} stuurden.',
    newsletterSubscribed: '{email} is al ingeschreven op de nieuwsbrief.',
    newsletterInvalid: 'Vul een geldig e-mailadres in, zoals naam@voorbeeld.be.',
    newsletterOffline: 'Je bent offline. Schrijf je opnieuw in zodra je weer online bent.',
    newsletterFailed: 'Dat lukte niet. Probeer het zo meteen opnieuw.',
    popupTitle: 'Ontvang onze nieuwsbrief',
    popupText: 'Nieuwe producten en aanbiedingen in je mailbox. We sturen je eerst een link om je adres te bevestigen.',
    popupClose: 'Sluit de uitnodiging voor de nieuwsbrief',
  },
  infoBanner: {
    label: 'Winkelnieuws',
    dismiss: 'Winkelnieuws sluiten',
    readMore: 'Lees het hele bericht',
  },
  statusPages: {
    bankBeneficiary: 'Begunstigde: {name}',
    bankIban: 'IBAN: {iban}',
    bankBic: 'BIC: {bic}',
    bankReference: 'Omschrijving: {reference}',
    successTitle: 'Bevestiging van je bestelling',
    successText: 'Er is geen bestelling om te bevestigen. Je winkelwagen blijft bewaard.',
    cancelTitle: 'Betaling geannuleerd',
    cancelText: 'Betalen is nog niet beschikbaar, dus er is niets afgeschreven. Je winkelwagen blijft bewaard.',
    errorTitle: 'Er ging iets mis',
    errorText: 'Er is een fout opgetreden. Probeer het over een paar seconden opnieuw.',
    maintenanceTitle: 'We zijn zo terug',
    maintenanceText: 'De winkel is even gesloten voor onderhoud. Probeer het over een paar minuten opnieuw.',
  },
} satisfies LaterPartWords<Translation>

export default words
