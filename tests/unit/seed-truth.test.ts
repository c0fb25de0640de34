/**
 * Demo data that reads true: no two different products share a name in a store view,
 * copy fits the product type, and every kind is drawn as what it is.
 */
import { describe, expect, it } from 'vitest'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import { generateDemoShop } from '../../server/seed/generate'
import { distinctionWords, type DistinctionStyle } from '../../server/seed/name-distinctions'
import { parsePicturePath } from '../../server/seed/picture-paths'
import { renderProductPicture } from '../../server/seed/pictures'
import { PICTURE_KINDS, PRODUCT_KINDS } from '../../server/seed/product-kinds'
import type { ProductPlan } from '../../server/seed/product-plan'
import { productName } from '../../server/seed/product-names'
import { distinguishSameNames } from '../../server/seed/unique-names'

const shop = generateDemoShop()
const products = (store: StoreCode): Product[] => shop.catalog[store].products

function duplicates(names: readonly string[]): string[] {
  const seen = new Set<string>()
  return names.filter((name) => (seen.has(name) ? true : (seen.add(name), false)))
}

describe('one name, one product', () => {
  it('gives every top-level product of the 2,000-product shop its own name in every store view', () => {
    for (const store of STORE_CODES) expect(duplicates(products(store).map((p) => p.name)), store).toEqual([])
  })

  it('keeps the plain names of the first products that links and tests know', () => {
    expect(products('en')[0]!.name).toBe('Cotton polo shirt')
    expect(products('nl')[0]!.name).toBe('Katoenen polo')
    expect(products('fr')[0]!.name).toBe('Polo en coton')
    expect(products('fr')[0]!.url_key).toBe('polo-en-coton-1')
  })

  it('tells same-kind products apart with a product line in the same words in every language', () => {
    const polos = products('en')
      .map((p, i) => ({ en: p.name, nl: products('nl')[i]!.name, fr: products('fr')[i]!.name }))
      .filter((p) => p.en.startsWith('Cotton polo shirt'))
    expect(polos.length).toBeGreaterThan(2)
    expect(polos[0]).toEqual({ en: 'Cotton polo shirt', nl: 'Katoenen polo', fr: 'Polo en coton' })
    expect(polos[1]).toEqual({ en: 'Cotton polo shirt Texel', nl: 'Katoenen polo Texel', fr: 'Polo en coton Texel' })
    for (const name of products('en').map((p) => p.name)) expect(name).not.toMatch(/#\d/)
  })

  it('distinguishes books by volume, gift cards by design and workshops by day and time', () => {
    const en = products('en').map((p) => p.name)
    expect(en.some((n) => /, volume \d+ \(e-book\)$/.test(n))).toBe(true)
    expect(en.some((n) => / – [a-z ]+ \((digital code|by e-mail|printed card)\)$/.test(n))).toBe(true)
    const fr = products('fr').map((p) => p.name)
    expect(fr.some((n) => /, tome \d+/.test(n))).toBe(true)
  })

  it('stays unique at 100,000 products: 1,500 products drawn alike per kind (more than the commonest name there) still get distinct names', () => {
    // The worst case of a large shop, without generating one: every plan of a kind has the same draws.
    const plans = PRODUCT_KINDS.flatMap((kind) =>
      Array.from({ length: 1500 }, () => {
        const colour = kind.type === 'simple' ? { colour: kind.palette[0]! } : {}
        const name = kind.naming === 'composed' ? { adjective: kind.adjectives[0]!, ...colour } : { phrase: 0, suffix: 0 }
        return { kind, name } as unknown as ProductPlan
      }),
    )
    distinguishSameNames(plans)
    for (const store of STORE_CODES) {
      const names = plans.map((p) => productName(p.kind, p.name, store))
      expect(duplicates(names), store).toEqual([])
    }
    const tail = plans.filter((p) => p.kind.key === 'polo').map((p) => productName(p.kind, p.name, 'en'))
    expect(tail.at(-1)).toMatch(/^Cotton polo shirt [A-Z][a-z]+ \d+$/)
  }, 30_000)

  it('never repeats a distinction within a style', () => {
    const styles: DistinctionStyle[] = ['line', 'volume', 'design', 'slot']
    for (const style of styles) {
      for (const store of STORE_CODES) {
        const words = Array.from({ length: 5000 }, (_, i) => distinctionWords(style, i + 1, store))
        expect(duplicates(words), `${style} ${store}`).toEqual([])
      }
    }
  })
})

/** Promises that only a parcel can keep, per language. */
const SHIPPING: Record<'en' | 'nl' | 'fr', RegExp> = {
  en: /deliver|tomorrow|shipp|posted|pickup/i,
  nl: /bezorg|levering|geleverd|morgen in huis|verzonden|verstuurd|af te halen|afhalen/i,
  fr: /livr|demain|expédi|posté|retrait/i,
}
const RETURNS: Record<'en' | 'nl' | 'fr', RegExp> = { en: /return/i, nl: /retour/i, fr: /retour/i }
const WASHING: Record<'en' | 'nl' | 'fr', RegExp> = { en: /wash/i, nl: /\bwass/i, fr: /\blav[ée]/i }
const FOOD_CATEGORY = { en: 'Food & drinks', nl: 'Eten en drinken', fr: 'Épicerie et boissons' } as const
const language = (store: StoreCode) => (store === 'be' ? 'nl' : store)
const copyOf = (p: Product) => `${p.description ?? ''} ${p.short_description ?? ''}`

describe('copy that fits the product type', () => {
  it('promises no delivery and no returns on e-mailed gift cards, codes, downloads and tickets', () => {
    for (const store of STORE_CODES) {
      const lang = language(store)
      const digital = products(store).filter(
        (p) => p.type_id === 'virtual' || p.type_id === 'downloadable' || (p.type_id === 'giftcard' && p.mageworx_gc_type !== 3),
      )
      expect(digital.length).toBeGreaterThan(100)
      const wrong = digital.filter((p) => SHIPPING[lang].test(copyOf(p)) || RETURNS[lang].test(copyOf(p))).map((p) => `${p.name}: ${p.description}`)
      expect(wrong, store).toEqual([])
    }
  })

  it('takes no gift card back, and posts only the printed ones', () => {
    for (const store of STORE_CODES) {
      const lang = language(store)
      const cards = products(store).filter((p) => p.type_id === 'giftcard')
      expect(cards.filter((p) => RETURNS[lang].test(copyOf(p))).map((p) => p.name)).toEqual([])
      const printed = cards.filter((p) => p.mageworx_gc_type === 3)
      expect(printed.length).toBeGreaterThan(0)
      for (const p of printed) expect(p.description).toMatch(lang === 'en' ? /Posted/ : lang === 'nl' ? /verstuurd/ : /Postée/)
    }
  })

  it('offers no returns on food and washes no food', () => {
    for (const store of STORE_CODES) {
      const lang = language(store)
      const food = products(store).filter((p) => p.category.some((c) => c.name === FOOD_CATEGORY[lang]))
      expect(food.length).toBeGreaterThan(50)
      expect(food.filter((p) => RETURNS[lang].test(copyOf(p)) || WASHING[lang].test(copyOf(p))).map((p) => p.name)).toEqual([])
    }
  })

  it("still promises delivery and free returns on clothing, and calls a book's brand its publisher", () => {
    const en = products('en')
    const clothing = en.filter((p) => p.category.some((c) => c.name === 'Clothing'))
    expect(clothing.some((p) => /delivered tomorrow/.test(p.description ?? ''))).toBe(true)
    expect(clothing.some((p) => /Free returns/.test(p.description ?? ''))).toBe(true)
    const books = en.filter((p) => p.category.some((c) => c.name === 'Books & media') && p.manufacturer !== undefined)
    expect(books.length).toBeGreaterThan(0)
    for (const p of books) expect(p.description).toMatch(/Published by /)
  })
})

/** What each kind may be drawn as: written here, not read from the kinds, so a wrong mapping fails. */
const ALLOWED_PICTURES: Record<string, readonly string[]> = {
  'rain-jacket': ['jacket'],
  'winter-coat': ['jacket'],
  softshell: ['jacket'],
  't-shirt': ['tshirt'],
  polo: ['polo'],
  sweater: ['sweater'],
  hoodie: ['hoodie'],
  cardigan: ['cardigan'],
  trousers: ['trousers'],
  jeans: ['trousers'],
  chinos: ['trousers'],
  sneakers: ['shoe'],
  'ankle-boots': ['boot'],
  'rain-boots': ['boot'],
  'walking-shoes': ['shoe', 'boot'],
  clogs: ['clog'],
  'city-bike': ['bike'],
  'touring-bike': ['bike'],
  'folding-bike': ['bike'],
  'e-bike': ['bike'],
  'cargo-bike': ['cargobike'],
  helmet: ['helmet'],
  pannier: ['bag'],
  'bike-light': ['bikelight'],
  mug: ['mug'],
  'table-lamp': ['lamp'],
  'pendant-lamp': ['pendant'],
  'dining-chair': ['chair'],
  armchair: ['armchair'],
  coffee: ['coffee'],
  tea: ['tea'],
  cheese: ['cheese'],
  chocolate: ['chocolate'],
  cookies: ['cookie'],
  book: ['book'],
  'e-book': ['ebook'],
  'recipe-pack': ['ebook'],
  workshop: ['ticket'],
  repair: ['wrench'],
  'gift-card': ['giftcard'],
  'grouped-set': ['giftbox'],
  'bundle-box': ['giftbox'],
}

describe('a picture that fits', () => {
  it('draws every kind as one of the drawings allowed for it', () => {
    expect(PRODUCT_KINDS.map((k) => k.key).sort()).toEqual(Object.keys(ALLOWED_PICTURES).sort())
    for (const kind of PRODUCT_KINDS) expect(ALLOWED_PICTURES[kind.key], kind.key).toContain(kind.picture)
  })

  it('shows a polo on every polo, a hoodie on every hoodie and a cargo bike on every cargo bike, children included', () => {
    const pictureOf = (path: string | undefined) => parsePicturePath(path ?? '')?.kind
    const cases: Array<[RegExp, string]> = [
      [/polo shirt/, 'polo'],
      [/hoodie/i, 'hoodie'],
      [/cardigan/i, 'cardigan'],
      [/clogs/i, 'clog'],
      [/cargo bike/i, 'cargobike'],
      [/armchair/i, 'armchair'],
      [/pendant lamp/i, 'pendant'],
    ]
    for (const [name, picture] of cases) {
      const matching = products('en').filter((p) => name.test(p.name))
      expect(matching.length, picture).toBeGreaterThan(0)
      for (const p of matching) {
        const images = [p.image, ...(p.media_gallery ?? []).map((m) => m.image), ...(p.configurable_children ?? []).map((c) => c.image)]
        expect(new Set(images.map(pictureOf)), p.name).toEqual(new Set([picture]))
      }
    }
  })

  it('has a drawing for every picture kind', () => {
    for (const kind of PICTURE_KINDS) expect(renderProductPicture(`/catalog/product/${kind}/c0392b/1.png`), kind).toMatch(/^<svg/)
  })
})
