/**
 * The demo shop's attributes: colour and size (the configurable options), brand and the
 * "Erin recommends" flag of the default filters (spec §9). Option ids are the same in every store
 * view; only labels are translated. Option ids sit in separate ranges per attribute so an id alone
 * tells which attribute it belongs to when reading fixtures.
 */
import type { Attribute } from '../../domain/attribute.schema'
import type { StoreCode } from '../../domain/store-views'
import { BRANDS, CLOTHING_SIZES, COLOURS, inStore, SHOE_SIZES, YES_NO, type Text } from './catalogue-words'

export const ATTRIBUTE_IDS = { color: 93, size: 144, manufacturer: 83, erin_recommends: 145 } as const

const COLOUR_OPTION_BASE = 49
const SIZE_OPTION_BASE = 167
const BRAND_OPTION_BASE = 210
export const ERIN_YES = 1
export const ERIN_NO = 0

export function colourOptionId(colourKey: string): number {
  return COLOUR_OPTION_BASE + COLOURS.findIndex((c) => c.key === colourKey)
}

/** Clothing sizes first, then shoe sizes, in one size attribute (as in the Magento demo data). */
export function sizeOptionId(size: string): number {
  const clothing = CLOTHING_SIZES.indexOf(size)
  return SIZE_OPTION_BASE + (clothing >= 0 ? clothing : CLOTHING_SIZES.length + SHOE_SIZES.indexOf(size))
}

export function brandOptionId(brandIndex: number): number {
  return BRAND_OPTION_BASE + brandIndex
}

const LABELS: Record<keyof typeof ATTRIBUTE_IDS, Text> = {
  color: { en: 'Colour', nl: 'Kleur', fr: 'Couleur' },
  size: { en: 'Size', nl: 'Maat', fr: 'Taille' },
  manufacturer: { en: 'Brand', nl: 'Merk', fr: 'Marque' },
  erin_recommends: { en: 'Erin recommends', nl: 'Erin raadt aan', fr: 'Erin recommande' },
}

export function attributeLabel(code: keyof typeof ATTRIBUTE_IDS, store: StoreCode): string {
  return inStore(LABELS[code], store)
}

export function renderAttributes(store: StoreCode, updatedAt: string): Attribute[] {
  const attribute = (code: keyof typeof ATTRIBUTE_IDS, options: Attribute['options'], flags: { comparable: boolean }): Attribute => ({
    id: ATTRIBUTE_IDS[code],
    attribute_id: ATTRIBUTE_IDS[code],
    attribute_code: code,
    frontend_input: 'select',
    frontend_label: attributeLabel(code, store),
    default_frontend_label: LABELS[code].en,
    is_user_defined: true,
    is_visible: true,
    is_visible_on_front: true,
    is_comparable: flags.comparable,
    is_filterable: true,
    options,
    updated_at: updatedAt,
  })
  const sizes = [...CLOTHING_SIZES, ...SHOE_SIZES]
  return [
    attribute(
      'color',
      COLOURS.map((c, i) => ({ value: String(colourOptionId(c.key)), label: inStore(c.label, store), sort_order: i, swatch: `#${c.hex}` })),
      { comparable: true },
    ),
    attribute(
      'size',
      sizes.map((s, i) => ({ value: String(sizeOptionId(s)), label: s, sort_order: i })),
      { comparable: true },
    ),
    attribute(
      'manufacturer',
      BRANDS.map((b, i) => ({ value: String(brandOptionId(i)), label: b, sort_order: i })),
      { comparable: true },
    ),
    // A merchandising flag: worth filtering on, meaningless in a comparison table.
    attribute(
      'erin_recommends',
      [
        { value: String(ERIN_YES), label: inStore(YES_NO.yes, store), sort_order: 0 },
        { value: String(ERIN_NO), label: inStore(YES_NO.no, store), sort_order: 1 },
      ],
      { comparable: false },
    ),
  ]
}
