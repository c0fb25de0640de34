/**
 * `_source` field lists with Elasticsearch's wildcard semantics: Vue Storefront 1's default lists
 * on realistic products and categories, include and exclude together, arrays, and patterns shaped
 * to reach an object's prototype or to make a matcher backtrack.
 */
import { describe, expect, it } from 'vitest'
import { InvalidRequestError } from '../../server/services/errors'
import {
  MAX_SOURCE_FIELDS,
  MAX_SOURCE_PATTERN_CHARS,
  filterSource,
  parseFieldList,
  parseFieldPaths,
  plainFieldNames,
} from '../../server/services/source-filter'
import { CATEGORY_FIELDS, PRODUCT_EXCLUDE_FIELDS, PRODUCT_LIST_FIELDS } from '../fixtures/vsf1/config'

type Json = Record<string, unknown>

const child = (id: number, sku: string, color: number) => ({
  id,
  sku,
  name: `Tee ${sku}`,
  status: 1,
  price: 20,
  final_price: 18,
  color,
  size: 167,
  image: `/t/${sku}.jpg`,
  small_image: `/t/${sku}-s.jpg`,
  url_key: sku.toLowerCase(),
  sgn: `sig-${id}`,
  msrp_display_actual_price_type: 0,
  stock: { qty: 3, is_in_stock: true, stock_id: 1 },
})

/** A configurable product as the catalogue stores it, with what VSF1's lists name and leave out. */
const product = (): Json => ({
  id: 100,
  sku: 'TEE',
  name: 'Tee',
  type_id: 'configurable',
  status: 1,
  visibility: 4,
  attribute_set_id: 9,
  description: '<p>Soft</p>',
  sgn: 'sig-100',
  msrp_display_actual_price_type: 0,
  required_options: 0,
  image: '/t/tee.jpg',
  small_image: '/t/tee-s.jpg',
  thumbnail: '/t/tee-t.jpg',
  price: 20,
  final_price: 18,
  price_incl_tax: 24.2,
  special_price: null,
  tax_class_id: 2,
  url_key: 'tee',
  url_path: 'clothing/tee.html',
  updated_at: '2026-01-01',
  category_ids: [3, 5],
  category: [
    { category_id: 3, name: 'Clothing' },
    { category_id: 5, name: 'Tops' },
  ],
  media_gallery: [{ image: '/t/tee.jpg', pos: 1, typ: 'image' }],
  stock: { qty: 10, is_in_stock: true, stock_id: 1, use_config_min_qty: true, manage_stock: true },
  configurable_options: [{ attribute_code: 'color', values: [{ value_index: 49 }] }],
  configurable_children: [child(101, 'TEE-RED-S', 49), child(102, 'TEE-BLUE-S', 50)],
  product_links: [{ link_type: 'related', linked_product_sku: 'MUG' }],
})

/** A category with its subtree, as the menu reads it. */
const category = (): Json => ({
  id: 2,
  parent_id: 1,
  name: 'Root',
  level: 1,
  path: '1/2',
  position: 1,
  is_active: true,
  include_in_menu: 1,
  product_count: 0,
  children_count: 3,
  url_key: 'root',
  url_path: 'root',
  sgn: 'sig-2',
  children_data: [
    { id: 3, name: 'Clothing', level: 2, url_key: 'clothing', children_data: [{ id: 5, name: 'Tops', level: 3, children_data: [] }] },
    { id: 4, name: 'Food', level: 2, url_key: 'food', children_data: [] },
  ],
})

const cut = (doc: Json, include: readonly string[], exclude: readonly string[] = []): Json =>
  filterSource(doc, parseFieldPaths(include, '_source_include'), parseFieldPaths(exclude, '_source_exclude'))

