import type { Translation } from '../i18n-types'
import type { ServerWords } from '../sections'

/** Dutch words of SERVER_SECTIONS (locales/sections.ts): mails and page heads, which only the server uses. */
const server = {
  seo: {
    homeDescription: 'Kleding en meer voor Nederland en België, prijzen incl. btw. Polder blijft werken als je verbinding wegvalt.',
    productDescription: '{name} bij Polder, geleverd in Nederland en België.',
    categoryDescription: '{name} bij Polder: prijzen incl. btw, geleverd in Nederland en België.',
    searchDescription: 'Producten bij Polder die passen bij “{query}”.',
  },
  orderMail: {
    subject: 'Je bestelling {orderNumber} bij Polder',
    greeting: 'Beste {name},',
    thanks: 'Bedankt voor je bestelling. We hebben hem ontvangen en maken hem klaar.',
    paidThanks: 'Bedankt voor je bestelling. We hebben je betaling ontvangen en maken je bestelling klaar.',
    orderNumber: 'Bestelnummer: {orderNumber}',
    orderDate: 'Besteldatum: {date}',
    lines: 'Je bestelling',
    line: '{qty} × {name}: {amount}',
    paymentMethod: 'Betaalmethode: {method}',
    shippingAddress: 'Bezorgadres',
    billingAddress: 'Factuuradres',
    closing: 'Met vriendelijke groet,',
  },
  accountMail: {
    greeting: 'Beste {name},',
    resetSubject: 'Een nieuw wachtwoord voor je Polder-account',
    resetIntro: 'We kregen de vraag een nieuw wachtwoord in te stellen voor het account van {email}.',
    resetAction: 'Kies hier je nieuwe wachtwoord:',
    resetExpiry: 'Deze link werkt één keer, binnen {hours} uur.',
    resetIgnore: 'Heb je dit niet gevraagd? Negeer dan deze mail: je wachtwoord blijft zoals het is.',
    welcomeSubject: 'Welkom bij Polder',
    welcomeIntro: 'Bedankt voor het aanmaken van je account. Je kunt nu inloggen met {email}.',
    welcomeAccount: 'Je bestellingen, adressen en gegevens vind je in je account:',
    closing: 'Met vriendelijke groet,',
  },
  newsletterMail: {
    subject: 'Bevestig je inschrijving op de nieuwsbrief van Polder',
    greeting: 'Hallo,',
    intro: 'We kregen de vraag om de nieuwsbrief van Polder te sturen naar {email}.',
    action: 'Bevestig je inschrijving hier:',
    expiry: 'Deze link werkt één keer, binnen {days} dagen.',
    ignore: 'Heb je dit niet gevraagd? Negeer dan deze mail: je wordt niet ingeschreven.',
    closing: 'Met vriendelijke groet,',
    confirmTitle: 'Bevestig je inschrijving op de nieuwsbrief',
    confirmText: 'De nieuwsbrief van Polder sturen naar {email}?',
    confirmButton: 'Inschrijving bevestigen',
    confirmedTitle: 'Je bent ingeschreven',
    confirmedText: 'Bedankt: {email} krijgt nu de nieuwsbrief van Polder.',
    invalidTitle: 'Deze link werkt niet meer',
    invalidText: 'De link is al gebruikt of verlopen. Schrijf je opnieuw in om een nieuwe te krijgen.',
    backToShop: 'Terug naar de winkel',
  },
} satisfies ServerWords<Translation>

export default server
