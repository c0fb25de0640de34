import { describe, expect, it } from 'vitest'
import { AttributeSchema } from '../../domain/attribute.schema'
import { CategorySchema, ROOT_CATEGORY_ID } from '../../domain/category.schema'
import { ProductSchema, type Product } from '../../domain/product.schema'
import { STORE_CODES } from '../../domain/store-views'
import { TaxRuleSchema } from '../../domain/tax-rule.schema'
import { categorySlug } from '../../domain/url'
import { generateDemoShop } from '../../server/seed/generate'
import { typeCounts } from '../../server/seed/product-plan'

// One default-sized shop for the read-only checks; generating it takes well under a second.
const shop = generateDemoShop()
const en = shop.catalog.en
const byView = (code: (typeof STORE_CODES)[number]) => shop.catalog[code].products

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1
  return out
}

/** The state of a special-price window at a given moment. */
function windowState(p: Pick<Product, 'special_from_date' | 'special_to_date'>, now: number): 'active' | 'expired' | 'future' {
  if (p.special_from_date && Date.parse(p.special_from_date) > now) return 'future'
  if (p.special_to_date && Date.parse(p.special_to_date) < now) return 'expired'
  return 'active'
}

describe('generateDemoShop: determinism', () => {
  it('gives a deep-equal shop for the same seed and a different one for another seed', () => {
    const a = generateDemoShop({ products: 300, seed: 7 })
    const b = generateDemoShop({ products: 300, seed: 7 })
    const c = generateDemoShop({ products: 300, seed: 8 })
    expect(a).toEqual(b)
    const names = (s: typeof a) => s.catalog.en.products.map((p) => `${p.name}|${p.price}`)
    const differing = names(a).filter((value, i) => value !== names(c)[i]).length
    expect(differing).toBeGreaterThan(250)
  })

  it('never reads the clock: timestamps sit on the fixed 2026 timeline', () => {
    // 2,000 products a few minutes apart, updated within a month: all in the first quarter of 2026.
    const start = Date.parse('2026-01-01T00:00:00Z')
    const end = Date.parse('2026-04-01T00:00:00Z')
    for (const p of en.products) {
      expect(Date.parse(p.created_at)).toBeGreaterThanOrEqual(start)
      expect(Date.parse(p.updated_at)).toBeGreaterThanOrEqual(Date.parse(p.created_at))
      expect(Date.parse(p.updated_at)).toBeLessThan(end)
    }
    for (const c of en.categories) expect(c.updated_at).toBe('2026-01-01T00:00:00.000Z')
  })

  it('rejects product counts too small to hold every product type', () => {
    expect(() => generateDemoShop({ products: 5 })).toThrow(/at least 20/)
  })
})

