/**
 * What the demo shop sells: every product kind with its type, leaf category, picture, price range
 * and the words its names are made of. A "composed" kind builds names from adjective × noun
 * (× colour for simple products); a "listed" kind picks from translated phrases, optionally with a
 * suffix (a weight, a city). Retail prices are what a shopper pays in the Netherlands; the
 * generator turns them into source prices excluding VAT.
 *
 * The kinds sit one file per part of the shop in kinds/; their order here is the order the plan draws from.
 */
import type { Text } from './catalogue-words'
import { BOOK_KINDS } from './kinds/books'
import { CLOTHING_KINDS, SHOE_KINDS } from './kinds/clothing'
import { CYCLING_KINDS } from './kinds/cycling'
import { FOOD_KINDS } from './kinds/food'
import { GIFT_CARD_KINDS, GIFT_SET_KINDS } from './kinds/gifts'
import { HOME_KINDS } from './kinds/home'
import type { DescriptionFamily, ProductKind } from './kinds/kind-types'
import { SERVICE_KINDS } from './kinds/services'

export { PICTURE_KINDS } from './kinds/kind-types'
export type { ComposedKind, DescriptionFamily, ListedKind, Noun, PictureKind, ProductKind, TaxKind } from './kinds/kind-types'
export { GIFT_CARD_DELIVERY } from './kinds/gifts'

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
export const CUSTOM_OPTION_FAMILIES: readonly DescriptionFamily[] = ['home', 'cycling-accessory', 'helmet']
/** Gift cards with an open amount accept this range (euros). */
export const GIFT_CARD_OPEN_AMOUNT = { min: 10, max: 250 } as const

export const PRODUCT_KINDS: readonly ProductKind[] = [
  ...CLOTHING_KINDS,
  ...SHOE_KINDS,
  ...CYCLING_KINDS,
  ...HOME_KINDS,
  ...FOOD_KINDS,
  ...BOOK_KINDS,
  ...SERVICE_KINDS,
  ...GIFT_CARD_KINDS,
  ...GIFT_SET_KINDS,
]
