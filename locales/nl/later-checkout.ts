import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the checkout's own words (locales/sections.ts LATER_PARTS). */
const words = {
  checkout: {
    title: 'Afrekenen',
    notAvailable: 'Afrekenen is nog niet beschikbaar. Je winkelwagen blijft bewaard.',
    backToCart: 'Terug naar je winkelwagen',
    stepPersonal: 'Persoonlijke gegevens',
    stepShipping: 'Verzending',
    stepPayment: 'Betaling',
    stepReview: 'Controleer je bestelling',
    firstName: 'Voornaam',
    lastName: 'Achternaam',
    email: 'E-mailadres',
    createAccount: 'Ik wil een account aanmaken',
    password: 'Wachtwoord',
    createAccountOffline: 'Een account aanmaken kan alleen met een verbinding. Je kunt nu als gast bestellen.',
    accountNotCreated:
      'Je account kon niet worden aangemaakt: {reason} Er is nog niets besteld: pas de gegevens aan, of vink “Ik wil een account aanmaken” uit om als gast te bestellen.',
    shippingMethod: 'Verzendmethode',
    loadingMethods: 'De methodes worden geladen…',
    noShippingMethods: 'Er zijn geen verzendmethodes voor dit land.',
    sameAsShipping: 'Mijn factuuradres is mijn verzendadres',
    vatChecking: 'Je btw-nummer wordt gecontroleerd…',
    vatOffline: 'Je bent offline: de winkel controleert je btw-nummer later. Voorlopig wordt btw gerekend.',
    paymentMethod: 'Betaalmethode',
    methodNeedsConnection: 'vraagt een internetverbinding',
    giftCard: 'Cadeaukaart {code}',
    paidByGiftCard: 'Je cadeaukaart betaalt deze bestelling helemaal: er valt niets meer te betalen.',
    inclVat: 'Prijzen inclusief btw.',
    termsBefore: 'Ik ga akkoord met de',
    termsLink: 'algemene voorwaarden',
    termsAnd: 'en het',
    privacyLink: 'privacybeleid',
    errorSummary: 'Verbeter de gemarkeerde velden ({count}).',
    placeOrder: 'Bestelling plaatsen',
    placing: 'Je bestelling wordt geplaatst…',
    offlineNotice:
      'Je bent offline. Je kunt toch bestellen met afhalen in de winkel, betalen bij afhalen of bankoverschrijving: je bestelling wordt op dit apparaat bewaard en naar de winkel gestuurd zodra je weer online bent.',
    emptyCart: 'Je winkelwagen is leeg.',
    incomplete: 'Vul alle stappen in.',
    methodNotAvailable: 'Deze betaalmethode is nog niet beschikbaar. Kies een andere.',
    orderPending: 'Je bestelling wordt naar de winkel gestuurd.',
  },
} satisfies LaterPartWords<Translation>

export default words
