/** The demo shop's service pages and footer blocks in Dutch (store views nl and be). */
import { DEMO_COMPANY } from './company'
import { emailLink, hoursList, officeLines, phoneLink } from './format'
import type { BlockKey, BlockText, ContentContext, PageKey, PageText } from './types'

type ShopPage = Extract<PageKey, 'about-us' | 'contact' | 'shipping' | 'faq'>

export function dutchShopPages(c: ContentContext): Record<ShopPage, PageText> {
  return {
    'about-us': {
      title: 'Over ons',
      meta_title: 'Over Polder | Design uit de Lage Landen, thuisbezorgd',
      meta_description: 'Polder is een webwinkel uit Utrecht voor wonen, fietsen en lekker eten uit de Lage Landen. We leveren in Nederland en België.',
      content: `<h1>Over Polder</h1>
<p>Polder is een webwinkel uit Utrecht. We verkopen woonaccessoires, fietsspullen, boeken en lekkernijen die in de Lage Landen gemaakt of erdoor geïnspireerd zijn, en we bezorgen ze in heel Nederland en België.</p>
<h2>Waar we voor staan</h2>
<ul>
<li><strong>Duidelijke prijzen.</strong> Alle prijzen zijn inclusief btw en verzenden kost één vast bedrag.</li>
<li><strong>Eén winkel, drie talen.</strong> Winkel in het Nederlands, Frans of Engels: producten, prijzen en service zijn overal hetzelfde.</li>
<li><strong>Echte mensen.</strong> Onze klantenservice in Utrecht beantwoordt je vragen per e-mail en telefoon.</li>
</ul>
<h2>Kom langs</h2>
<p>Je bent welkom in onze winkel en ons afhaalpunt aan de Oudegracht in Utrecht. Bestel online en haal je pakket gratis op, of kom gewoon even kijken.</p>
<p>Vragen? Bekijk de <a href="${c.page('faq')}">veelgestelde vragen</a> of <a href="${c.page('contact')}">neem contact op</a>.</p>`,
    },
    contact: {
      title: 'Contact',
      meta_title: 'Contact met de klantenservice van Polder',
      meta_description: 'Neem contact op met Polder per e-mail of telefoon, of kom langs bij ons afhaalpunt in Utrecht. Openingstijden en adressen.',
      content: `<h1>Contact</h1>
<p>Onze klantenservice helpt je graag met je bestelling, de levering, retourneren en vragen over producten. Houd je bestelnummer bij de hand.</p>
<h2>Klantenservice</h2>
<ul>
<li>E-mail: ${emailLink()} (we antwoorden binnen één werkdag)</li>
<li>Telefoon: ${phoneLink()}</li>
</ul>
<h3>Bereikbaar</h3>
${hoursList(DEMO_COMPANY.serviceHours, 'nl')}
<h2>Winkel en afhaalpunt</h2>
<address>${officeLines('nl')}</address>
${hoursList(DEMO_COMPANY.pickupHours, 'nl')}
<h2>Bedrijfsgegevens</h2>
<p>KvK ${DEMO_COMPANY.kvk}, btw ${DEMO_COMPANY.vatId}. Alle gegevens vind je in ons <a href="${c.page('imprint')}">colofon</a>.</p>`,
    },
    shipping: {
      title: 'Verzenden en afhalen',
      meta_title: 'Verzenden naar Nederland en België | Polder',
      meta_description: `Polder levert in Nederland en België voor een vast tarief van ${c.flatRate}, of haal je bestelling gratis op bij ons afhaalpunt in Utrecht.`,
      content: `<h1>Verzenden en afhalen</h1>
<p>We leveren op adressen in Nederland en België. Bij het afrekenen kies je hoe je je bestelling ontvangt.</p>
<table>
<thead><tr><th scope="col">Manier</th><th scope="col">Kosten</th><th scope="col">Wanneer</th></tr></thead>
<tbody>
<tr><td>Thuisbezorgd (NL en BE)</td><td>${c.flatRate} vast tarief, incl. btw</td><td>Nederland: 1–2 werkdagen; België: 2–3 werkdagen</td></tr>
<tr><td>Afhalen in Utrecht</td><td>Gratis</td><td>Meestal de volgende werkdag klaar</td></tr>
</tbody>
</table>
<h2>Thuisbezorgd</h2>
<p>Eén vast tarief per bestelling, hoe groot of zwaar die ook is. Met een kortingscode voor gratis verzending kost bezorgen niets. Zodra je pakket ons magazijn verlaat, krijg je een e-mail met een track-and-tracelink.</p>
<h2>Afhalen</h2>
<p>Kies bij het afrekenen <em>Afhalen in de winkel</em> en haal je bestelling op bij:</p>
<address>${officeLines('nl')}</address>
${hoursList(DEMO_COMPANY.pickupHours, 'nl')}
<p>We mailen je zodra je bestelling klaarstaat. Neem je bestelnummer mee; betalen bij het afhalen kan ook.</p>
<h2>Niet thuis?</h2>
<p>De bezorger probeert je pakket bij de buren af te geven of laat een kaartje achter waarmee je het bij een servicepunt in de buurt ophaalt.</p>
<p>Iets terugsturen? Lees alles over <a href="${c.page('returns')}">retourneren</a>.</p>`,
    },
    faq: {
      title: 'Veelgestelde vragen',
      meta_title: 'Veelgestelde vragen | Polder',
      meta_description: 'Antwoorden op veelgestelde vragen over bestellen, betalen, bezorgen, retourneren en je account bij Polder.',
      content: `<h1>Veelgestelde vragen</h1>
<h2>Bestellen en betalen</h2>
<dl>
<dt>Hoe kan ik betalen?</dt>
<dd>Met iDEAL, Bancontact, de KBC/CBC- en Belfius-betaalknop, creditcard of debetkaart, PayPal, Apple Pay, Google Pay en overschrijving. Haal je je bestelling af, dan kun je ook bij het afhaalpunt betalen.</dd>
<dt>Zijn de prijzen inclusief btw?</dt>
<dd>Ja. Alle prijzen zijn inclusief de btw van het land waar we leveren. Bedrijven met een geldig btw-nummer in een ander EU-land kunnen zonder btw bestellen.</dd>
<dt>Kan ik mijn bestelling wijzigen of annuleren?</dt>
<dd>Neem zo snel mogelijk contact met ons op. Zolang je bestelling nog niet verzonden is, kunnen we die meestal nog aanpassen of annuleren.</dd>
</dl>
<h2>Bezorgen</h2>
<dl>
<dt>Waar leveren jullie en wat kost dat?</dt>
<dd>We leveren in Nederland en België voor ${c.flatRate} per bestelling, of je haalt je bestelling gratis op in Utrecht. Zie <a href="${c.page('shipping')}">verzenden</a>.</dd>
<dt>Hoe lang duurt de levering?</dt>
<dd>Eén tot twee werkdagen in Nederland, twee tot drie in België.</dd>
</dl>
<h2>Retourneren</h2>
<dl>
<dt>Kan ik een product terugsturen?</dt>
<dd>Ja, je hebt na ontvangst 14 dagen bedenktijd om je aankoop zonder opgave van reden te herroepen. Zie <a href="${c.page('returns')}">retourneren</a>.</dd>
<dt>Wanneer krijg ik mijn geld terug?</dt>
<dd>Binnen 14 dagen na je herroeping, via de betaalmethode waarmee je betaald hebt. We mogen wachten tot we het product terug hebben.</dd>
</dl>
<h2>Je account</h2>
<dl>
<dt>Heb ik een account nodig om te bestellen?</dt>
<dd>Nee, je kunt ook als gast bestellen. Met een account volg je je bestellingen en bestel je snel opnieuw.</dd>
<dt>Hoe download of verwijder ik mijn gegevens?</dt>
<dd>Onder <em>Mijn account</em>, bij de privacy-instellingen. Meer hierover in ons <a href="${c.page('privacy-policy')}">privacybeleid</a>.</dd>
</dl>
<p>Staat je vraag er niet bij? <a href="${c.page('contact')}">Neem contact op</a>.</p>`,
    },
  }
}

