/**
 * What the demo shop sells: every product kind with its type, leaf category, picture, price range
 * and the words its names are made of. A "composed" kind builds names from adjective × noun
 * (× colour for simple products); a "listed" kind picks from translated phrases, optionally with a
 * suffix (a weight, a city). Retail prices are what a shopper pays in the Netherlands; the
 * generator turns them into source prices excluding VAT.
 */
import type { ProductType } from '../../domain/product.schema'
import type { AdjectiveKey, DutchGender, FrenchForm, Text } from './catalogue-words'

export const PICTURE_KINDS = [
  'jacket', 'tshirt', 'sweater', 'trousers', 'shoe', 'boot', 'bike', 'helmet', 'bag', 'bikelight',
  'mug', 'lamp', 'chair', 'coffee', 'tea', 'cheese', 'chocolate', 'cookie', 'book', 'ebook',
  'giftcard', 'ticket', 'giftbox', 'wrench',
] as const
export type PictureKind = (typeof PICTURE_KINDS)[number]

export interface Noun {
  en: string
  nl: string
  nlGender: DutchGender
  be?: string
  fr: string
  frForm: FrenchForm
}

/** Which description sentences fit; see descriptions.ts. */
export type DescriptionFamily =
  | 'jacket' | 'clothing' | 'shoes' | 'bike' | 'cycling-accessory' | 'home' | 'food' | 'book'
  | 'ebook' | 'recipe' | 'workshop' | 'repair' | 'giftcard' | 'set'

export type TaxKind = 'standard' | 'reduced' | 'none'

interface KindBase {
  key: string
  type: ProductType
  leaf: string
  picture: PictureKind
  /** colours the picture (and, for simple composed kinds, the name) may take */
  palette: readonly string[]
  retail: readonly [number, number]
  tax: TaxKind
  family: DescriptionFamily
  /** relative frequency among kinds of the same type */
  weight: number
  sizes?: 'clothing' | 'shoes'
}

export interface ComposedKind extends KindBase {
  naming: 'composed'
  noun: Noun
  adjectives: readonly AdjectiveKey[]
}

export interface ListedKind extends KindBase {
  naming: 'listed'
  phrases: readonly Text[]
  suffixes?: readonly Text[]
  /** grouped and bundle kinds: the leaf categories their linked simple products come from */
  linkLeaves?: readonly string[]
}

export type ProductKind = ComposedKind | ListedKind

const CLOTHES = ['black', 'white', 'red', 'blue', 'navy', 'green', 'yellow', 'grey', 'pink', 'beige'] as const
const SHOE_COLOURS = ['black', 'white', 'brown', 'navy', 'grey', 'beige', 'red'] as const
const BIKE_COLOURS = ['black', 'white', 'red', 'blue', 'navy', 'green', 'grey', 'orange', 'yellow'] as const
const HOME_COLOURS = ['black', 'white', 'blue', 'green', 'grey', 'yellow', 'pink', 'beige', 'orange'] as const

const noun = (en: string, nl: string, nlGender: DutchGender, fr: string, frForm: FrenchForm, be?: string): Noun => ({ en, nl, nlGender, fr, frForm, ...(be ? { be } : {}) })

const WEIGHTS: readonly Text[] = ['250 g', '500 g', '1 kg'].map((w) => ({ en: w, nl: w, fr: w }))
const CITIES: readonly Text[] = [
  { en: 'Amsterdam', nl: 'Amsterdam', fr: 'Amsterdam' },
  { en: 'Utrecht', nl: 'Utrecht', fr: 'Utrecht' },
  { en: 'Ghent', nl: 'Gent', fr: 'Gand' },
  { en: 'Antwerp', nl: 'Antwerpen', fr: 'Anvers' },
  { en: 'Brussels', nl: 'Brussel', fr: 'Bruxelles' },
  { en: 'Liège', nl: 'Luik', fr: 'Liège' },
  { en: 'Rotterdam', nl: 'Rotterdam', fr: 'Rotterdam' },
]
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