describe('generateDemoShop: product types', () => {
  it('makes 2,000 parent products by default, about 35 % configurable and 45 % simple', () => {
    expect(en.products).toHaveLength(2000)
    const types = countBy(en.products, (p) => p.type_id)
    expect(types.configurable! / 2000).toBeCloseTo(0.35, 1)
    expect(types.simple! / 2000).toBeGreaterThan(0.4)
    expect(types.simple! / 2000).toBeLessThan(0.5)
    for (const rare of ['grouped', 'bundle', 'virtual', 'downloadable', 'giftcard']) expect(types[rare] ?? 0).toBeGreaterThanOrEqual(10)
  })

  it('keeps at least ten of each rare type in mid-sized shops and adds up to the requested total', () => {
    const counts = typeCounts(250)
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(250)
    expect(Math.min(counts.grouped, counts.bundle, counts.virtual, counts.downloadable, counts.giftcard)).toBe(10)
  })

  it('links grouped and bundle products to existing enabled simple products', () => {
    const simple = new Map(en.products.filter((p) => p.type_id === 'simple').map((p) => [p.sku, p]))
    const grouped = en.products.filter((p) => p.type_id === 'grouped')
    const bundles = en.products.filter((p) => p.type_id === 'bundle')
    for (const g of grouped) {
      expect(g.product_links!.length).toBeGreaterThanOrEqual(2)
      for (const link of g.product_links!) {
        expect(link.link_type).toBe('associated')
        expect(simple.get(link.linked_product_sku)?.status).toBe(1)
        expect(link.qty).toBeGreaterThan(0)
      }
    }
    for (const b of bundles) {
      expect(b.bundle_options!.length).toBeGreaterThanOrEqual(2)
      for (const option of b.bundle_options!) {
        expect(option.product_links.filter((l) => l.is_default)).toHaveLength(1)
        for (const link of option.product_links) expect(simple.has(link.sku)).toBe(true)
      }
    }
  })

  it('gives gift cards the three amounts and all three delivery types', () => {
    const cards = en.products.filter((p) => p.type_id === 'giftcard')
    for (const card of cards) expect(card.giftcard_amounts).toEqual([25, 50, 100])
    expect(new Set(cards.map((c) => c.mageworx_gc_type))).toEqual(new Set([1, 2, 3]))
    expect(new Set(cards.map((c) => c.giftcard_allow_open_amount))).toEqual(new Set([true, false]))
  })

  it('gives open-amount gift cards their bounds and no bounds to the others', () => {
    for (const card of en.products.filter((p) => p.type_id === 'giftcard')) {
      const bounds = [card.giftcard_open_amount_min, card.giftcard_open_amount_max]
      expect(bounds).toEqual(card.giftcard_allow_open_amount ? [10, 250] : [undefined, undefined])
    }
  })

  it('puts custom options on a deterministic subset of simple products that no set links to', () => {
    const withOptions = en.products.filter((p) => (p.custom_options?.length ?? 0) > 0)
    expect(withOptions.length).toBeGreaterThanOrEqual(20)
    const linked = new Set(
      en.products.flatMap((p) => [
        ...(p.product_links ?? []).map((l) => l.linked_product_sku),
        ...(p.bundle_options ?? []).flatMap((o) => o.product_links.map((l) => l.sku)),
      ]),
    )
    for (const p of withOptions) {
      expect(p.type_id).toBe('simple')
      expect(p.status).toBe(1)
      expect(linked.has(p.sku)).toBe(false)
      const [wrap, engraving] = p.custom_options!
      expect(wrap).toMatchObject({ type: 'drop_down', is_require: true })
      expect(wrap!.values!.map((v) => [v.price, v.price_type])).toEqual([
        [0, 'fixed'],
        [2.48, 'fixed'],
        [10, 'percent'],
      ])
      expect(wrap!.values!.every((v) => v.option_type_id > 0)).toBe(true)
      expect(engraving).toMatchObject({ type: 'field', is_require: false, price: 4.13, price_type: 'fixed', max_characters: 20 })
    }
    // the same products in every store view, with translated titles
    const fr = shop.catalog.fr.products.filter((p) => (p.custom_options?.length ?? 0) > 0)
    expect(fr.map((p) => p.sku)).toEqual(withOptions.map((p) => p.sku))
    expect(fr[0]!.custom_options![0]!.title).toBe('Emballage cadeau')
  })

  it('files food and books under the reduced tax class and clothing and bikes under the standard one', () => {
    const classOf = (categoryName: string) => new Set(en.products.filter((p) => p.category.some((c) => c.name === categoryName)).map((p) => p.tax_class_id))
    expect(classOf('Food & drinks')).toEqual(new Set([5]))
    expect(classOf('Books')).toEqual(new Set([5]))
    expect(classOf('Clothing')).toEqual(new Set([2]))
    expect(classOf('Bikes & cycling')).toEqual(new Set([2]))
  })
})

