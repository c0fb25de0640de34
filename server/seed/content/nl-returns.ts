/** The demo shop's returns page in Dutch, with the model withdrawal form. */
import { DEMO_COMPANY } from './company'
import { emailLink, officeLines } from './format'
import type { ContentContext, PageText } from './types'
import { withdrawalForm } from './withdrawal-form'

export function dutchReturnsPage(c: ContentContext): PageText {
  const form = withdrawalForm(
    {
      heading: 'Modelformulier voor herroeping',
      instruction: '(dit formulier alleen invullen en terugzenden als u de overeenkomst wilt herroepen)',
      to: 'Aan:',
      statement:
        'Ik/Wij (*) deel/delen (*) u hierbij mede dat ik/wij (*) onze overeenkomst betreffende de verkoop van de volgende goederen/de levering van de volgende dienst (*) herroep/herroepen (*):',
      fields: [
        'Besteld op (*)/ontvangen op (*)',
        'Naam/namen consument(en)',
        'Adres consument(en)',
        'Handtekening van consument(en) (alleen wanneer dit formulier op papier wordt ingediend)',
        'Datum',
      ],
      deleteNote: '(*) Doorhalen wat niet van toepassing is.',
    },
    'nl',
  )
  return {
    title: 'Retourneren',
    meta_title: 'Retourneren en 14 dagen bedenktijd | Polder',
    meta_description:
      'Toch niet tevreden? Je hebt na levering 14 dagen bedenktijd. Zo stuur je een product terug, zo werkt de terugbetaling, en het modelformulier voor herroeping.',
    content: `<h1>Retourneren</h1>
<p>Niet tevreden met je aankoop? Als consument mag je je aankoop binnen 14 dagen herroepen, zonder opgave van reden.</p>
<h2>Je herroepingsrecht</h2>
<ul>
<li>De 14 dagen beginnen op de dag nadat jij, of iemand die je hebt aangewezen (niet de vervoerder), het product hebt ontvangen. Komt je bestelling in meerdere pakketten, dan tellen ze vanaf het laatste pakket.</li>
<li>Laat ons binnen die 14 dagen weten dat je herroept: stuur een e-mail naar ${emailLink()} of gebruik het modelformulier hieronder. Een reden hoef je niet te geven.</li>
<li>Je mag het product bekijken en uitproberen zoals je dat in een winkel zou doen. Is het minder waard geworden doordat je het verder hebt gebruikt, dan mogen we die waardevermindering aftrekken.</li>
</ul>
<h2>Zo stuur je een product terug</h2>
<ol>
<li>Laat ons weten dat je herroept, met je bestelnummer.</li>
<li>Verpak het product goed, zo mogelijk in de originele verpakking en met alle onderdelen.</li>
<li>Stuur het binnen 14 dagen na je melding naar het adres hieronder, of breng het naar onze winkel in Utrecht.</li>
</ol>
<address>${officeLines('nl')}</address>
<p>De kosten van het terugsturen zijn voor jou. Terugbrengen naar onze winkel is gratis.</p>
<h2>Terugbetaling</h2>
<p>We betalen het volledige bedrag terug, inclusief de standaard verzendkosten, binnen 14 dagen nadat we je herroeping hebben ontvangen. We gebruiken de betaalmethode waarmee je betaald hebt, tenzij je met een andere instemt. We mogen wachten met terugbetalen tot we het product terug hebben of jij hebt aangetoond dat je het hebt teruggestuurd, wat het eerst komt.</p>
<h2>Uitzonderingen</h2>
<ul>
<li>producten die volgens jouw specificaties zijn gemaakt, zoals gegraveerde artikelen;</li>
<li>levensmiddelen en andere producten die snel bederven of waarvan de houdbaarheidsdatum dichtbij is;</li>
<li>verzegelde producten die om redenen van gezondheid of hygiëne niet geschikt zijn om terug te sturen, als de verzegeling verbroken is.</li>
</ul>
<p>Komt een product beschadigd of defect aan, dan valt het onder de wettelijke garantie; <a href="${c.page('contact')}">neem contact op</a> en we lossen het op. De volledige voorwaarden staan in onze <a href="${c.page('terms-and-conditions')}">algemene voorwaarden</a>.</p>
<p>Bedrijf: ${DEMO_COMPANY.legalName}, KvK ${DEMO_COMPANY.kvk}.</p>
${form}`,
  }
}
