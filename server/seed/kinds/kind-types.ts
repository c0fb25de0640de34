/**
 * The shape of a demo-shop product kind (see ../product-kinds.ts): its picture, naming words,
 * price range, VAT kind and description family. The kinds themselves sit one file per part of the shop.
 */
import type { ProductType } from '../../../domain/product.schema'
import type { AdjectiveKey, DutchGender, FrenchForm, Text } from '../catalogue-words'

export const PICTURE_KINDS = [
  'jacket',
  'tshirt',
  'polo',
  'sweater',
  'hoodie',
  'cardigan',
  'trousers',
  'shoe',
  'boot',
  'clog',
  'bike',
  'cargobike',
  'helmet',
  'bag',
  'bikelight',
  'mug',
  'lamp',
  'pendant',
  'chair',
  'armchair',
  'coffee',
  'tea',
  'cheese',
  'chocolate',
  'cookie',
  'book',
  'ebook',
  'giftcard',
  'ticket',
  'giftbox',
  'wrench',
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
  | 'jacket'
  | 'clothing'
  | 'shoes'
  | 'clogs'
  | 'bike'
  | 'cycling-accessory'
  | 'helmet'
  | 'home'
  | 'food'
  | 'book'
  | 'ebook'
  | 'recipe'
  | 'workshop'
  | 'repair'
  | 'giftcard'
  | 'set'

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

export const noun = (en: string, nl: string, nlGender: DutchGender, fr: string, frForm: FrenchForm, be?: string): Noun => ({
  en,
  nl,
  nlGender,
  fr,
  frForm,
  ...(be ? { be } : {}),
})