describe('generateDemoShop: schemas and structure', () => {
  it('produces records that all pass the domain schemas in every store view', () => {
    const failures: string[] = []
    for (const code of STORE_CODES) {
      const catalog = shop.catalog[code]
      for (const p of catalog.products) if (!ProductSchema.safeParse(p).success) failures.push(`${code} product ${p.sku}`)
      for (const c of catalog.categories) if (!CategorySchema.safeParse(c).success) failures.push(`${code} category ${c.id}`)
      for (const a of catalog.attributes) if (!AttributeSchema.safeParse(a).success) failures.push(`${code} attribute ${a.attribute_code}`)
    }
    for (const rule of shop.taxRules) if (!TaxRuleSchema.safeParse(rule).success) failures.push(`tax rule ${rule.id}`)
    expect(failures).toEqual([])
  })

  it('keeps ids, skus, prices, stock and structure identical across store views', () => {
    const skeleton = (products: Product[]) =>
      products.map((p) => ({
        id: p.id,
        sku: p.sku,
        type: p.type_id,
        price: p.price,
        special: p.special_price,
        stock: p.stock,
        categories: p.category_ids,
        children: p.configurable_children?.map((c) => [c.id, c.sku, c.price, c.stock.qty]),
        image: p.image,
      }))
    for (const code of ['nl', 'be', 'fr'] as const) expect(skeleton(byView(code))).toEqual(skeleton(en.products))
    for (const code of ['nl', 'be', 'fr'] as const) expect(shop.catalog[code].categories.map((c) => c.id)).toEqual(en.categories.map((c) => c.id))
  })

  it('writes prices as excl.-VAT decimals with at most two places', () => {
    for (const p of en.products) {
      expect(Math.round(p.price * 100) / 100).toBe(p.price)
      expect(p.price).toBeGreaterThan(0)
    }
  })

  it('builds the category tree under root 2 with counts that include descendants', () => {
    const root = en.categories.find((c) => c.id === ROOT_CATEGORY_ID)!
    expect(root).toMatchObject({ level: 1, path: '1/2', include_in_menu: false })
    const tops = en.categories.filter((c) => c.level === 2)
    expect(tops.length).toBeGreaterThanOrEqual(6)
    for (const top of tops) {
      const leaves = en.categories.filter((c) => c.parent_id === top.id)
      expect(leaves.length).toBeGreaterThanOrEqual(2)
      expect(leaves.length).toBeLessThanOrEqual(4)
      expect(top.children_count).toBe(leaves.length)
      expect(top.include_in_menu).toBe(true)
      const inTree = new Set([top.id, ...leaves.map((l) => l.id)])
      expect(top.product_count).toBe(en.products.filter((p) => p.category_ids.some((id) => inTree.has(id))).length)
      for (const leaf of leaves) {
        expect(leaf.product_count).toBe(en.products.filter((p) => p.category_ids.includes(leaf.id)).length)
        expect(leaf.url_path).toBe(`${top.url_path}/${leaf.url_key}`)
        expect(leaf.path).toBe(`${top.path}/${leaf.id}`)
      }
    }
    expect(root.product_count).toBe(en.products.length)
  })

  it('puts every product in a leaf category and its parent', () => {
    const byId = new Map(en.categories.map((c) => [c.id, c]))
    for (const p of en.products) {
      const [top, leaf] = p.category_ids.map((id) => byId.get(id))
      expect(leaf?.level).toBe(3)
      expect(leaf?.parent_id).toBe(top?.id)
      expect(p.category.map((c) => c.name)).toEqual([top?.name, leaf?.name])
    }
  })
})

