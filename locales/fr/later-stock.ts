import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the back-in-stock form's words (locales/sections.ts LATER_PARTS), loaded with the form on an out-of-stock product. */
const words = {
  stockAlert: {
    title: 'Me prévenir de son retour',
    intro: 'Laissez votre adresse e-mail et nous vous écrirons une fois dès que ce produit sera de nouveau en stock.',
    email: 'Adresse e-mail',
    submit: 'Me prévenir',
    sent: 'Merci. Nous écrirons une fois à {email} dès que le produit sera de nouveau en stock.',
    emailInvalid: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.',
    failed: 'Votre demande n’a pas pu être enregistrée. Veuillez réessayer.',
  },
} satisfies LaterPartWords<Translation>

export default words