describe('Vue Storefront 1 default field lists', () => {
  it("a category page's product list keeps what the list names, skus and images at any depth, and drops the excluded", () => {
    const doc = product()
    const before = structuredClone(doc)
    const childCut = (id: number, sku: string, color: number) => ({
      id,
      sku,
      price: 20,
      final_price: 18,
      color,
      size: 167,
      image: `/t/${sku}.jpg`,
      small_image: `/t/${sku}-s.jpg`,
    })
    expect(cut(doc, PRODUCT_LIST_FIELDS.include, PRODUCT_LIST_FIELDS.exclude)).toEqual({
      id: 100,
      sku: 'TEE',
      name: 'Tee',
      type_id: 'configurable',
      status: 1,
      image: '/t/tee.jpg',
      small_image: '/t/tee-s.jpg',
      price: 20,
      final_price: 18,
      price_incl_tax: 24.2,
      special_price: null,
      tax_class_id: 2,
      url_key: 'tee',
      url_path: 'clothing/tee.html',
      configurable_children: [childCut(101, 'TEE-RED-S', 49), childCut(102, 'TEE-BLUE-S', 50)],
      product_links: [{ link_type: 'related', linked_product_sku: 'MUG' }],
    })
    expect(doc).toEqual(before)
  })

  it("the category menu's list keeps the subtree's ids at every depth and nothing else of it", () => {
    expect(cut(category(), CATEGORY_FIELDS.include, CATEGORY_FIELDS.exclude)).toEqual({
      id: 2,
      parent_id: 1,
      name: 'Root',
      level: 1,
      path: '1/2',
      position: 1,
      is_active: true,
      product_count: 0,
      children_count: 3,
      url_key: 'root',
      url_path: 'root',
      children_data: [{ id: 3, children_data: [{ id: 5 }] }, { id: 4 }],
    })
  })

  it("the product page's exclude list drops top-level and nested fields as it names them", () => {
    const out = cut(product(), [], PRODUCT_EXCLUDE_FIELDS) as { stock: Json; configurable_children: Json[] }
    expect(out).not.toHaveProperty('small_image')
    expect(out).not.toHaveProperty('sgn')
    expect(out).not.toHaveProperty('msrp_display_actual_price_type')
    expect(out).not.toHaveProperty('updated_at')
    expect(out).not.toHaveProperty('attribute_set_id')
    expect(out.stock).toEqual({ qty: 10, is_in_stock: true })
    // `small_image` names the top-level field only; `*.sgn` and `*.msrp_…` reach the children
    expect(out.configurable_children[0]).toEqual({ ...child(101, 'TEE-RED-S', 49), sgn: undefined, msrp_display_actual_price_type: undefined })
    expect(Object.keys(out.configurable_children[0]!)).not.toContain('sgn')
    expect(out).toMatchObject({ description: '<p>Soft</p>', thumbnail: '/t/tee-t.jpg', media_gallery: product().media_gallery })
  })

  it('each wildcard pattern of the defaults on its own', () => {
    const doc = product()
    const skus = (cut(doc, ['*sku']).configurable_children as Json[]).map((c) => c.sku)
    expect(cut(doc, ['*sku'])).toEqual({
      sku: 'TEE',
      configurable_children: [{ sku: 'TEE-RED-S' }, { sku: 'TEE-BLUE-S' }],
      product_links: [{ linked_product_sku: 'MUG' }],
    })
    expect(skus).toEqual(['TEE-RED-S', 'TEE-BLUE-S'])
    expect(cut(doc, ['*small_image'])).toEqual({
      small_image: '/t/tee-s.jpg',
      configurable_children: [{ small_image: '/t/TEE-RED-S-s.jpg' }, { small_image: '/t/TEE-BLUE-S-s.jpg' }],
    })
    // `*image` ends in "image": small_image too, and the gallery's own image field
    expect(Object.keys(cut(doc, ['*image'])).sort()).toEqual(['configurable_children', 'image', 'media_gallery', 'small_image'])
    expect(cut(doc, ['*image']).media_gallery).toEqual([{ image: '/t/tee.jpg' }])
    // `*.…`: below the top only
    expect(cut(doc, ['*.url_key'])).toEqual({ configurable_children: [{ url_key: 'tee-red-s' }, { url_key: 'tee-blue-s' }] })
    expect(cut(doc, ['*.msrp_display_actual_price_type'])).toEqual({
      configurable_children: [{ msrp_display_actual_price_type: 0 }, { msrp_display_actual_price_type: 0 }],
    })
    expect(cut(doc, ['*.sgn'])).toEqual({ configurable_children: [{ sgn: 'sig-101' }, { sgn: 'sig-102' }] })
    expect(cut(doc, ['configurable_children.*'])).toEqual({ configurable_children: doc.configurable_children })
    expect(cut(category(), ['*.children_data.id'])).toEqual({ children_data: [{ children_data: [{ id: 5 }] }] })
  })
})