describe('generateDemoShop: translations and url keys', () => {
  it('translates product and category names between en, nl and fr', () => {
    const differ = (a: Product[], b: Product[]) => a.filter((p, i) => p.name !== b[i]!.name).length / a.length
    expect(differ(en.products, byView('nl'))).toBeGreaterThan(0.9)
    expect(differ(en.products, byView('fr'))).toBeGreaterThan(0.9)
    expect(differ(byView('nl'), byView('fr'))).toBeGreaterThan(0.9)
    const categoryNames = (code: (typeof STORE_CODES)[number]) => shop.catalog[code].categories.filter((c) => c.level > 1).map((c) => c.name)
    const differingCategories = categoryNames('en').filter((name, i) => name !== categoryNames('fr')[i]).length
    expect(differingCategories).toBeGreaterThan(15)
    expect(
      byView('nl')
        .map((p) => p.description)
        .join(' '),
    ).not.toEqual(en.products.map((p) => p.description).join(' '))
  })

  it('contains the words search tests rely on: Fiets / fietsen in Dutch, Veste / vestes in French', () => {
    const nl = byView('nl')
    const fr = byView('fr')
    expect(nl.some((p) => /^Stadsfiets|\bstadsfiets\b/i.test(p.name))).toBe(true)
    expect(nl.some((p) => /\bfiets\b/i.test(p.name))).toBe(true)
    expect(nl.some((p) => /\bfietsen\b/.test(p.description ?? ''))).toBe(true)
    expect(fr.some((p) => /^Veste\b/.test(p.name))).toBe(true)
    expect(fr.some((p) => /\bvestes\b/.test(p.description ?? ''))).toBe(true)
  })

  it('uses a Flemish word in the be store view where one is more natural', () => {
    const be = byView('be')
    const nl = byView('nl')
    const differing = be.filter((p, i) => p.name !== nl[i]!.name)
    expect(differing.length).toBeGreaterThan(0)
    expect(differing.length).toBeLessThan(be.length / 2)
  })

  it('makes url keys from the translated name plus the id, unique per store view', () => {
    for (const code of STORE_CODES) {
      const products = byView(code)
      expect(new Set(products.map((p) => p.url_key)).size).toBe(products.length)
      const categories = shop.catalog[code].categories
      expect(new Set(categories.map((c) => c.url_key)).size).toBe(categories.length)
      for (const p of products) {
        expect(p.url_key).toMatch(new RegExp(`^[a-z0-9]+(-[a-z0-9]+)*-${p.id}$`))
        expect(p.url_path).toBe(`${p.url_key}.html`)
        expect(p.slug).toBe(p.url_key)
      }
    }
    expect(byView('fr')[0]!.url_key).not.toBe(en.products[0]!.url_key)
  })

  it('gives categories the slug the client builds from their name and id', () => {
    for (const code of STORE_CODES) {
      for (const c of shop.catalog[code].categories) expect(c.slug).toBe(categorySlug(c, false))
    }
  })

  it('translates attribute labels but keeps option ids', () => {
    const color = (code: (typeof STORE_CODES)[number]) => shop.catalog[code].attributes.find((a) => a.attribute_code === 'color')!
    expect(color('nl').frontend_label).toBe('Kleur')
    expect(color('fr').options.map((o) => o.value)).toEqual(color('en').options.map((o) => o.value))
    expect(color('fr').options.map((o) => o.label)).not.toEqual(color('en').options.map((o) => o.label))
    expect(color('en').options.every((o) => /^#[0-9a-f]{6}$/.test(o.swatch ?? ''))).toBe(true)
  })
})

describe('generateDemoShop: configurable products', () => {
  const configurables = en.products.filter((p) => p.type_id === 'configurable')
  const children = configurables.flatMap((p) => p.configurable_children ?? [])

  it('gives each child its own sku, id, stock and price', () => {
    expect(new Set(children.map((c) => c.sku)).size).toBe(children.length)
    expect(new Set([...children.map((c) => c.id), ...en.products.map((p) => p.id)]).size).toBe(children.length + en.products.length)
    for (const p of configurables) for (const c of p.configurable_children!) expect(c.sku).toMatch(new RegExp(`^${p.sku}-[A-Z]+-[0-9A-Z]+$`))
    expect(children.every((c) => c.visibility === 1)).toBe(true)
    expect(children.some((c) => !c.stock.is_in_stock)).toBe(true)
    expect(children.some((c) => c.status === 2)).toBe(true)
    expect(configurables.some((p) => new Set(p.configurable_children!.map((c) => c.price)).size > 1)).toBe(true)
  })

  it('prices the parent at its cheapest child and marks it in stock when any child is', () => {
    for (const p of configurables) {
      const kids = p.configurable_children!
      expect(p.price).toBe(Math.min(...kids.map((c) => c.price)))
      expect(p.stock.is_in_stock).toBe(kids.some((c) => c.stock.is_in_stock))
      if (p.special_price != null) expect(p.special_price).toBe(Math.min(...kids.map((c) => c.special_price!)))
    }
  })

  it('describes colour and size options with every child value', () => {
    for (const p of configurables) {
      expect(p.configurable_options!.map((o) => o.attribute_code)).toEqual(['color', 'size'])
      expect(new Set(p.configurable_children!.map((c) => c.color))).toEqual(new Set(p.color_options))
      expect(new Set(p.configurable_children!.map((c) => c.size))).toEqual(new Set(p.size_options))
    }
  })

  it("draws each child's picture in its own colour", () => {
    const p = configurables.find((x) => (x.color_options?.length ?? 0) > 1)!
    const images = new Set(p.configurable_children!.map((c) => c.image))
    expect(images.size).toBe(p.color_options!.length)
  })
})

describe('generateDemoShop: prices, stock and popularity', () => {
  const now = Date.parse('2026-06-01T00:00:00Z')
  const specials = en.products.filter((p) => p.special_price != null)

  it('gives about 15 % of products a special price, always below the price', () => {
    expect(specials.length / en.products.length).toBeGreaterThan(0.08)
    expect(specials.length / en.products.length).toBeLessThan(0.2)
    for (const p of specials) expect(p.special_price!).toBeLessThan(p.price)
  })

  it('has active, expired, future and open-ended special-price windows', () => {
    const states = countBy(specials, (p) => windowState(p, now))
    expect(states.active).toBeGreaterThan(states.expired!)
    expect(states.expired).toBeGreaterThan(0)
    expect(states.future).toBeGreaterThan(0)
    expect(specials.some((p) => p.special_to_date == null)).toBe(true)
  })

  it('leaves about 8 % out of stock and about 8 % low', () => {
    const managed = en.products.filter((p) => p.type_id === 'simple')
    const out = managed.filter((p) => p.stock.qty === 0 && !p.stock.is_in_stock).length / managed.length
    const low = managed.filter((p) => p.stock.qty >= 1 && p.stock.qty <= 3).length / managed.length
    expect(out).toBeGreaterThan(0.04)
    expect(out).toBeLessThan(0.13)
    expect(low).toBeGreaterThan(0.04)
    expect(low).toBeLessThan(0.13)
  })

  it('spreads popularity over 0–500 and disables or hides only a few products', () => {
    const sold = en.products.map((p) => p.sold_qty)
    expect(Math.min(...sold)).toBe(0)
    expect(Math.max(...sold)).toBeLessThanOrEqual(500)
    expect(Math.max(...sold)).toBeGreaterThan(400)
    const disabled = en.products.filter((p) => p.status === 2).length
    const hidden = en.products.filter((p) => p.visibility !== 4).length
    expect(disabled).toBeGreaterThan(0)
    expect(disabled).toBeLessThan(60)
    expect(hidden).toBeGreaterThan(0)
    expect(hidden).toBeLessThan(100)
  })

  it('ships the NL and BE rates for the standard and reduced classes', () => {
    const rate = (productClass: number, country: string) =>
      shop.taxRules.find((r) => r.product_tax_class_ids.includes(productClass))?.rates.find((x) => x.tax_country_id === country)?.rate
    expect([rate(2, 'NL'), rate(2, 'BE'), rate(5, 'NL'), rate(5, 'BE')]).toEqual([21, 21, 9, 6])
    expect(shop.taxRules.every((r) => r.customer_tax_class_ids.includes(3))).toBe(true)
  })
})
