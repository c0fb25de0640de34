/**
 * Demo data that reads true (issue 13): no two different products share a name in a store view,
 * copy fits the product type, and every kind is drawn as what it is.
 */
import { describe, expect, it } from 'vitest'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import { generateDemoShop } from '../../server/seed/generate'
import { distinctionWords, type DistinctionStyle } from '../../server/seed/name-distinctions'
import { PRODUCT_KINDS } from '../../server/seed/product-kinds'
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

  it('stays unique at 100,000 products: 3,000 products drawn alike per kind still get distinct names', () => {
    // The worst case of a large shop, without generating one: every plan of a kind has the same draws.
    const plans = PRODUCT_KINDS.flatMap((kind) =>
      Array.from({ length: 3000 }, () => {
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
  })

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