/** By mageworx_gc_type: 1 a code to redeem, 2 sent by e-mail, 3 a printed card by post. */
export const GIFT_CARD_DELIVERY: readonly Text[] = [
  { en: '(digital code)', nl: '(digitale code)', fr: '(code numérique)' },
  { en: '(by e-mail)', nl: '(per e-mail)', fr: '(par e-mail)' },
  { en: '(printed card)', nl: '(gedrukte kaart)', be: '(gedrukte bon)', fr: '(carte imprimée)' },
]

/**
 * Custom options some home and cycling products carry (contract §3.6 custom_options): gift
 * wrapping to choose (free, a fixed price or a percent of the product's price) and an engraving
 * text with a fixed price. Prices exclude VAT: €2.48 and €4.13 are €3.00 and €5.00 at 21 %.
 */
export const CUSTOM_OPTION_TEXTS = {
  wrapping: { en: 'Gift wrapping', nl: 'Cadeauverpakking', fr: 'Emballage cadeau' },
  noWrapping: { en: 'No gift wrapping', nl: 'Geen cadeauverpakking', fr: "Pas d'emballage cadeau" },
  paper: { en: 'Gift paper', nl: 'Cadeaupapier', be: 'Geschenkpapier', fr: 'Papier cadeau' },
  box: { en: 'Gift box', nl: 'Cadeaudoos', be: 'Geschenkdoos', fr: 'Boîte cadeau' },
  engraving: { en: 'Engraving (max. 20 characters)', nl: 'Gravure (max. 20 tekens)', fr: 'Gravure (20 caractères max.)' },
} as const satisfies Record<string, Text>
export const CUSTOM_OPTION_PRICES = { paper: 2.48, boxPercent: 10, engraving: 4.13, engravingMax: 20 } as const
/** Families whose simple products may carry the custom options. */
export const CUSTOM_OPTION_FAMILIES: readonly DescriptionFamily[] = ['home', 'cycling-accessory']
/** Gift cards with an open amount accept this range (euros). */
export const GIFT_CARD_OPEN_AMOUNT = { min: 10, max: 250 } as const