describe('Elasticsearch _source rules', () => {
  it('an object path includes the whole object; a path into an array of objects walks each element', () => {
    const doc = product()
    expect(cut(doc, ['category'])).toEqual({ category: doc.category })
    expect(cut(doc, ['stock'])).toEqual({ stock: doc.stock })
    expect(cut(doc, ['category.category_id'])).toEqual({ category: [{ category_id: 3 }, { category_id: 5 }] })
    expect(cut(doc, ['category_ids'])).toEqual({ category_ids: [3, 5] })
    // an array of scalars has nothing below it
    expect(cut(doc, ['category_ids.x'])).toEqual({})
  })

  it('a star matches any run of characters, none too, across dots', () => {
    const doc = { sku: 'A', skus: ['B'], ask: 1, nested: { deep: { sku: 'C' } } }
    expect(cut(doc, ['sku*'])).toEqual({ sku: 'A', skus: ['B'] })
    expect(cut(doc, ['s*u'])).toEqual({ sku: 'A' })
    expect(cut(doc, ['nest*sku'])).toEqual({ nested: { deep: { sku: 'C' } } })
    expect(cut(doc, ['*'])).toEqual(doc)
    expect(cut(doc, ['*.*'])).toEqual({ nested: doc.nested })
    expect(cut(doc, ['**sku'])).toEqual(cut(doc, ['*sku']))
  })

  it('include, then exclude: the exclusion wins, at any depth, and the document stays as it was', () => {
    const doc = product()
    const before = structuredClone(doc)
    expect(cut(doc, ['stock'], ['stock.stock_id'])).toEqual({ stock: { qty: 10, is_in_stock: true, use_config_min_qty: true, manage_stock: true } })
    expect(cut(doc, ['*sku'], ['configurable_children.sku', 'product_links'])).toEqual({ sku: 'TEE' })
    expect(cut(doc, ['configurable_children'], ['*.stock', '*.sgn', '*image'])).toEqual({
      configurable_children: (doc.configurable_children as Json[]).map(({ stock: _s, sgn: _g, image: _i, small_image: _m, ...rest }) => rest),
    })
    // a matched object stays, emptied; an object nothing matched in is left out
    expect(cut(doc, ['stock'], ['stock.*'])).toEqual({ stock: {} })
    expect(cut(doc, ['configurable_children.sku'], ['*sku'])).toEqual({})
    expect(cut(doc, [], ['*'])).toEqual({})
    expect(doc).toEqual(before)
  })

  it('elements of an array left empty by the walk are dropped, as Elasticsearch drops them', () => {
    const doc = { items: [{ sku: 'A', qty: 1 }, { qty: 2 }, [{ sku: 'B' }], 'loose'] }
    expect(cut(doc, ['items.sku'])).toEqual({ items: [{ sku: 'A' }, [{ sku: 'B' }]] })
    expect(cut(doc, ['items'], ['items.qty'])).toEqual({ items: [{ sku: 'A' }, [{ sku: 'B' }], 'loose'] })
    // a value no exclude can reach inside is kept whole, empty elements and all
    const sparse = { items: [{}, { sku: 'A' }, []], empty: {} }
    expect(cut(sparse, ['items', 'empty'])).toEqual(sparse)
    expect(cut(sparse, [], ['zzz', '*.qty'])).toEqual({ items: [{ sku: 'A' }], empty: {} })
    expect(cut(sparse, [], ['zzz'])).toEqual(sparse)
  })

  it('no list gives the document itself', () => {
    const doc = product()
    expect(cut(doc, [])).toBe(doc)
  })
})

describe('the fast path: a document cut to plain top-level names', () => {
  it('plain single names only', () => {
    expect(plainFieldNames(parseFieldList('sku,name,price', 'p'))).toEqual(['sku', 'name', 'price'])
    for (const list of ['', '*sku', 'sku,*image', 'stock.qty', 'sku*']) expect(plainFieldNames(parseFieldList(list, 'p'))).toBeUndefined()
  })

  it('filters to the same answer as the whole document', () => {
    const doc = product()
    for (const list of ['sku,name,price', 'configurable_children,media_gallery', 'category,no_such_field', 'sk']) {
      const include = parseFieldList(list, 'p')
      const names = plainFieldNames(include)!
      const picked = Object.fromEntries(Object.entries(doc).filter(([k]) => names.includes(k)))
      const none = parseFieldList('', 'p')
      expect(filterSource(picked, include, none)).toEqual(filterSource(doc, include, none))
    }
  })
})

