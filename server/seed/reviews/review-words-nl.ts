import type { ReviewWords } from './review-words'

/** Dutch reviews of the demo shop (nl and be). */
export const NL_REVIEW_WORDS: ReviewWords = {
  titles: [
    ['Teleurgesteld', 'Niet wat ik verwachtte', 'Teruggestuurd'],
    ['Kan beter', 'Mooier op de foto', 'Matig'],
    ['Prima, niets bijzonders', 'Redelijk voor de prijs', 'Gemengde gevoelens'],
    ['Erg tevreden', 'Goede prijs-kwaliteitverhouding', 'Doet wat het moet doen', 'Mooie kwaliteit', 'Zou het opnieuw kopen', 'Degelijke keuze'],
    ['Helemaal blij mee', 'Uitstekend!', 'Beter dan verwacht', 'Perfect', 'Topkwaliteit', 'Echt een aanrader', 'Geweldige aankoop'],
  ],
  texts: [
    [
      'De kwaliteit past niet bij de prijs. Na een week waren er al slijtageplekken.',
      'Het zag er heel anders uit dan op de foto’s. Terugsturen ging gelukkig makkelijk.',
      'Helaas ging het de tweede keer al kapot. De klantenservice was wel vriendelijk.',
    ],
    [
      'Het werkt, maar de afwerking is wat ruw en de kleur is doffer dan op de website.',
      'Snel geleverd, maar het product voelt goedkoper aan dan ik had gehoopt.',
      'Niet slecht, niet goed. Voor deze prijs had ik meer verwacht.',
    ],
    [
      'Het doet wat het moet doen. Niets mis mee, maar het valt ook niet op.',
      'Goed genoeg voor dagelijks gebruik. Valt iets kleiner uit, houd daar rekening mee.',
      'Over het algemeen prima, al had de handleiding duidelijker gekund.',
    ],
    [
      'Goede kwaliteit en de dag na mijn bestelling netjes verpakt geleverd. Eén ster minder omdat de kleur iets lichter is dan op de foto.',
      'Precies wat ik nodig had. Comfortabel en goed gemaakt.',
      'Ik gebruik het nu een maand en het ziet er nog als nieuw uit. Tevreden met mijn aankoop.',
      'Mooi ontwerp en stevig. De prijs is eerlijk voor wat je krijgt.',
      'Als cadeau gekocht en het viel heel goed in de smaak. Ik bestel hier zeker nog eens.',
      'Degelijk product. Even wennen, maar nu gebruik ik het elke dag.',
    ],
    [
      'Fantastische kwaliteit, precies zoals beschreven. Binnen twee dagen in huis. Ik ben er heel blij mee.',
      'Dit is al mijn tweede, deze keer voor mijn zus. We zijn er allebei dol op.',
      'Prachtig gemaakt en het voelt alsof het jaren meegaat. Elke cent waard.',
      'Overtrof mijn verwachtingen. Mooie details en het past perfect.',
      'Zondag besteld, dinsdag in huis. Top product en top service.',
      'Ik heb veel vergeleken voor ik kocht en ben blij dat ik deze heb gekozen. Echt een aanrader.',
      'Gewoon perfect. Comfortabel, praktisch en het ziet er ook nog goed uit.',
    ],
  ],
  nicknames: ['Sanne', 'Joost', 'Eva uit Utrecht', 'Pieter', 'Lotte', 'Bram', 'Femke', 'Koen', 'Anouk', 'Wouter', 'Marieke', 'Jeroen uit Gent'],
}
