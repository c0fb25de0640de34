import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FixtureReadError, FixtureValidationError, loadFixtureFile, validateFixtures } from '../../server/seed/fixtures'
import { PICTURE_KINDS } from '../../server/seed/kinds/kind-types'

const EXAMPLE = join(__dirname, '../../server/seed/example-fixtures.json')
const dir = mkdtempSync(join(tmpdir(), 'polder-fixtures-'))

interface RawShop {
  catalog: Record<string, { products: Array<Record<string, unknown>>; categories?: Array<Record<string, unknown>>; attributes?: unknown[] }>
  taxRules?: unknown[]
}

function example(): RawShop {
  return JSON.parse(readFileSync(EXAMPLE, 'utf8')) as RawShop
}

function writeFixture(name: string, data: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data))
  return path
}

function problemsOf(load: () => unknown): string[] {
  try {
    load()
  } catch (error) {
    if (error instanceof FixtureValidationError) return [...error.problems]
    throw error
  }
  throw new Error('expected a FixtureValidationError')
}

describe('loadFixtureFile', () => {
  it('loads the shipped example in all four store views with the demo tax rules', () => {
    const shop = loadFixtureFile(EXAMPLE)
    expect(Object.keys(shop.catalog)).toEqual(['en', 'nl', 'be', 'fr'])
    expect(shop.catalog.en.products.length).toBeGreaterThanOrEqual(5)
    expect(shop.catalog.fr.products[0]!.name).not.toBe(shop.catalog.en.products[0]!.name)
    expect(shop.taxRules.map((r) => r.rates.map((x) => x.rate))).toEqual([
      [21, 21],
      [9, 6],
    ])
  })

  it('copies a left-out be from nl (Belgian Dutch), with no warning', () => {
    const data = example()
    delete data.catalog.be
    const warnings: string[] = []
    const shop = loadFixtureFile(writeFixture('no-be.json', data), { warn: (m) => warnings.push(m) })
    expect(shop.catalog.be).toEqual(shop.catalog.nl)
    expect(shop.catalog.be).not.toBe(shop.catalog.nl)
    expect(shop.catalog.be.products[0]!.name).not.toBe(shop.catalog.en.products[0]!.name)
    expect(warnings).toEqual([])
  })

  it('copies left-out store views from en when there is no nl, and names them in one warning', () => {
    const data = example()
    delete data.catalog.be
    delete data.catalog.nl
    const warnings: string[] = []
    const shop = validateFixtures(data, 'shop.json', { warn: (m) => warnings.push(m) })
    expect(shop.catalog.nl).toEqual(shop.catalog.en)
    expect(shop.catalog.be).toEqual(shop.catalog.en)
    expect(shop.catalog.fr.products[0]!.name).not.toBe(shop.catalog.en.products[0]!.name)
    expect(warnings).toEqual(['shop.json: catalog.nl, catalog.be left out: copies of catalog.en, so those shops show English names and texts'])
  })

  it('names a single store view copied from en', () => {
    const data = example()
    delete data.catalog.fr
    const warnings: string[] = []
    const shop = validateFixtures(data, 'shop.json', { warn: (m) => warnings.push(m) })
    expect(shop.catalog.fr).toEqual(shop.catalog.en)
    expect(warnings).toEqual(['shop.json: catalog.fr left out: a copy of catalog.en, so that shop shows English names and texts'])
  })

  it('names the file, store view, index, sku and field of a bad record', () => {
    const data = example()
    data.catalog.nl!.products[2]!.price = '11.92'
    const path = writeFixture('bad-price.json', data)
    const sku = data.catalog.nl!.products[2]!.sku as string
    expect(problemsOf(() => loadFixtureFile(path))).toEqual([
      `${path}: catalog.nl.products[2] (sku "${sku}"): price: Invalid input: expected number, received string`,
    ])
  })

  it('gives the nested field path inside a configurable child', () => {
    const data = example()
    const jacket = data.catalog.fr!.products.find((p) => p.type_id === 'configurable')!
    const index = data.catalog.fr!.products.indexOf(jacket)
    ;(jacket.configurable_children as Array<{ stock: Record<string, unknown> }>)[1]!.stock.qty = null
    const [problem] = problemsOf(() => loadFixtureFile(writeFixture('bad-child.json', data)))
    expect(problem).toContain(`catalog.fr.products[${index}] (sku "${String(jacket.sku)}"): configurable_children[1].stock.qty:`)
  })

  it('reports broken cross-references: unknown category, linked sku and bundle sku', () => {
    const data = example()
    const products = data.catalog.en!.products
    products[0]!.category_ids = [3, 999]
    const grouped = products.find((p) => p.type_id === 'grouped')!
    ;(grouped.product_links as Array<Record<string, unknown>>)[0]!.linked_product_sku = 'NOPE'
    products.push({
      ...products[0]!,
      id: 77,
      sku: 'EX-BOX',
      type_id: 'bundle',
      url_key: 'box-77',
      url_path: 'box-77.html',
      slug: 'box-77',
      category_ids: [3],
      bundle_options: [{ option_id: 1, title: 'Cheese', type: 'radio', required: true, product_links: [{ id: 1, sku: 'GHOST', qty: 1, is_default: true }] }],
    })
    const problems = problemsOf(() => validateFixtures(data, 'shop.json'))
    expect(problems).toContain('shop.json: catalog.en.products[0] (sku "EX-BIKE"): category_ids[1]: no category with id 999')
    expect(problems).toContain(
      `shop.json: catalog.en.products[${products.indexOf(grouped)}] (sku "EX-PICNIC"): product_links[0].linked_product_sku: no product with sku "NOPE"`,
    )
    expect(problems).toContain(
      `shop.json: catalog.en.products[${products.length - 1}] (sku "EX-BOX"): bundle_options[0].product_links[0].sku: no product with sku "GHOST"`,
    )
  })

  it('reports configurable child skus that are used twice', () => {
    const data = example()
    const jacket = data.catalog.en!.products.find((p) => p.type_id === 'configurable')!
    const kids = jacket.configurable_children as Array<Record<string, unknown>>
    kids[1]!.sku = kids[0]!.sku
    const problems = problemsOf(() => validateFixtures(data, 'shop.json'))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/configurable_children\[1\]: sku: ".*" is already used by .*configurable_children\[0\]/)
  })

  it('reports categories whose parent does not exist', () => {
    const data = example()
    data.catalog.fr!.categories![2]!.parent_id = 99
    expect(problemsOf(() => validateFixtures(data, 'shop.json'))).toEqual([
      `shop.json: catalog.fr.categories[2] (id ${String(data.catalog.fr!.categories![2]!.id)}): parent_id: no category with id 99`,
    ])
  })

  it('refuses a picture the server would not draw, naming the record and field', () => {
    const data = example()
    const products = data.catalog.en!.products
    products[3]!.image = '/catalog/product/x/2e5aac/1.png'
    const jacket = products.find((p) => p.type_id === 'configurable')!
    const gallery = jacket.media_gallery as Array<Record<string, unknown>>
    gallery[1]!.image = '/catalog/product/jacket/2e5aac/7.png'
    const problems = problemsOf(() => validateFixtures(data, 'shop.json'))
    expect(problems).toContain(
      `shop.json: catalog.en.products[3] (sku "${String(products[3]!.sku)}"): image: unknown picture kind "x" (one of ${PICTURE_KINDS.join(', ')})`,
    )
    expect(problems).toContain(
      `shop.json: catalog.en.products[${products.indexOf(jacket)}] (sku "${String(jacket.sku)}"): media_gallery[1].image: picture view 7 is not drawn (1 to 4)`,
    )
    expect(problems).toHaveLength(2)
  })

  it('refuses a banner picture of an unknown kind, naming the banner', () => {
    const data = example()
    ;(data.catalog.nl as Record<string, unknown>).banners = [
      { id: 4, slot: 'main', title: 'Fietsen', image: '/img/banners/bicycle/2e5aac/main.webp', link: '/c/bikes-3', alt: '' },
    ]
    expect(problemsOf(() => validateFixtures(data, 'shop.json'))).toEqual([
      `shop.json: catalog.nl.banners[0] (id 4): image: unknown picture kind "bicycle" (one of ${PICTURE_KINDS.join(', ')})`,
    ])
  })

  it('leaves pictures outside the drawn paths to the fixture', () => {
    const data = example()
    data.catalog.en!.products[0]!.image = '/media/own/bike.jpg'
    expect(() => validateFixtures(data, 'shop.json')).not.toThrow()
  })

  it('rejects unknown store views, a missing en catalogue, invalid JSON and unreadable files', () => {
    const data = example()
    data.catalog.de = data.catalog.en!
    expect(problemsOf(() => validateFixtures(data, 'shop.json'))).toEqual(['shop.json: catalog.de: unknown store view (expected one of en, nl, be, fr)'])
    const noEn = example()
    delete noEn.catalog.en
    expect(problemsOf(() => validateFixtures(noEn, 'shop.json')).join('\n')).toContain('catalog.en: required')
    const broken = writeFixture('broken.json', '{"catalog": {')
    expect(problemsOf(() => loadFixtureFile(broken))[0]).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON`))
    expect(() => loadFixtureFile(join(dir, 'missing.json'))).toThrow(FixtureReadError)
  })
})
