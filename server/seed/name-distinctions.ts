/**
 * What sets apart two products that would otherwise share a name: a shop never lists two different
 * products under one name. The first product of a name keeps it plain; later ones get a
 * distinction that fits their kind: a product line for goods ("Cotton polo shirt Texel"), a volume
 * for books, a card design for gift cards, a day and time for workshops and repairs. Product lines
 * are places whose name is the same in English, Dutch and French, so one product carries the same
 * line in every store view. A list that runs out goes on with numbered generations ("Texel 2"),
 * which keeps names unique at 100,000 products.
 */
import type { StoreCode } from '../../domain/store-views'
import { inStore, type Text } from './catalogue-words'
import type { DescriptionFamily } from './kinds/kind-types'

export type DistinctionStyle = 'line' | 'volume' | 'design' | 'slot'

/** Places spelt alike in en, nl and fr, none of them a common word, a city we sell workshops in, or a cheese. */
export const PRODUCT_LINES: readonly string[] = [
  'Texel',
  'Ameland',
  'Vlieland',
  'Terschelling',
  'Schiermonnikoog',
  'Giethoorn',
  'Delft',
  'Haarlem',
  'Zwolle',
  'Deventer',
  'Alkmaar',
  'Enkhuizen',
  'Zierikzee',
  'Domburg',
  'Middelburg',
  'Harlingen',
  'Dokkum',
  'Sneek',
  'Makkum',
  'Hindeloopen',
  'Volendam',
  'Naarden',
  'Knokke',
  'Durbuy',
  'Dinant',
  'Rochefort',
  'Chimay',
  'Hasselt',
  'Genk',
  'Maaseik',
  'Malmedy',
  'Bastogne',
  'Diest',
  'Zutphen',
  'Doesburg',
  'Elburg',
  'Harderwijk',
  'Lochem',
  'Ootmarsum',
  'Oldenzaal',
  'Winterswijk',
  'Veendam',
  'Emmen',
  'Meppel',
  'Heerenveen',
  'Franeker',
  'Workum',
  'Stavoren',
  'Lemmer',
  'Zandvoort',
  'Noordwijk',
  'Katwijk',
  'Wassenaar',
  'Scheveningen',
]

/** Gift card designs ("Birthday gift card – tulips (by e-mail)"). */
export const CARD_DESIGNS: readonly Text[] = [
  { en: 'tulips', nl: 'tulpen', fr: 'tulipes' },
  { en: 'windmills', nl: 'molens', fr: 'moulins' },
  { en: 'waves', nl: 'golven', fr: 'vagues' },
  { en: 'dunes', nl: 'duinen', fr: 'dunes' },
  { en: 'canal houses', nl: 'grachtenpanden', fr: 'maisons de canal' },
  { en: 'lighthouse', nl: 'vuurtoren', fr: 'phare' },
  { en: 'confetti', nl: 'confetti', fr: 'confettis' },
  { en: 'hearts', nl: 'hartjes', fr: 'cœurs' },
  { en: 'autumn leaves', nl: 'herfstbladeren', fr: "feuilles d'automne" },
  { en: 'snowflakes', nl: 'sneeuwvlokken', fr: 'flocons de neige' },
  { en: 'sailing boats', nl: 'zeilboten', fr: 'voiliers' },
  { en: 'stars', nl: 'sterren', fr: 'étoiles' },
]

/** Sessions and appointments, weekend first. */
const DAYS: readonly Text[] = [
  { en: 'Saturday', nl: 'zaterdag', fr: 'samedi' },
  { en: 'Sunday', nl: 'zondag', fr: 'dimanche' },
  { en: 'Friday', nl: 'vrijdag', fr: 'vendredi' },
  { en: 'Wednesday', nl: 'woensdag', fr: 'mercredi' },
  { en: 'Thursday', nl: 'donderdag', fr: 'jeudi' },
  { en: 'Tuesday', nl: 'dinsdag', fr: 'mardi' },
  { en: 'Monday', nl: 'maandag', fr: 'lundi' },
]
const HOURS = [10, 14, 16, 11, 13, 15, 19, 9, 17, 18, 20, 12] as const
const MINUTES = [0, 30] as const

const VOLUME: Text = { en: 'volume', nl: 'deel', fr: 'tome' }
/** Once every slot of a week is taken, the same slots the weeks after. */
const WEEK: Text = { en: 'week', nl: 'week', fr: 'semaine' }

const STYLE_BY_FAMILY: Partial<Record<DescriptionFamily, DistinctionStyle>> = {
  book: 'volume',
  ebook: 'volume',
  recipe: 'volume',
  giftcard: 'design',
  workshop: 'slot',
  repair: 'slot',
}

export function distinctionStyle(family: DescriptionFamily): DistinctionStyle {
  return STYLE_BY_FAMILY[family] ?? 'line'
}

/** `n` items, then the same items numbered 2, 3, ... */
function cycled(n: number, index: number): { item: number; generation: number } {
  return { item: index % n, generation: Math.floor(index / n) + 1 }
}

const numbered = (text: string, generation: number) => (generation > 1 ? `${text} ${generation}` : text)

function slot(index: number, store: StoreCode): string {
  const perDay = HOURS.length * MINUTES.length
  const { item, generation } = cycled(DAYS.length * perDay, index)
  const day = inStore(DAYS[item % DAYS.length]!, store)
  const time = Math.floor(item / DAYS.length)
  const hour = HOURS[time % HOURS.length]!
  const minute = MINUTES[Math.floor(time / HOURS.length)]!
  const clock = store === 'fr' ? `${hour} h${minute ? ` ${minute}` : ''}` : `${hour}:${String(minute).padStart(2, '0')}`
  return generation > 1 ? `${day} ${clock}, ${inStore(WEEK, store)} ${generation}` : `${day} ${clock}`
}

/**
 * The words of distinction `line` (1 for the first product that needs one) in a store view. The
 * caller places them: after a goods name, before its weight; after a title; before a delivery.
 */
export function distinctionWords(style: DistinctionStyle, line: number, store: StoreCode): string {
  const index = line - 1
  switch (style) {
    case 'line': {
      const { item, generation } = cycled(PRODUCT_LINES.length, index)
      return numbered(PRODUCT_LINES[item]!, generation)
    }
    case 'volume':
      return `${inStore(VOLUME, store)} ${line + 1}`
    case 'design': {
      const { item, generation } = cycled(CARD_DESIGNS.length, index)
      return numbered(inStore(CARD_DESIGNS[item]!, store), generation)
    }
    case 'slot':
      return slot(index, store)
  }
}