describe('patterns are checked and never reach an object prototype', () => {
  const originalHasOwnProperty = Object.prototype.hasOwnProperty
  const originalToString = Object.prototype.toString

  function expectPrototypeWhole(): void {
    expect(({} as Json).polluted).toBeUndefined()
    expect(Object.prototype.hasOwnProperty).toBe(originalHasOwnProperty)
    expect(Object.prototype.toString).toBe(originalToString)
    expect(Object.hasOwn({ a: 1 }, 'a')).toBe(true)
  }

  it.each([
    '__proto__',
    'constructor',
    'prototype',
    'name.__proto__',
    '__proto__.polluted',
    'constructor.*',
    '*.constructor.*',
    '*.__proto__.*',
    'prototype.*',
  ])('a prototype name as a whole segment, %s, is a 400', (pattern) => {
    expect(() => parseFieldList(pattern, '_source_include')).toThrow(InvalidRequestError)
    expect(() => parseFieldList(pattern, '_source_include')).toThrow(`_source_include: "${pattern}" is not a field name`)
  })

  it.each(['a b', 'a;b', 'a[0]', 'a/b', '$where', 'a..b', '.a', 'a.', 'a?', 'ä', 'a\u0000'])(
    'the refused pattern %j is a 400 naming the parameter',
    (pattern) => {
      expect(() => parseFieldPaths([pattern], 'includeFields')).toThrow(/^includeFields: ".*" is not a field name$/)
    },
  )

  it('keeps the limits on count, depth and length', () => {
    expect(() =>
      parseFieldPaths(
        Array.from({ length: MAX_SOURCE_FIELDS + 1 }, (_, i) => `f${i}`),
        'p',
      ),
    ).toThrow(`p: at most ${MAX_SOURCE_FIELDS} fields`)
    expect(() => parseFieldPaths(['a.b.c.d.e.f.g.h.i'], 'p')).toThrow('is not a field name')
    expect(() => parseFieldPaths(['x'.repeat(101)], 'p')).toThrow('is not a field name')
    const long = Array.from({ length: 100 }, (_, i) => `${'y'.repeat(90)}${i}`)
    expect(long.join('').length).toBeGreaterThan(MAX_SOURCE_PATTERN_CHARS)
    expect(() => parseFieldPaths(long, 'p')).toThrow(`p: at most ${MAX_SOURCE_PATTERN_CHARS} characters`)
    expect(parseFieldPaths(['a.b.c.d.e.f.g.h', 'x'.repeat(100), ' sku ', 'sku'], 'p').patterns).toEqual(['a.b.c.d.e.f.g.h', 'x'.repeat(100), 'sku'])
  })

  it('wildcards never select __proto__, constructor or prototype keys, even own ones from JSON', () => {
    const text =
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3},' +
      '"a":{"__proto__":{"polluted":4},"b":1,"constructor":5},"list":[{"__proto__":{"polluted":6},"c":2}]}'
    for (const [include, exclude] of [
      [['*'], []],
      [['*__proto__*'], []],
      [['*proto*'], []],
      [['prototype*'], []],
      [['__proto__*', 'constructor*'], []],
      [['*'], ['*.zzz']],
      [[], ['*.zzz']],
      [[], ['*proto*']],
      [['*.*'], ['*.polluted']],
    ] as const) {
      const doc = JSON.parse(text) as Json
      const out = cut(doc, include, exclude)
      for (const key of ['__proto__', 'constructor', 'prototype']) expect(Object.hasOwn(out, key), `${include} / ${exclude}: ${key}`).toBe(false)
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
      expectPrototypeWhole()
    }
    // a walk into an object skips them there too, and builds plain objects
    const walked = cut(JSON.parse(text) as Json, ['*'], ['*.zzz'])
    expect(walked).toEqual({ a: { b: 1 }, list: [{ c: 2 }] })
    expect(Object.getPrototypeOf(walked.a)).toBe(Object.prototype)
    expect(cut(JSON.parse(text) as Json, ['*proto*'])).toEqual({})
    expectPrototypeWhole()
  })

  it('a pattern made to backtrack finishes fast on a long key', () => {
    const key = 'a'.repeat(20_000)
    const doc = { [key]: 1, [`${key}b`]: 2, nested: { [key]: { [`${key}b`]: 3 } } }
    const started = performance.now()
    const out = cut(doc, ['*a*a*a*a*a*a*a*a*b', `${'*a'.repeat(49)}*b`], ['*a*a*a*a*a*a*a*a*a*a*c'])
    expect(performance.now() - started).toBeLessThan(1000)
    expect(out).toEqual({ [`${key}b`]: 2, nested: { [key]: { [`${key}b`]: 3 } } })
  })
})
