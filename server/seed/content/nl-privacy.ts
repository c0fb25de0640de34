/** The demo shop's privacy and cookie policies in Dutch. */
import { DEMO_COMPANY } from './company'
import { emailLink, officeLines } from './format'
import type { ContentContext, PageKey, PageText } from './types'

type PrivacyPage = Extract<PageKey, 'privacy-policy' | 'cookie-policy'>

export function dutchPrivacyPages(c: ContentContext): Record<PrivacyPage, PageText> {
  return {
    'privacy-policy': {
      title: 'Privacybeleid',
      meta_title: 'Privacybeleid | Polder',
      meta_description: 'Hoe Polder B.V. je persoonsgegevens verwerkt: doelen, grondslagen, bewaartermijnen, je rechten onder de AVG en waar je kunt klagen.',
      content: `<h1>Privacybeleid</h1>
<p>We gebruiken je persoonsgegevens alleen om deze winkel te laten werken en jou te helpen. Hier lees je wat we verwerken, waarom, hoe lang, en welke rechten je hebt onder de Algemene verordening gegevensbescherming (AVG).</p>
<h2>Verwerkingsverantwoordelijke</h2>
<address>${officeLines('nl')}</address>
<p>KvK ${DEMO_COMPANY.kvk}. Vragen over privacy: ${emailLink(DEMO_COMPANY.privacyEmail)}.</p>
<h2>Wat we verwerken, waarom en op welke grondslag</h2>
<table>
<thead><tr><th scope="col">Doel</th><th scope="col">Gegevens</th><th scope="col">Grondslag (art. 6, lid 1, AVG)</th></tr></thead>
<tbody>
<tr><td>Je bestelling afhandelen: levering, betaling en retour</td><td>Naam, adressen, e-mail, telefoonnummer, bestel- en betaalgegevens</td><td>(b) uitvoering van de overeenkomst</td></tr>
<tr><td>Je klantaccount</td><td>Inloggegevens, adresboek, bestelgeschiedenis</td><td>(b) uitvoering van de overeenkomst</td></tr>
<tr><td>Facturen en boekhouding</td><td>Bestel-, factuur- en betaalgegevens, btw-nummer</td><td>(c) wettelijke verplichting</td></tr>
<tr><td>Klantenservice</td><td>Je berichten en de bestelling waar ze over gaan</td><td>(b) overeenkomst en (f) gerechtvaardigd belang</td></tr>
<tr><td>Nieuwsbrief</td><td>E-mailadres, taal</td><td>(a) toestemming, die je altijd kunt intrekken</td></tr>
<tr><td>Fraude voorkomen en de winkel beveiligen</td><td>Technische gegevens, betaalstatus</td><td>(f) gerechtvaardigd belang</td></tr>
</tbody>
</table>
<h2>Wie je gegevens ontvangt</h2>
<p>We delen alleen wat nodig is met onze betaaldienstverlener, de vervoerder die je pakket bezorgt en onze hostingpartij. Zij treden op als verwerker met een verwerkersovereenkomst of, voor betalingen, onder eigen verantwoordelijkheid. We verkopen je gegevens niet. Je gegevens worden in de Europese Unie opgeslagen.</p>
<h2>Hoe lang we ze bewaren</h2>
<ul>
<li>Bestellingen en facturen: zeven jaar (Nederlandse fiscale bewaarplicht), tien jaar waar de Belgische btw-regels dat eisen.</li>
<li>Je account: tot je het verwijdert.</li>
<li>Berichten aan de klantenservice: twee jaar nadat de vraag is afgehandeld.</li>
<li>Nieuwsbrief: tot je je afmeldt.</li>
</ul>
<h2>Je rechten</h2>
<ul>
<li>inzage in je gegevens en een kopie ervan, ook in een machineleesbare vorm (overdraagbaarheid);</li>
<li>rectificatie van onjuiste gegevens en wissing van gegevens die we niet meer nodig hebben;</li>
<li>beperking van de verwerking, en bezwaar tegen verwerking op grond van gerechtvaardigd belang;</li>
<li>intrekking van je toestemming, zonder gevolgen voor eerdere verwerking.</li>
</ul>
<p>Je kunt je gegevens zelf downloaden of verwijderen onder <em>Mijn account</em>, of een verzoek sturen naar ${emailLink(DEMO_COMPANY.privacyEmail)}. We antwoorden binnen een maand.</p>
<h2>Klachten</h2>
<p>We horen het graag eerst van jou. Je hebt ook het recht een klacht in te dienen bij een toezichthouder:</p>
<ul>
<li>Nederland: de Autoriteit Persoonsgegevens (AP), <a href="https://autoriteitpersoonsgegevens.nl">autoriteitpersoonsgegevens.nl</a>, onze leidende toezichthouder;</li>
<li>België: de Gegevensbeschermingsautoriteit (GBA), <a href="https://www.gegevensbeschermingsautoriteit.be">gegevensbeschermingsautoriteit.be</a>.</li>
</ul>
<p>Hoe we cookies en vergelijkbare technieken gebruiken, lees je in ons <a href="${c.page('cookie-policy')}">cookiebeleid</a>.</p>`,
    },
    'cookie-policy': {
      title: 'Cookiebeleid',
      meta_title: 'Cookiebeleid | Polder',
      meta_description: 'Polder gebruikt alleen de cookies en browseropslag die deze winkel nodig heeft om te werken: geen advertentie- of trackingcookies.',
      content: `<h1>Cookiebeleid</h1>
<p>Cookies zijn kleine bestanden die een website in je browser opslaat. Net als cookies bewaart de lokale opslag van je browser informatie op je apparaat. Deze winkel gebruikt beide alleen waar dat nodig is om te werken.</p>
<h2>Wat we opslaan</h2>
<table>
<thead><tr><th scope="col">Wat</th><th scope="col">Waarom</th><th scope="col">Hoe lang</th></tr></thead>
<tbody>
<tr><td>Winkelwagen</td><td>Onthoudt de producten die je hebt toegevoegd</td><td>Tot je bestelt of hem leegmaakt</td></tr>
<tr><td>Inloggen</td><td>Houdt je ingelogd in je account</td><td>Tot je uitlogt</td></tr>
<tr><td>Taal en winkel</td><td>Toont de winkel in de taal die je koos</td><td>Eén jaar</td></tr>
<tr><td>Offline kopie van de winkel</td><td>Laat je snel en zonder verbinding rondkijken</td><td>Tot de volgende versie van de winkel</td></tr>
</tbody>
</table>
<p>Deze zijn strikt noodzakelijk en vragen daarom geen toestemming. We gebruiken geen advertentie- of trackingcookies, en geen andere partij plaatst via onze winkel cookies.</p>
<h2>Betaalpagina’s</h2>
<p>Wanneer je betaalt, ga je naar de pagina van onze betaaldienstverlener of je bank. Die kunnen eigen cookies gebruiken; daarvoor geldt hun eigen cookiebeleid.</p>
<h2>Cookies verwijderen</h2>
<p>Je kunt cookies en opgeslagen gegevens altijd verwijderen in de instellingen van je browser. De winkel vergeet dan je winkelwagen en logt je uit.</p>
<p>Meer over je gegevens in ons <a href="${c.page('privacy-policy')}">privacybeleid</a>.</p>`,
    },
  }
}
