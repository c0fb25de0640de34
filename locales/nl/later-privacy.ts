import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the newsletter and privacy pages' words (locales/sections.ts LATER_PARTS). */
const words = {
  privacyPages: {
    newsletterIntro: 'Ontvang nieuws over nieuwe producten en aanbiedingen per e-mail op {email}.',
    newsletterSubscribed: 'Je bent ingeschreven op de nieuwsbrief.',
    newsletterPending: 'We stuurden een mail naar {email}: bevestig je inschrijving met de link erin.',
    newsletterUnsubscribed: 'Je bent niet ingeschreven op de nieuwsbrief.',
    subscribe: 'Inschrijven op de nieuwsbrief',
    unsubscribe: 'Uitschrijven',
    unsubscribed: 'Je bent uitgeschreven.',
    loginFirst: 'Log in om je nieuwsbrief- en privacy-instellingen te zien.',
    loginLink: 'Inloggen',
    privacyIntro: 'Download de gegevens die we over je bewaren, of verwijder je persoonsgegevens. Vul je wachtwoord in om te bevestigen.',
    password: 'Wachtwoord',
    downloadTitle: 'Mijn gegevens downloaden',
    downloadText: 'Een JSON-bestand met je profiel, adressen, bestellingen en nieuwsbriefinschrijving.',
    download: 'Mijn gegevens downloaden',
    downloaded: 'Je gegevens zijn gedownload.',
    anonymiseTitle: 'Mijn account anonimiseren',
    anonymiseText:
      'Je naam, e-mailadres en adressen worden uit je account en bestellingen verwijderd. Je bestellingen blijven zonder die gegevens bewaard voor onze boekhouding. Je kunt niet meer inloggen.',
    anonymise: 'Mijn account anonimiseren',
    deleteTitle: 'Mijn account verwijderen',
    deleteText:
      'Je account en persoonsgegevens worden verwijderd. Je bestellingen blijven zonder persoonsgegevens bewaard, zoals de wet voor onze boekhouding vraagt.',
    delete: 'Mijn account verwijderen',
    confirmErase: 'Dit kan niet ongedaan worden gemaakt. Weet je het zeker?',
    confirm: 'Ja, doorgaan',
    cancel: 'Annuleren',
    erased: 'Je persoonsgegevens zijn verwijderd en je bent uitgelogd.',
    passwordWrong:
      'Het wachtwoord klopt niet. Aangemeld met Google of Facebook en nog geen wachtwoord? Stel er eerst een in met “Wachtwoord vergeten?” bij het inloggen.',
    passwordRequired: 'Vul je wachtwoord in.',
    offline: 'Je bent offline. Probeer het opnieuw als je weer online bent.',
    tooMany: 'Te veel pogingen. Wacht een minuut en probeer het opnieuw.',
    failed: 'Er ging iets mis. Probeer het later opnieuw.',
  },
} satisfies LaterPartWords<Translation>

export default words
