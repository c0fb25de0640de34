/**
 * The translated word lists the demo catalogue is composed from: colours, adjectives, brands and
 * sizes. Names are built from these (see product-names.ts) rather than translated as whole strings,
 * so each word carries the grammar it needs: Dutch adjectives have a de-word and a het-word form,
 * French ones agree in gender and number. Belgian Dutch (`be`) falls back to `nl` unless a Flemish
 * word is more natural.
 */
import type { StoreCode } from '../../domain/store-views'

/** A phrase in every language of the shop; `be` only where Flemish differs from Netherlands Dutch. */
export interface Text {
  en: string
  nl: string
  fr: string
  be?: string
}

export function inStore(text: Text, store: StoreCode): string {
  if (store === 'be') return text.be ?? text.nl
  return text[store]
}

export type DutchGender = 'de' | 'het'
/** French gender and number: masculine, feminine, masculine plural, feminine plural. */
export type FrenchForm = 'm' | 'f' | 'mp' | 'fp'

export interface Adjective {
  en: string
  /** [before a de-word or a plural, before a het-word without article] */
  nl: readonly [string, string]
  /** m, f, mp, fp; a single string when invariable ("en laine") */
  fr: string | readonly [string, string, string, string]
  /** materials follow the colour in English ("red woollen sweater"); qualities precede it */
  material?: boolean
}

export interface Colour {
  key: string
  hex: string
  /** the attribute label (a noun: "Red", "Rood", "Rouge") */
  label: Text
  /** the colour as an adjective in a product name */
  adjective: Adjective
}

const adj = (en: string, nlDe: string, nlHet: string, fr: string | readonly [string, string, string, string], material = false): Adjective => ({
  en,
  nl: [nlDe, nlHet],
  fr,
  material,
})

export const COLOURS: readonly Colour[] = [
  {
    key: 'black',
    hex: '222428',
    label: { en: 'Black', nl: 'Zwart', fr: 'Noir' },
    adjective: adj('black', 'zwarte', 'zwart', ['noir', 'noire', 'noirs', 'noires']),
  },
  {
    key: 'white',
    hex: 'f4f1ea',
    label: { en: 'White', nl: 'Wit', fr: 'Blanc' },
    adjective: adj('white', 'witte', 'wit', ['blanc', 'blanche', 'blancs', 'blanches']),
  },
  { key: 'red', hex: 'c0392b', label: { en: 'Red', nl: 'Rood', fr: 'Rouge' }, adjective: adj('red', 'rode', 'rood', ['rouge', 'rouge', 'rouges', 'rouges']) },
  {
    key: 'blue',
    hex: '2e5aac',
    label: { en: 'Blue', nl: 'Blauw', fr: 'Bleu' },
    adjective: adj('blue', 'blauwe', 'blauw', ['bleu', 'bleue', 'bleus', 'bleues']),
  },
  {
    key: 'navy',
    hex: '1f2a44',
    label: { en: 'Navy', nl: 'Marineblauw', fr: 'Bleu marine' },
    adjective: adj('navy', 'marineblauwe', 'marineblauw', 'bleu marine'),
  },
  {
    key: 'green',
    hex: '2e7d4f',
    label: { en: 'Green', nl: 'Groen', fr: 'Vert' },
    adjective: adj('green', 'groene', 'groen', ['vert', 'verte', 'verts', 'vertes']),
  },
  {
    key: 'yellow',
    hex: 'f2c230',
    label: { en: 'Yellow', nl: 'Geel', fr: 'Jaune' },
    adjective: adj('yellow', 'gele', 'geel', ['jaune', 'jaune', 'jaunes', 'jaunes']),
  },
  { key: 'orange', hex: 'e67e22', label: { en: 'Orange', nl: 'Oranje', fr: 'Orange' }, adjective: adj('orange', 'oranje', 'oranje', 'orange') },
  {
    key: 'grey',
    hex: '8a8f98',
    label: { en: 'Grey', nl: 'Grijs', fr: 'Gris' },
    adjective: adj('grey', 'grijze', 'grijs', ['gris', 'grise', 'gris', 'grises']),
  },
  { key: 'pink', hex: 'e48fb0', label: { en: 'Pink', nl: 'Roze', fr: 'Rose' }, adjective: adj('pink', 'roze', 'roze', ['rose', 'rose', 'roses', 'roses']) },
  { key: 'brown', hex: '7b4b2a', label: { en: 'Brown', nl: 'Bruin', fr: 'Marron' }, adjective: adj('brown', 'bruine', 'bruin', 'marron') },
  {
    key: 'beige',
    hex: 'd9c7a5',
    label: { en: 'Beige', nl: 'Beige', fr: 'Beige' },
    adjective: adj('beige', 'beige', 'beige', ['beige', 'beige', 'beiges', 'beiges']),
  },
]