export const PRODUCT_KINDS: readonly ProductKind[] = [
  // Clothing: configurable by colour and clothing size.
  { key: 'rain-jacket', type: 'configurable', naming: 'composed', leaf: 'jackets', picture: 'jacket', palette: CLOTHES, retail: [59, 149], tax: 'standard', family: 'jacket', weight: 3, sizes: 'clothing', noun: noun('rain jacket', 'regenjas', 'de', 'veste de pluie', 'f'), adjectives: ['waterproof', 'lightweight', 'classic', 'reflective', 'sporty'] },
  { key: 'winter-coat', type: 'configurable', naming: 'composed', leaf: 'jackets', picture: 'jacket', palette: CLOTHES, retail: [99, 249], tax: 'standard', family: 'jacket', weight: 2, sizes: 'clothing', noun: noun('winter coat', 'winterjas', 'de', "manteau d'hiver", 'm'), adjectives: ['warm', 'waterproof', 'classic', 'wool'] },
  { key: 'softshell', type: 'configurable', naming: 'composed', leaf: 'jackets', picture: 'jacket', palette: CLOTHES, retail: [69, 129], tax: 'standard', family: 'jacket', weight: 2, sizes: 'clothing', noun: noun('softshell jacket', 'softshelljas', 'de', 'veste softshell', 'f'), adjectives: ['lightweight', 'sporty', 'waterproof'] },
  { key: 't-shirt', type: 'configurable', naming: 'composed', leaf: 'tops', picture: 'tshirt', palette: CLOTHES, retail: [15, 39], tax: 'standard', family: 'clothing', weight: 3, sizes: 'clothing', noun: noun('T-shirt', 'T-shirt', 'het', 'T-shirt', 'm'), adjectives: ['cotton', 'organicCotton', 'linen', 'slimFit', 'relaxed', 'classic'] },
  { key: 'polo', type: 'configurable', naming: 'composed', leaf: 'tops', picture: 'tshirt', palette: CLOTHES, retail: [25, 59], tax: 'standard', family: 'clothing', weight: 2, sizes: 'clothing', noun: noun('polo shirt', 'polo', 'de', 'polo', 'm'), adjectives: ['cotton', 'organicCotton', 'slimFit', 'classic', 'sporty'] },
  { key: 'sweater', type: 'configurable', naming: 'composed', leaf: 'knitwear', picture: 'sweater', palette: CLOTHES, retail: [39, 99], tax: 'standard', family: 'clothing', weight: 3, sizes: 'clothing', noun: noun('sweater', 'trui', 'de', 'pull', 'm', 'pull'), adjectives: ['wool', 'merino', 'cotton', 'warm', 'classic'] },
  { key: 'hoodie', type: 'configurable', naming: 'composed', leaf: 'knitwear', picture: 'sweater', palette: CLOTHES, retail: [39, 79], tax: 'standard', family: 'clothing', weight: 2, sizes: 'clothing', noun: noun('hoodie', 'hoodie', 'de', 'sweat à capuche', 'm'), adjectives: ['organicCotton', 'relaxed', 'warm', 'sporty'] },
  { key: 'cardigan', type: 'configurable', naming: 'composed', leaf: 'knitwear', picture: 'sweater', palette: CLOTHES, retail: [45, 99], tax: 'standard', family: 'clothing', weight: 2, sizes: 'clothing', noun: noun('cardigan', 'vest', 'het', 'gilet', 'm'), adjectives: ['wool', 'merino', 'cotton', 'classic'] },
  { key: 'trousers', type: 'configurable', naming: 'composed', leaf: 'trousers', picture: 'trousers', palette: CLOTHES, retail: [39, 89], tax: 'standard', family: 'clothing', weight: 2, sizes: 'clothing', noun: noun('trousers', 'broek', 'de', 'pantalon', 'm'), adjectives: ['linen', 'cotton', 'slimFit', 'relaxed', 'waterproof'] },
  { key: 'jeans', type: 'configurable', naming: 'composed', leaf: 'trousers', picture: 'trousers', palette: ['blue', 'navy', 'black', 'grey'], retail: [49, 119], tax: 'standard', family: 'clothing', weight: 2, sizes: 'clothing', noun: noun('jeans', 'spijkerbroek', 'de', 'jean', 'm', 'jeansbroek'), adjectives: ['slimFit', 'relaxed', 'organicCotton', 'vintage'] },
  { key: 'chinos', type: 'configurable', naming: 'composed', leaf: 'trousers', picture: 'trousers', palette: ['beige', 'navy', 'green', 'grey', 'black'], retail: [39, 79], tax: 'standard', family: 'clothing', weight: 1, sizes: 'clothing', noun: noun('chinos', 'chino', 'de', 'chino', 'm'), adjectives: ['slimFit', 'relaxed', 'cotton'] },
  // Shoes: configurable by colour and shoe size. Plural nouns only take invariable French adjectives.
  { key: 'sneakers', type: 'configurable', naming: 'composed', leaf: 'sneakers', picture: 'shoe', palette: SHOE_COLOURS, retail: [59, 149], tax: 'standard', family: 'shoes', weight: 3, sizes: 'shoes', noun: noun('sneakers', 'sneakers', 'de', 'baskets', 'fp'), adjectives: ['leather', 'suede', 'canvas', 'sporty', 'classic'] },
  { key: 'ankle-boots', type: 'configurable', naming: 'composed', leaf: 'boots', picture: 'boot', palette: SHOE_COLOURS, retail: [79, 179], tax: 'standard', family: 'shoes', weight: 2, sizes: 'shoes', noun: noun('ankle boots', 'enkellaarsjes', 'de', 'bottines', 'fp'), adjectives: ['leather', 'suede', 'waterproof', 'classic'] },
  { key: 'rain-boots', type: 'configurable', naming: 'composed', leaf: 'boots', picture: 'boot', palette: ['green', 'yellow', 'black', 'navy', 'red'], retail: [29, 69], tax: 'standard', family: 'shoes', weight: 1, sizes: 'shoes', noun: noun('rain boots', 'regenlaarzen', 'de', 'bottes de pluie', 'fp'), adjectives: ['rubber', 'sturdy', 'classic'] },
  { key: 'walking-shoes', type: 'configurable', naming: 'composed', leaf: 'walking', picture: 'shoe', palette: SHOE_COLOURS, retail: [89, 169], tax: 'standard', family: 'shoes', weight: 2, sizes: 'shoes', noun: noun('walking shoes', 'wandelschoenen', 'de', 'chaussures de marche', 'fp'), adjectives: ['waterproof', 'leather', 'lightweight', 'sturdy'] },
  { key: 'clogs', type: 'configurable', naming: 'composed', leaf: 'walking', picture: 'shoe', palette: ['yellow', 'white', 'red', 'blue', 'black'], retail: [19, 49], tax: 'standard', family: 'shoes', weight: 1, sizes: 'shoes', noun: noun('clogs', 'klompen', 'de', 'sabots', 'mp'), adjectives: ['wooden', 'handmade', 'classic'] },
  // Bikes and cycling: simple, the colour is part of the name.
  { key: 'city-bike', type: 'simple', naming: 'composed', leaf: 'city-bikes', picture: 'bike', palette: BIKE_COLOURS, retail: [399, 899], tax: 'standard', family: 'bike', weight: 3, noun: noun('city bike', 'stadsfiets', 'de', 'vélo de ville', 'm'), adjectives: ['classic', 'sturdy', 'lightweight', 'vintage', 'steel'] },
  { key: 'touring-bike', type: 'simple', naming: 'composed', leaf: 'city-bikes', picture: 'bike', palette: BIKE_COLOURS, retail: [599, 1299], tax: 'standard', family: 'bike', weight: 2, noun: noun('touring bike', 'toerfiets', 'de', 'vélo de randonnée', 'm'), adjectives: ['sturdy', 'lightweight', 'sporty', 'aluminium'] },
  { key: 'folding-bike', type: 'simple', naming: 'composed', leaf: 'city-bikes', picture: 'bike', palette: BIKE_COLOURS, retail: [499, 1199], tax: 'standard', family: 'bike', weight: 1, noun: noun('folding bike', 'vouwfiets', 'de', 'vélo pliant', 'm'), adjectives: ['compact', 'lightweight', 'aluminium'] },
  { key: 'e-bike', type: 'simple', naming: 'composed', leaf: 'e-bikes', picture: 'bike', palette: BIKE_COLOURS, retail: [1499, 3499], tax: 'standard', family: 'bike', weight: 2, noun: noun('e-bike', 'elektrische fiets', 'de', 'vélo électrique', 'm'), adjectives: ['lightweight', 'sturdy', 'modern', 'sporty'] },
  { key: 'cargo-bike', type: 'simple', naming: 'composed', leaf: 'e-bikes', picture: 'bike', palette: BIKE_COLOURS, retail: [1999, 4499], tax: 'standard', family: 'bike', weight: 1, noun: noun('cargo bike', 'bakfiets', 'de', 'vélo cargo', 'm'), adjectives: ['sturdy', 'modern', 'wooden'] },
  { key: 'helmet', type: 'simple', naming: 'composed', leaf: 'cycling-accessories', picture: 'helmet', palette: BIKE_COLOURS, retail: [39, 129], tax: 'standard', family: 'cycling-accessory', weight: 2, noun: noun('bike helmet', 'fietshelm', 'de', 'casque de vélo', 'm'), adjectives: ['lightweight', 'reflective', 'sporty', 'classic'] },
  { key: 'pannier', type: 'simple', naming: 'composed', leaf: 'cycling-accessories', picture: 'bag', palette: BIKE_COLOURS, retail: [29, 99], tax: 'standard', family: 'cycling-accessory', weight: 2, noun: noun('pannier bag', 'fietstas', 'de', 'sacoche de vélo', 'f'), adjectives: ['waterproof', 'canvas', 'leather', 'reflective'] },
  { key: 'bike-light', type: 'simple', naming: 'composed', leaf: 'cycling-accessories', picture: 'bikelight', palette: ['black', 'white', 'grey', 'red'], retail: [14, 59], tax: 'standard', family: 'cycling-accessory', weight: 1, noun: noun('bike light', 'fietslamp', 'de', 'éclairage de vélo', 'm'), adjectives: ['compact', 'modern', 'aluminium'] },
  // Home and kitchen: simple.
  { key: 'mug', type: 'simple', naming: 'composed', leaf: 'tableware', picture: 'mug', palette: HOME_COLOURS, retail: [8, 19], tax: 'standard', family: 'home', weight: 2, noun: noun('mug', 'mok', 'de', 'mug', 'm', 'tas'), adjectives: ['stoneware', 'ceramic', 'handmade', 'vintage'] },
  { key: 'table-lamp', type: 'simple', naming: 'composed', leaf: 'lighting', picture: 'lamp', palette: HOME_COLOURS, retail: [39, 149], tax: 'standard', family: 'home', weight: 2, noun: noun('table lamp', 'tafellamp', 'de', 'lampe de table', 'f'), adjectives: ['modern', 'vintage', 'ceramic', 'rattan'] },
  { key: 'pendant-lamp', type: 'simple', naming: 'composed', leaf: 'lighting', picture: 'lamp', palette: HOME_COLOURS, retail: [59, 199], tax: 'standard', family: 'home', weight: 1, noun: noun('pendant lamp', 'hanglamp', 'de', 'suspension', 'f'), adjectives: ['modern', 'rattan', 'steel', 'vintage'] },
  { key: 'dining-chair', type: 'simple', naming: 'composed', leaf: 'furniture', picture: 'chair', palette: HOME_COLOURS, retail: [79, 249], tax: 'standard', family: 'home', weight: 2, noun: noun('dining chair', 'eetkamerstoel', 'de', 'chaise de salle à manger', 'f'), adjectives: ['oak', 'wooden', 'modern', 'rattan', 'comfortable'] },
  { key: 'armchair', type: 'simple', naming: 'composed', leaf: 'furniture', picture: 'chair', palette: HOME_COLOURS, retail: [249, 799], tax: 'standard', family: 'home', weight: 1, noun: noun('armchair', 'fauteuil', 'de', 'fauteuil', 'm', 'zetel'), adjectives: ['comfortable', 'vintage', 'modern', 'leather'] },
  // Food and drinks: simple, reduced VAT.
  { key: 'coffee', type: 'simple', naming: 'listed', leaf: 'coffee-tea', picture: 'coffee', palette: ['brown', 'black', 'red', 'green', 'navy'], retail: [6, 19], tax: 'reduced', family: 'food', weight: 2, suffixes: WEIGHTS, phrases: [
    { en: 'Espresso beans', nl: 'Espressobonen', fr: 'Café en grains espresso' },
    { en: 'Ground filter coffee', nl: 'Gemalen filterkoffie', fr: 'Café moulu pour filtre' },
    { en: 'Decaf coffee beans', nl: 'Cafeïnevrije koffiebonen', fr: 'Café en grains décaféiné' },
    { en: 'Single-origin coffee beans', nl: 'Single origin koffiebonen', fr: "Café en grains d'origine unique" },
  ] },
  { key: 'tea', type: 'simple', naming: 'listed', leaf: 'coffee-tea', picture: 'tea', palette: ['green', 'yellow', 'red', 'pink', 'beige'], retail: [4, 12], tax: 'reduced', family: 'food', weight: 1, phrases: [
    { en: 'Fresh mint tea', nl: 'Verse muntthee', fr: 'Thé à la menthe fraîche' },
    { en: 'Earl Grey tea', nl: 'Earl Grey-thee', fr: 'Thé Earl Grey' },
    { en: 'Green tea with ginger', nl: 'Groene thee met gember', fr: 'Thé vert au gingembre' },
    { en: 'Rooibos with vanilla', nl: 'Rooibos met vanille', fr: 'Rooibos à la vanille' },
  ] },
  { key: 'cheese', type: 'simple', naming: 'listed', leaf: 'cheese', picture: 'cheese', palette: ['yellow', 'orange', 'beige'], retail: [6, 29], tax: 'reduced', family: 'food', weight: 2, suffixes: WEIGHTS, phrases: [
    { en: 'Aged Gouda cheese', nl: 'Oude Goudse kaas', fr: 'Gouda vieux' },
    { en: 'Young Gouda cheese', nl: 'Jonge Goudse kaas', fr: 'Gouda jeune' },
    { en: 'Edam cheese', nl: 'Edammer kaas', fr: 'Édam' },
    { en: 'Herve cheese', nl: 'Hervekaas', fr: 'Fromage de Herve' },
    { en: 'Cumin Leyden cheese', nl: 'Leidse komijnekaas', fr: 'Fromage de Leyde au cumin' },
    { en: 'Goat cheese with herbs', nl: 'Geitenkaas met kruiden', fr: 'Fromage de chèvre aux herbes' },
  ] },
  { key: 'chocolate', type: 'simple', naming: 'listed', leaf: 'sweets', picture: 'chocolate', palette: ['brown', 'red', 'blue', 'navy', 'green'], retail: [3, 15], tax: 'reduced', family: 'food', weight: 2, phrases: [
    { en: 'Dark chocolate bar', nl: 'Reep pure chocolade', be: 'Reep fondantchocolade', fr: 'Tablette de chocolat noir' },
    { en: 'Milk chocolate with hazelnuts', nl: 'Melkchocolade met hazelnoten', fr: 'Chocolat au lait aux noisettes' },
    { en: 'Belgian pralines', nl: 'Belgische pralines', fr: 'Pralines belges' },
    { en: 'Chocolate sprinkles', nl: 'Chocoladehagelslag', be: 'Chocoladehagel', fr: 'Vermicelles de chocolat' },
  ] },
  { key: 'cookies', type: 'simple', naming: 'listed', leaf: 'sweets', picture: 'cookie', palette: ['brown', 'orange', 'beige', 'yellow'], retail: [3, 9], tax: 'reduced', family: 'food', weight: 1, phrases: [
    { en: 'Syrup waffles', nl: 'Stroopwafels', fr: 'Gaufres au sirop' },
    { en: 'Speculoos biscuits', nl: 'Speculaasjes', be: 'Speculoos', fr: 'Biscuits spéculoos' },
    { en: 'Butter cookies', nl: 'Roomboterkoekjes', be: 'Boterkoekjes', fr: 'Biscuits au beurre' },
  ] },
  // Books: printed books are simple; e-books and recipes are downloadable. Reduced VAT.
  { key: 'book', type: 'simple', naming: 'listed', leaf: 'printed-books', picture: 'book', palette: ['red', 'blue', 'green', 'navy', 'yellow', 'orange'], retail: [15, 39], tax: 'reduced', family: 'book', weight: 2, phrases: [...BOOK_TITLES, ...COOKBOOK_TITLES] },
  { key: 'e-book', type: 'downloadable', naming: 'listed', leaf: 'e-books', picture: 'ebook', palette: ['red', 'blue', 'green', 'navy', 'grey'], retail: [7, 19], tax: 'reduced', family: 'ebook', weight: 2, phrases: BOOK_TITLES, suffixes: [{ en: '(e-book)', nl: '(e-book)', fr: '(livre numérique)' }] },
  { key: 'recipe-pack', type: 'downloadable', naming: 'listed', leaf: 'recipes', picture: 'ebook', palette: ['orange', 'yellow', 'green', 'red'], retail: [3, 12], tax: 'reduced', family: 'recipe', weight: 1, phrases: [
    { en: 'Recipes: Flemish stews', nl: 'Recepten: Vlaamse stoofpotten', fr: 'Recettes : mijotés flamands' },
    { en: 'Recipes: pancakes and poffertjes', nl: 'Recepten: pannenkoeken en poffertjes', fr: 'Recettes : crêpes et poffertjes' },
    { en: 'Recipes: cooking with Gouda', nl: 'Recepten: koken met Goudse kaas', fr: 'Recettes : cuisiner le gouda' },
    { en: 'Recipes: Belgian waffles', nl: 'Recepten: Belgische wafels', fr: 'Recettes : gaufres belges' },
  ] },
  // Services and tickets: virtual.
  { key: 'workshop', type: 'virtual', naming: 'listed', leaf: 'workshops', picture: 'ticket', palette: ['orange', 'blue', 'green', 'pink', 'yellow'], retail: [25, 95], tax: 'standard', family: 'workshop', weight: 2, suffixes: CITIES, phrases: [
    { en: 'Cheese tasting workshop', nl: 'Workshop kaasproeven', fr: 'Atelier de dégustation de fromages' },
    { en: 'Bike maintenance workshop', nl: 'Workshop fietsonderhoud', fr: "Atelier d'entretien de vélo" },
    { en: 'Chocolate making workshop', nl: 'Workshop chocolade maken', be: 'Workshop pralines maken', fr: 'Atelier chocolat' },
    { en: 'Coffee brewing workshop', nl: 'Workshop koffie zetten', fr: 'Atelier de préparation du café' },
  ] },
  { key: 'repair', type: 'virtual', naming: 'listed', leaf: 'workshops', picture: 'wrench', palette: ['grey', 'blue', 'red', 'black'], retail: [35, 89], tax: 'standard', family: 'repair', weight: 1, suffixes: CITIES, phrases: [
    { en: 'Bike repair service', nl: 'Fietsreparatie', fr: 'Réparation de vélo' },
    { en: 'Annual bike service', nl: 'Jaarlijkse fietsonderhoudsbeurt', fr: 'Entretien annuel du vélo' },
    { en: 'E-bike check-up', nl: 'Controlebeurt e-bike', fr: 'Révision de vélo électrique' },
  ] },
  // Gift cards: amounts 25 / 50 / 100; multi-purpose vouchers carry no VAT when sold.
  { key: 'gift-card', type: 'giftcard', naming: 'listed', leaf: 'gift-cards', picture: 'giftcard', palette: ['orange', 'red', 'blue', 'green', 'pink', 'navy'], retail: [25, 25], tax: 'none', family: 'giftcard', weight: 1, suffixes: GIFT_CARD_DELIVERY, phrases: [
    { en: 'Polder gift card', nl: 'Polder cadeaukaart', be: 'Polder cadeaubon', fr: 'Carte cadeau Polder' },
    { en: 'Birthday gift card', nl: 'Verjaardagscadeaukaart', be: 'Verjaardagscadeaubon', fr: "Carte cadeau d'anniversaire" },
    { en: 'Thank-you gift card', nl: 'Bedankt-cadeaukaart', be: 'Bedankt-cadeaubon', fr: 'Carte cadeau de remerciement' },
    { en: 'Cycling gift card', nl: 'Fietscadeaukaart', be: 'Fietscadeaubon', fr: 'Carte cadeau vélo' },
  ] },
  // Gift sets: grouped (buy the pieces together) and bundle (choose per option).
  { key: 'grouped-set', type: 'grouped', naming: 'listed', leaf: 'gift-sets', picture: 'giftbox', palette: ['red', 'green', 'navy', 'orange'], retail: [0, 0], tax: 'reduced', family: 'set', weight: 1, linkLeaves: ['coffee-tea', 'cheese', 'sweets'], phrases: [
    { en: 'Breakfast set', nl: 'Ontbijtset', fr: 'Coffret petit-déjeuner' },
    { en: "Cheese lover's set", nl: 'Kaasliefhebbersset', fr: 'Coffret des amateurs de fromage' },
    { en: 'Coffee break set', nl: 'Koffiepauzeset', fr: 'Coffret pause-café' },
  ] },
  { key: 'bundle-box', type: 'bundle', naming: 'listed', leaf: 'gift-sets', picture: 'giftbox', palette: ['yellow', 'blue', 'pink', 'green'], retail: [0, 0], tax: 'standard', family: 'set', weight: 1, linkLeaves: ['tableware', 'coffee-tea', 'sweets', 'cycling-accessories'], phrases: [
    { en: 'Build your own gift box', nl: 'Stel je eigen cadeaubox samen', fr: 'Composez votre coffret cadeau' },
    { en: 'Commuter gift box', nl: 'Cadeaubox voor forenzen', be: 'Geschenkdoos voor pendelaars', fr: 'Coffret cadeau du navetteur' },
    { en: 'Cosy evening box', nl: 'Gezellige-avondbox', fr: 'Coffret soirée cocooning' },
  ] },
]
