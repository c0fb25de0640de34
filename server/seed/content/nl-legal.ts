/** The demo shop's legal notice (colofon) and terms and conditions in Dutch. */
import { DEMO_COMPANY } from './company'
import { branchLines, emailLink, officeLines, phoneLink } from './format'
import type { ContentContext, PageKey, PageText } from './types'

type LegalPage = Extract<PageKey, 'imprint' | 'terms-and-conditions'>

export function dutchLegalPages(c: ContentContext): Record<LegalPage, PageText> {
  const d = DEMO_COMPANY
  return {
    imprint: {
      title: 'Colofon',
      meta_title: 'Colofon en bedrijfsgegevens | Polder B.V.',
      meta_description: 'Bedrijfsgegevens van Polder B.V.: statutaire zetel in Utrecht, KvK- en btw-nummer, Belgisch bijkantoor en contactgegevens.',
      content: `<h1>Colofon</h1>
<p>Deze webwinkel wordt geëxploiteerd door:</p>
<address>${officeLines('nl')}</address>
<table>
<tbody>
<tr><th scope="row">Rechtsvorm</th><td>Besloten vennootschap (B.V.) naar Nederlands recht</td></tr>
<tr><th scope="row">Kamer van Koophandel (KvK)</th><td>${d.kvk}</td></tr>
<tr><th scope="row">Btw-identificatienummer</th><td>${d.vatId}</td></tr>
<tr><th scope="row">E-mail</th><td>${emailLink()}</td></tr>
<tr><th scope="row">Telefoon</th><td>${phoneLink()}</td></tr>
</tbody>
</table>
<h2>Belgisch bijkantoor</h2>
<address>${d.legalName}, Belgisch bijkantoor<br />${branchLines('nl')}</address>
<p>Ondernemingsnummer (KBO): ${d.belgianBranch.kbo}</p>
<h2>Inhoud van deze website</h2>
<p>We doen ons best om de informatie in deze winkel juist en actueel te houden. Kennelijke vergissingen in prijzen of productomschrijvingen binden ons niet; raakt zo’n vergissing je bestelling, dan nemen we contact met je op voordat we iets verzenden.</p>
<p>De teksten, foto’s en ontwerpen in deze winkel zijn van ons of worden met toestemming gebruikt. Kopieer ze niet zonder onze schriftelijke toestemming.</p>
<p>Zie ook onze <a href="${c.page('terms-and-conditions')}">algemene voorwaarden</a> en ons <a href="${c.page('privacy-policy')}">privacybeleid</a>.</p>`,
    },
    'terms-and-conditions': {
      title: 'Algemene voorwaarden',
      meta_title: 'Algemene voorwaarden | Polder',
      meta_description: 'De algemene voorwaarden van Polder B.V. voor aankopen in de webwinkel door consumenten in Nederland en België.',
      content: `<h1>Algemene voorwaarden</h1>
<p>Deze voorwaarden gelden voor elke bestelling die een consument in de webwinkel van Polder plaatst. Ze zijn beschikbaar in het Nederlands, Frans en Engels.</p>
<h2>1. Wie we zijn</h2>
<p>${d.legalName}, ${d.office.street}, ${d.office.postcode} ${d.office.city}, Nederland; KvK ${d.kvk}; btw ${d.vatId}; ${emailLink()}. Alle gegevens staan in ons <a href="${c.page('imprint')}">colofon</a>.</p>
<h2>2. Aanbod en prijzen</h2>
<ul>
<li>Alle prijzen zijn in euro en inclusief btw tegen het tarief van het land waar we leveren.</li>
<li>De verzendkosten zie je voordat je bestelt; zie <a href="${c.page('shipping')}">verzenden</a>.</li>
<li>Een aanbieding geldt zolang de voorraad strekt. Kennelijke vergissingen in een aanbod binden ons niet.</li>
</ul>
<h2>3. De overeenkomst</h2>
<p>De overeenkomst komt tot stand wanneer je je bestelling afrondt en wij die per e-mail bevestigen. We bewaren de overeenkomst; je bestellingen zie je terug in je account.</p>
<h2>4. Betalen</h2>
<p>Je betaalt bij het bestellen met een van de betaalmethoden die we bij het afrekenen aanbieden, of bij het afhaalpunt wanneer je je bestelling ophaalt. Een bestelling die je per overschrijving betaalt, verzenden we zodra we de betaling hebben ontvangen.</p>
<h2>5. Levering</h2>
<p>We leveren in Nederland en België, meestal binnen drie werkdagen en uiterlijk binnen 30 dagen. Lukt dat niet op tijd, dan laten we het je weten en mag je de bestelling kosteloos annuleren. Het risico van verlies gaat op jou over wanneer het pakket aan jou of aan iemand die jij hebt aangewezen is bezorgd.</p>
<h2>6. Herroepingsrecht</h2>
<p>Je mag de overeenkomst binnen 14 dagen na ontvangst van de goederen zonder opgave van reden herroepen. Hoe dat werkt, de uitzonderingen en het modelformulier voor herroeping vind je op de pagina <a href="${c.page('returns')}">retourneren</a>.</p>
<h2>7. Garantie en conformiteit</h2>
<p>Onze producten beantwoorden aan de overeenkomst en de wettelijke garantie is van toepassing: blijkt een product binnen twee jaar na levering gebrekkig, dan heb je recht op herstel of vervanging, of anders op prijsvermindering of terugbetaling. Een fabrieksgarantie komt daar bovenop.</p>
<h2>8. Klachten</h2>
<p>Stuur klachten met je bestelnummer naar ${emailLink()}. We bevestigen de ontvangst binnen twee werkdagen en antwoorden binnen 14 dagen.</p>
<h2>9. Toepasselijk recht</h2>
<p>Op deze voorwaarden is Nederlands recht van toepassing. Woon je in België, dan behoud je de bescherming van de dwingende regels van het Belgische recht. Je kunt een geschil altijd voorleggen aan de bevoegde rechter van je woonplaats.</p>`,
    },
  }
}
