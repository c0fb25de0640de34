/** Books: printed books are simple; e-books and recipes are downloadable. Reduced VAT. */
import type { Text } from '../catalogue-words'
import type { ProductKind } from './kind-types'

/** Regions with the preposition each language uses ("op de Veluwe", "dans les Ardennes"). */
const REGIONS = [
  { en: 'Zeeland', nl: 'in Zeeland', fr: 'en Zélande' },
  { en: 'the Ardennes', nl: 'in de Ardennen', fr: 'dans les Ardennes' },
  { en: 'Flanders', nl: 'in Vlaanderen', fr: 'en Flandre' },
  { en: 'Friesland', nl: 'in Friesland', fr: 'en Frise' },
  { en: 'Limburg', nl: 'in Limburg', fr: 'au Limbourg' },
  { en: 'the Veluwe', nl: 'op de Veluwe', fr: 'dans la Veluwe' },
  { en: 'Wallonia', nl: 'in Wallonië', fr: 'en Wallonie' },
] as const
const BOOK_TITLES: readonly Text[] = REGIONS.flatMap((r) => [
  { en: `Cycling routes in ${r.en}`, nl: `Fietsroutes ${r.nl}`, fr: `Itinéraires à vélo ${r.fr}` },
  { en: `Walking in ${r.en}`, nl: `Wandelen ${r.nl}`, fr: `Randonnées ${r.fr}` },
  { en: `Hidden gems of ${r.en}`, nl: `Verborgen parels ${r.nl}`, fr: `Trésors cachés ${r.fr}` },
])
const COOKBOOK_TITLES: readonly Text[] = [
  { en: 'The Flemish kitchen', nl: 'De Vlaamse keuken', fr: 'La cuisine flamande' },
  { en: 'Dutch baking at home', nl: 'Hollands bakken', be: 'Thuis bakken op zijn Hollands', fr: 'La pâtisserie néerlandaise' },
  { en: 'Stews for cold evenings', nl: 'Stoofpotten voor koude avonden', fr: 'Mijotés pour les soirées froides' },
  { en: 'Cooking with cheese', nl: 'Koken met kaas', fr: 'Cuisiner le fromage' },
  { en: 'Vegetables from the polder', nl: 'Groenten uit de polder', fr: 'Les légumes du polder' },
]

export const BOOK_KINDS: readonly ProductKind[] = [
  {
    key: 'book',
    type: 'simple',
    naming: 'listed',
    leaf: 'printed-books',
    picture: 'book',
    palette: ['red', 'blue', 'green', 'navy', 'yellow', 'orange'],
    retail: [15, 39],
    tax: 'reduced',
    family: 'book',
    weight: 2,
    phrases: [...BOOK_TITLES, ...COOKBOOK_TITLES],
  },
  {
    key: 'e-book',
    type: 'downloadable',
    naming: 'listed',
    leaf: 'e-books',
    picture: 'ebook',
    palette: ['red', 'blue', 'green', 'navy', 'grey'],
    retail: [7, 19],
    tax: 'reduced',
    family: 'ebook',
    weight: 2,
    phrases: BOOK_TITLES,
    suffixes: [{ en: '(e-book)', nl: '(e-book)', fr: '(livre numérique)' }],
  },
  {
    key: 'recipe-pack',
    type: 'downloadable',
    naming: 'listed',
    leaf: 'recipes',
    picture: 'ebook',
    palette: ['orange', 'yellow', 'green', 'red'],
    retail: [3, 12],
    tax: 'reduced',
    family: 'recipe',
    weight: 1,
    phrases: [
      { en: 'Recipes: Flemish stews', nl: 'Recepten: Vlaamse stoofpotten', fr: 'Recettes : mijotés flamands' },
      { en: 'Recipes: pancakes and poffertjes', nl: 'Recepten: pannenkoeken en poffertjes', fr: 'Recettes : crêpes et poffertjes' },
      { en: 'Recipes: cooking with Gouda', nl: 'Recepten: koken met Goudse kaas', fr: 'Recettes : cuisiner le gouda' },
      { en: 'Recipes: Belgian waffles', nl: 'Recepten: Belgische wafels', fr: 'Recettes : gaufres belges' },
    ],
  },
]
