import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the back-in-stock form's words (locales/sections.ts LATER_PARTS), loaded with the form on an out-of-stock product. */
const words = {
  stockAlert: {
    title: 'Laat het me weten als het terug is',
    intro: 'Laat je e-mailadres achter en we mailen je één keer zodra dit product weer op voorraad is.',
    email: 'E-mailadres',
    submit: 'Laat het me weten',
    sent: 'Bedankt. We mailen {email} één keer zodra het weer op voorraad is.',
    emailInvalid: 'Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.',
    failed: 'Je vraag kon niet bewaard worden. Probeer het opnieuw.',
  },
} satisfies LaterPartWords<Translation>

export default words
