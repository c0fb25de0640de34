import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: a product page's reviews section and its form (locales/sections.ts LATER_PARTS), loaded with that section. */
const words = {
  reviews: {
    title: 'Reviews',
    average: 'Beoordeeld met {average} uit 5',
    count: '{count} review{{s}}',
    none: 'Nog geen reviews. Schrijf als eerste een review.',
    loading: 'Reviews laden…',
    offline: 'De reviews verschijnen zodra je weer online bent.',
    trouble: 'De reviews konden niet worden geladen. Ze verschijnen bij je volgende bezoek.',
    list: 'Reviews van dit product',
    stars: '{rating} uit 5 sterren',
    byOn: 'Door {nickname}, {date}',
    more: 'Meer reviews tonen',
    write: 'Schrijf een review',
    ratingLegend: 'Jouw beoordeling',
    star: '{count} {{ster|sterren}}',
    titleLabel: 'Titel',
    detailLabel: 'Jouw review',
    nicknameLabel: 'Schuilnaam',
    nicknameHint: 'Wordt bij je review getoond.',
    emailLabel: 'E-mailadres',
    emailHint: 'We sturen je een link om je review te bevestigen. Je adres wordt nooit getoond.',
    submit: 'Review versturen',
    sending: 'Bezig met versturen…',
    fixErrors: 'Verbeter de gemarkeerde velden.',
    ratingMissing: 'Kies een beoordeling van 1 tot 5 sterren.',
    titleMissing: 'Vul een titel in.',
    detailMissing: 'Schrijf je review.',
    nicknameMissing: 'Vul een schuilnaam in.',
    emailInvalid: 'Vul een geldig e-mailadres in.',
    thanksCustomer: 'Bedankt! Je review wacht op goedkeuring en verschijnt hier zodra hij is goedgekeurd.',
    thanksGuest: 'Bedankt! Bevestig je review met de link die we naar {email} hebben gestuurd. Na bevestiging wacht hij op goedkeuring.',
    queuedOffline: 'Je bent offline: je review wordt verstuurd zodra je weer online bent.',
    failed: 'Je review kon niet worden opgeslagen. Probeer het opnieuw.',
  },
} satisfies LaterPartWords<Translation>

export default words
