/**
 * Product descriptions per store view: a sentence about the kind of product, one naming the brand
 * (its publisher for books) and a closing line that fits the product type (description-closings.ts),
 * chosen by a per-product variant number. Dutch uses informal "je", French
 * "vous" (the shop's register). Bike texts always mention "fietsen" and jacket texts "vestes":
 * search tests rely on plural forms being there.
 */
import type { StoreCode } from '../../domain/store-views'
import { inStore, type Text } from './catalogue-words'
import { closingLine } from './description-closings'
import type { DescriptionFamily } from './product-kinds'

const FAMILY: Record<DescriptionFamily, readonly Text[]> = {
  jacket: [
    {
      en: 'A jacket that keeps you dry on the bike and on the beach, with taped seams and a hood that stays put in the wind.',
      nl: 'Een jas die je droog houdt op de fiets en op het strand, met getapete naden en een capuchon die blijft zitten in de wind.',
      fr: 'Comme toutes nos vestes et tous nos manteaux, il vous garde au sec à vélo comme à la plage, avec des coutures étanches et une capuche qui tient face au vent.',
    },
    {
      en: 'Cut for Low Countries weather: breathable, windproof and long enough to cover you when you cycle.',
      nl: 'Gemaakt voor het weer in de Lage Landen: ademend, winddicht en lang genoeg om je te bedekken als je fietst.',
      fr: 'Nos vestes sont pensées pour la météo du Benelux : respirantes, coupe-vent et assez longues pour vous couvrir à vélo.',
    },
    {
      en: 'Roomy pockets, adjustable cuffs and reflective details for dark winter evenings.',
      nl: 'Ruime zakken, verstelbare mouwboorden en reflecterende details voor donkere winteravonden.',
      fr: "Poches spacieuses, poignets réglables et détails réfléchissants : nos vestes vous accompagnent pendant les soirées d'hiver.",
    },
  ],
  clothing: [
    {
      en: 'A wardrobe staple that goes with everything, made to be worn and washed for years.',
      nl: 'Een basisstuk dat overal bij past, gemaakt om jarenlang te dragen en te wassen.',
      fr: 'Un basique qui va avec tout, conçu pour être porté et lavé pendant des années.',
    },
    {
      en: 'Soft on the skin, easy to care for and cut with a little room to move.',
      nl: 'Zacht op je huid, makkelijk in onderhoud en met net genoeg bewegingsruimte.',
      fr: 'Doux sur la peau, facile à entretenir et coupé pour vous laisser bouger.',
    },
    {
      en: 'Made in small runs from fabrics we chose for comfort and durability.',
      nl: 'In kleine oplages gemaakt van stoffen die we kozen op comfort en duurzaamheid.',
      fr: 'Fabriqué en petites séries dans des tissus choisis pour leur confort et leur durabilité.',
    },
  ],
  shoes: [
    {
      en: 'Shoes for cobblestones and long city walks, with a cushioned footbed and a grippy sole.',
      nl: 'Schoenen voor kinderkopjes en lange stadswandelingen, met een verend voetbed en een stroeve zool.',
      be: 'Schoenen voor kasseien en lange stadswandelingen, met een verend voetbed en een stroeve zool.',
      fr: 'Des chaussures pour les pavés et les longues balades en ville, avec une semelle intérieure amortie et une semelle antidérapante.',
    },
    {
      en: 'Comfortable from the first day: wide fit, flexible sole and a heel that does not slip.',
      nl: 'Comfortabel vanaf de eerste dag: ruime pasvorm, soepele zool en een hiel die niet wegglijdt.',
      fr: 'Confortables dès le premier jour : chaussant large, semelle souple et talon qui ne glisse pas.',
    },
  ],
  clogs: [
    {
      en: 'Carved from poplar wood and dried for months, the way clogs have been made for centuries.',
      nl: 'Uit populierenhout gesneden en maandenlang gedroogd, zoals klompen al eeuwen gemaakt worden.',
      fr: 'Taillés dans le bois de peuplier et séchés pendant des mois, comme on fait les sabots depuis des siècles.',
    },
    {
      en: 'Warm in winter, cool in summer and made for the garden and the yard.',
      nl: 'Warm in de winter, koel in de zomer en gemaakt voor de tuin en het erf.',
      fr: 'Chauds en hiver, frais en été et faits pour le jardin et la cour.',
    },
  ],
  bike: [
    {
      en: 'Built for daily rides through town and along the dykes. All our bikes are assembled and adjusted in our workshop before delivery.',
      nl: 'Gebouwd voor dagelijkse ritten door de stad en over de dijk. Al onze fietsen worden voor levering in onze werkplaats afgesteld.',
      fr: 'Conçu pour les trajets quotidiens en ville et le long des digues. Tous nos vélos sont montés et réglés dans notre atelier avant la livraison.',
    },
    {
      en: 'Upright riding position, hub gears and a chain guard: the kind of bike you ride every day without thinking about it.',
      nl: 'Rechte zithouding, naafversnelling en een dichte kettingkast. Net als al onze fietsen gemaakt om elke dag zonder zorgen op te rijden.',
      fr: 'Position droite, moyeu à vitesses intégrées et carter de chaîne : le vélo que vous utilisez tous les jours sans y penser.',
    },
    {
      en: 'Lights, mudguards, a rack and a frame lock are fitted as standard, as on all our bikes.',
      nl: 'Verlichting, spatborden, een bagagedrager en een ringslot zitten er standaard op, zoals op al onze fietsen.',
      fr: "Éclairage, garde-boue, porte-bagages et antivol de cadre sont montés d'origine, comme sur tous nos vélos.",
    },
  ],
  'cycling-accessory': [
    {
      en: 'A sensible extra for every cyclist, tested in rain, wind and rush-hour traffic.',
      nl: 'Een slimme aanvulling voor elke fietser, getest in regen, wind en spitsverkeer. Past op de meeste fietsen.',
      fr: 'Un accessoire malin pour chaque cycliste, testé sous la pluie, dans le vent et aux heures de pointe.',
    },
    {
      en: 'Fits most city and touring bikes and mounts in a minute without tools.',
      nl: 'Past op de meeste stads- en toerfietsen en zit zonder gereedschap binnen een minuut vast.',
      fr: "S'adapte à la plupart des vélos de ville et de randonnée et se monte en une minute sans outils.",
    },
  ],
  helmet: [
    {
      en: 'Light on your head and adjusted with one hand, with vents that keep you cool on warm days.',
      nl: 'Licht op je hoofd en met één hand te verstellen, met ventilatieopeningen die je koel houden op warme dagen.',
      fr: "Léger sur la tête et réglable d'une main, avec des aérations qui vous gardent au frais par temps chaud.",
    },
    {
      en: 'Tested to EN 1078, the European standard for cycling helmets.',
      nl: 'Getest volgens EN 1078, de Europese norm voor fietshelmen.',
      fr: 'Testé selon la norme européenne EN 1078 des casques de vélo.',
    },
  ],
  home: [
    {
      en: 'Designed to make your home a little cosier, simple in shape and made to last.',
      nl: 'Ontworpen om je huis net wat gezelliger te maken, eenvoudig van vorm en gemaakt om lang mee te gaan.',
      fr: 'Conçu pour rendre votre intérieur un peu plus chaleureux, de forme simple et fait pour durer.',
    },
    {
      en: 'Made in a small workshop, so every piece differs slightly from the next.',
      nl: 'Gemaakt in een kleine werkplaats, dus elk exemplaar is net iets anders.',
      fr: 'Fabriqué dans un petit atelier : chaque pièce est légèrement différente.',
    },
  ],
  food: [
    {
      en: 'Sourced from small producers in the Netherlands and Belgium and packed fresh for you.',
      nl: 'Afkomstig van kleine producenten uit Nederland en België en vers voor je verpakt.',
      fr: 'Issu de petits producteurs des Pays-Bas et de Belgique et emballé frais pour vous.',
    },
    {
      en: 'A taste of the Low Countries, lovely for yourself and as a gift.',
      nl: 'Een smaak van de Lage Landen, lekker voor jezelf en leuk om cadeau te geven.',
      fr: 'Un goût du Benelux, à savourer vous-même ou à offrir.',
    },
  ],
  book: [
    {
      en: 'A richly illustrated book, full of tips and stories from the Low Countries.',
      nl: 'Een rijk geïllustreerd boek vol tips en verhalen uit de Lage Landen.',
      fr: "Un livre richement illustré, plein de conseils et d'histoires du Benelux.",
    },
    {
      en: 'Hardback, printed on FSC paper by a printer in Flanders.',
      nl: 'Gebonden uitgave, gedrukt op FSC-papier bij een drukker in Vlaanderen.',
      fr: 'Relié, imprimé sur papier FSC par un imprimeur flamand.',
    },
  ],
  ebook: [
    {
      en: 'The e-book edition, with maps you can zoom into and links to every route.',
      nl: 'De e-bookeditie, met kaarten waarop je kunt inzoomen en links naar elke route.',
      fr: "L'édition numérique, avec des cartes zoomables et des liens vers chaque itinéraire.",
    },
    {
      en: 'Download it right after checkout and read it on any device.',
      nl: 'Je downloadt het direct na het afrekenen en leest het op elk apparaat.',
      fr: 'Téléchargez-le dès votre commande validée et lisez-le sur tous vos appareils.',
    },
  ],
  recipe: [
    {
      en: 'A downloadable collection of tried-and-tested recipes, with shopping lists.',
      nl: 'Een downloadbare verzameling beproefde recepten, met boodschappenlijstjes.',
      fr: 'Un recueil téléchargeable de recettes éprouvées, avec listes de courses.',
    },
  ],
  workshop: [
    {
      en: 'A hands-on afternoon in a small group, led by a local maker. Coffee and tea included.',
      nl: 'Een middag zelf aan de slag in een kleine groep, onder leiding van een lokale maker. Koffie en thee inbegrepen.',
      fr: 'Un après-midi pratique en petit groupe, animé par un artisan local. Café et thé compris.',
    },
    {
      en: 'Your ticket arrives by e-mail; show it on your phone at the door.',
      nl: 'Je ticket ontvang je per e-mail; laat het bij de deur zien op je telefoon.',
      be: 'Je ticket ontvang je per e-mail; toon het bij de deur op je gsm.',
      fr: "Votre billet arrive par e-mail ; présentez-le sur votre téléphone à l'entrée.",
    },
  ],
  repair: [
    {
      en: 'Our mechanics check brakes, gears, tyres and lights, and tell you before they replace anything.',
      nl: 'Onze monteurs controleren remmen, versnellingen, banden en verlichting, en overleggen met je voordat ze iets vervangen. Wij repareren alle fietsen.',
      fr: 'Nos mécaniciens contrôlent freins, vitesses, pneus et éclairage, et vous consultent avant de remplacer quoi que ce soit.',
    },
  ],
  giftcard: [
    {
      en: 'Let them choose: spend it on anything in our range, online or in our stores.',
      nl: 'Laat hen zelf kiezen: te besteden aan ons hele assortiment, online of in onze winkels.',
      fr: 'Laissez-les choisir : à utiliser sur tout notre assortiment, en ligne ou en magasin.',
    },
    {
      en: 'Valid for two years and can be used in several orders.',
      nl: 'Twee jaar geldig en te gebruiken voor meerdere bestellingen.',
      fr: 'Valable deux ans et utilisable en plusieurs commandes.',
    },
  ],
  set: [
    {
      en: 'A ready-made selection of our favourites, wrapped and ready to give.',
      nl: 'Een kant-en-klare selectie van onze favorieten, ingepakt en klaar om te geven.',
      fr: 'Une sélection de nos favoris, emballée et prête à offrir.',
    },
  ],
}

const MAKER: Text = { en: 'Made by {brand}.', nl: 'Gemaakt door {brand}.', fr: 'Conçu par {brand}.' }
const PUBLISHER: Text = { en: 'Published by {brand}.', nl: 'Uitgegeven door {brand}.', fr: 'Publié par {brand}.' }
const PUBLISHED: ReadonlySet<DescriptionFamily> = new Set(['book', 'ebook', 'recipe'])

export interface ProductTexts {
  description: string
  short_description: string
}

/**
 * `brand` is left out for the shop's own products (gift cards, sets, workshops); `giftcardType`
 * (mageworx_gc_type) says how a gift card reaches the shopper, which its closing line tells.
 */
export function productTexts(family: DescriptionFamily, variant: number, brand: string | undefined, store: StoreCode, giftcardType?: 1 | 2 | 3): ProductTexts {
  const sentences = FAMILY[family]
  const lead = inStore(sentences[variant % sentences.length]!, store)
  const maker = brand === undefined ? '' : ` ${inStore(PUBLISHED.has(family) ? PUBLISHER : MAKER, store).replace('{brand}', brand)}`
  const closing = closingLine(family, variant, store, giftcardType)
  return { description: `${lead}${maker} ${closing}`, short_description: lead }
}
