/**
 * Product names per store view, from a kind and the choices the generator drew for one product.
 * Word order follows each language: English and Dutch put adjectives before the noun (qualities,
 * then colour, then material), French after it (quality, colour, then "en laine"-style material).
 * A product that shares its name with an earlier one carries a distinction (unique-names.ts).
 */
import type { StoreCode } from '../../domain/store-views'
import { ADJECTIVES, colourByKey, inStore, type Adjective, type AdjectiveKey, type FrenchForm } from './catalogue-words'
import { distinctionStyle, distinctionWords } from './name-distinctions'
import type { ComposedKind, ListedKind, ProductKind } from './product-kinds'

export interface NameChoice {
  adjective?: AdjectiveKey
  /** only for kinds whose colour is part of the name (simple products) */
  colour?: string
  phrase?: number
  suffix?: number
  /** set when an earlier product has the same name: its distinction (name-distinctions.ts), from 1 */
  line?: number
}

const FR_FORMS: readonly FrenchForm[] = ['m', 'f', 'mp', 'fp']

function french(adjective: Adjective, form: FrenchForm): string {
  return typeof adjective.fr === 'string' ? adjective.fr : adjective.fr[FR_FORMS.indexOf(form)]!
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function composedName(kind: ComposedKind, choice: NameChoice, store: StoreCode): string {
  const adjective = choice.adjective ? ADJECTIVES[choice.adjective] : undefined
  const colour = choice.colour ? colourByKey(choice.colour).adjective : undefined
  const quality = adjective && !adjective.material ? adjective : undefined
  const material = adjective?.material ? adjective : undefined
  const n = kind.noun
  const line = choice.line ? distinctionWords(distinctionStyle(kind.family), choice.line, store) : undefined
  if (store === 'fr') {
    const words = [n.fr, quality && french(quality, n.frForm), colour && french(colour, n.frForm), material && french(material, n.frForm), line]
    return capitalise(words.filter(Boolean).join(' '))
  }
  if (store === 'en') {
    return capitalise([quality?.en, colour?.en, material?.en, n.en, line].filter(Boolean).join(' '))
  }
  const form = n.nlGender === 'de' ? 0 : 1
  const nounText = store === 'be' ? (n.be ?? n.nl) : n.nl
  return capitalise([quality?.nl[form], colour?.nl[form], material?.nl[form], nounText, line].filter(Boolean).join(' '))
}

/** Where a listed name's distinction goes: a product line before the weight, a volume after the title, a card design before the delivery, a day and time after the city. */
function distinguished(kind: ListedKind, base: string, line: number | undefined, store: StoreCode): { base: string; slot?: string } {
  if (!line) return { base }
  const style = distinctionStyle(kind.family)
  const words = distinctionWords(style, line, store)
  if (style === 'volume') return { base: `${base}, ${words}` }
  if (style === 'design') return { base: `${base} – ${words}` }
  if (style === 'slot') return { base, slot: words }
  return { base: `${base} ${words}` }
}

function listedName(kind: ListedKind, choice: NameChoice, store: StoreCode): string {
  const phrase = kind.phrases[(choice.phrase ?? 0) % kind.phrases.length]!
  const { base, slot } = distinguished(kind, inStore(phrase, store), choice.line, store)
  const at = slot ? `, ${slot}` : ''
  if (choice.suffix === undefined || !kind.suffixes) return `${base}${slot ? ` – ${slot}` : ''}`
  const suffix = inStore(kind.suffixes[choice.suffix % kind.suffixes.length]!, store)
  // Weights and "(e-book)" read as part of the name; a city is a place, set off by a dash.
  return /^[\d(]/.test(suffix) ? `${base} ${suffix}${at}` : `${base} – ${suffix}${at}`
}

export function productName(kind: ProductKind, choice: NameChoice, store: StoreCode): string {
  return kind.naming === 'composed' ? composedName(kind, choice, store) : listedName(kind, choice, store)
}