export function colourByKey(key: string): Colour {
  const colour = COLOURS.find((c) => c.key === key)
  if (!colour) throw new UnknownWordError(`unknown colour "${key}"`)
  return colour
}

export class UnknownWordError extends Error {
  override name = 'UnknownWordError'
}

/** Adjectives by key; each product kind lists the ones that make sense for it. */
export const ADJECTIVES = {
  waterproof: adj('waterproof', 'waterdichte', 'waterdicht', ['imperméable', 'imperméable', 'imperméables', 'imperméables']),
  lightweight: adj('lightweight', 'lichte', 'licht', ['léger', 'légère', 'légers', 'légères']),
  classic: adj('classic', 'klassieke', 'klassiek', ['classique', 'classique', 'classiques', 'classiques']),
  warm: adj('warm', 'warme', 'warm', ['chaud', 'chaude', 'chauds', 'chaudes']),
  sturdy: adj('sturdy', 'stevige', 'stevig', ['robuste', 'robuste', 'robustes', 'robustes']),
  comfortable: adj('comfortable', 'comfortabele', 'comfortabel', ['confortable', 'confortable', 'confortables', 'confortables']),
  slimFit: adj('slim-fit', 'slimfit', 'slimfit', 'coupe ajustée'),
  relaxed: adj('relaxed-fit', 'losvallende', 'losvallend', 'coupe ample'),
  sporty: adj('sporty', 'sportieve', 'sportief', ['sportif', 'sportive', 'sportifs', 'sportives']),
  compact: adj('compact', 'compacte', 'compact', ['compact', 'compacte', 'compacts', 'compactes']),
  modern: adj('modern', 'moderne', 'modern', ['moderne', 'moderne', 'modernes', 'modernes']),
  vintage: adj('vintage', 'vintage', 'vintage', 'vintage'),
  reflective: adj('reflective', 'reflecterende', 'reflecterend', ['réfléchissant', 'réfléchissante', 'réfléchissants', 'réfléchissantes']),
  handmade: adj('handmade', 'handgemaakte', 'handgemaakt', ['fait main', 'faite main', 'faits main', 'faites main']),
  cotton: adj('cotton', 'katoenen', 'katoenen', 'en coton', true),
  organicCotton: adj('organic cotton', 'biokatoenen', 'biokatoenen', 'en coton bio', true),
  wool: adj('woollen', 'wollen', 'wollen', 'en laine', true),
  merino: adj('merino wool', 'merinowollen', 'merinowollen', 'en laine mérinos', true),
  linen: adj('linen', 'linnen', 'linnen', 'en lin', true),
  denim: adj('denim', 'denim', 'denim', 'en denim', true),
  leather: adj('leather', 'leren', 'leren', 'en cuir', true),
  suede: adj('suede', 'suède', 'suède', 'en daim', true),
  canvas: adj('canvas', 'canvas', 'canvas', 'en toile', true),
  rubber: adj('rubber', 'rubberen', 'rubberen', 'en caoutchouc', true),
  wooden: adj('wooden', 'houten', 'houten', 'en bois', true),
  oak: adj('oak', 'eikenhouten', 'eikenhouten', 'en chêne', true),
  ceramic: adj('ceramic', 'keramische', 'keramisch', 'en céramique', true),
  stoneware: adj('stoneware', 'aardewerken', 'aardewerken', 'en grès', true),
  steel: adj('steel', 'stalen', 'stalen', 'en acier', true),
  aluminium: adj('aluminium', 'aluminium', 'aluminium', 'en aluminium', true),
  rattan: adj('rattan', 'rotan', 'rotan', 'en rotin', true),
} as const satisfies Record<string, Adjective>
export type AdjectiveKey = keyof typeof ADJECTIVES

/** Fictional brands with a Low Countries ring to them. */
export const BRANDS: readonly string[] = [
  'Polderkracht',
  'Dijkstra & Zonen',
  'Noordzee Goods',
  'Atelier Brugge',
  'Veluwe Outdoor',
  'Maasland',
  'Schelde & Co',
  'Kempen Craft',
  'Lowlands Supply',
  'Vondelwerk',
  'Molenaar',
  'Ardenne Atelier',
]

export const CLOTHING_SIZES: readonly string[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL']
export const SHOE_SIZES: readonly string[] = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46']

export const YES_NO = { yes: { en: 'Yes', nl: 'Ja', fr: 'Oui' }, no: { en: 'No', nl: 'Nee', fr: 'Non' } } as const satisfies Record<string, Text>