export function dutchBlocks(c: ContentContext): Record<BlockKey, BlockText> {
  return {
    'footer-customer-service': {
      title: 'Klantenservice',
      content: `<h3>Klantenservice</h3>
<ul>
<li><a href="${c.page('contact')}">Contact</a></li>
<li><a href="${c.page('shipping')}">Verzenden en afhalen</a></li>
<li><a href="${c.page('returns')}">Retourneren</a></li>
<li><a href="${c.page('faq')}">Veelgestelde vragen</a></li>
</ul>`,
    },
    'footer-legal': {
      title: 'Juridisch',
      content: `<h3>Juridisch</h3>
<ul>
<li><a href="${c.page('terms-and-conditions')}">Algemene voorwaarden</a></li>
<li><a href="${c.page('privacy-policy')}">Privacybeleid</a></li>
<li><a href="${c.page('cookie-policy')}">Cookiebeleid</a></li>
<li><a href="${c.page('imprint')}">Colofon</a></li>
</ul>`,
    },
    'footer-about': {
      title: 'Over Polder',
      content: `<p>Polder is een webwinkel uit Utrecht voor wonen, fietsen en lekker eten uit de Lage Landen. <a href="${c.page('about-us')}">Over ons</a></p>`,
    },
    'home-intro': {
      title: 'Welkom bij Polder',
      content: `<h2>Welkom bij Polder</h2>
<p>Wonen, fietsen, boeken en lekker eten uit de Lage Landen, uitgezocht in Utrecht en bij je thuisbezorgd in Nederland en België.</p>
<ul>
<li>Eén vast tarief van ${c.flatRate} per bestelling, of <a href="${c.page('shipping')}">haal gratis af</a> bij ons afhaalpunt in Utrecht.</li>
<li>Toch niet naar wens? Je hebt 14 dagen om <a href="${c.page('returns')}">te retourneren</a>.</li>
<li>Vragen? Onze <a href="${c.page('contact')}">klantenservice</a> antwoordt binnen één werkdag.</li>
</ul>`,
    },
  }
}
