import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the return form's words (locales/sections.ts LATER_PARTS), loaded with the form (my-account's order page, /submit-return). */
const words = {
  returns: {
    action: 'Artikelen retourneren',
    until: 'Je kunt artikelen van deze bestelling retourneren tot {date}. Kies wat je terugstuurt en waarom.',
    loading: 'Laden wat je kunt retourneren…',
    colProduct: 'Product',
    colQty: 'Aantal om te retourneren',
    qtyLabel: 'Aantal {name} om te retourneren (hoogstens {max})',
    reason: 'Reden van de retour',
    reason_changed_mind: 'Ik heb me bedacht',
    reason_wrong_size: 'Verkeerde maat of pasvorm',
    reason_damaged: 'Beschadigd of defect',
    reason_wrong_item: 'Niet wat ik bestelde',
    reason_not_as_described: 'Niet zoals beschreven',
    reason_other: 'Een andere reden',
    submit: 'Retour versturen',
    sending: 'Bezig met versturen…',
    sent: 'Bedankt. Je retournummer is {number}. We hebben je gemaild wat je nu moet doen.',
    nothingChosen: 'Kies minstens één artikel om te retourneren.',
    nothingLeft: 'Alles van deze bestelling is al geretourneerd.',
    noOrder:
      'Om artikelen te retourneren, open je de link in de bevestigingsmail van je bestelling, of log je in en kies je de bestelling onder Mijn bestellingen.',
    error_offline: 'Je bent offline. Een retour heeft een verbinding nodig: probeer het opnieuw zodra je online bent.',
    error_notFound: 'We konden deze bestelling niet vinden. Gebruik de link in je bestelmail, of log in om artikelen te retourneren vanuit je account.',
    error_notLoggedIn: 'Log in om artikelen van deze bestelling te retourneren.',
    error_notDelivered: 'Deze bestelling is nog niet geleverd: je kunt artikelen retourneren zodra ze geleverd is.',
    error_periodOver: 'De retourtermijn van deze bestelling is voorbij.',
    error_invalid: 'Deze retour kon niet worden aangenomen. Kijk de aantallen na en probeer het opnieuw.',
    error_tooManyAttempts: 'Te veel pogingen. Wacht een minuut en probeer het opnieuw.',
    error_serverError: 'Er ging iets mis. Probeer het opnieuw.',
  },
} satisfies LaterPartWords<Translation>

export default words
