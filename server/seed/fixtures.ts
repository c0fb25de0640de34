/**
 * A developer's own catalogue from a JSON file in the DemoShop format (FIXTURES.md). Every record
 * is checked with the domain schemas and every cross-reference (category ids, linked skus,
 * configurable children) is resolved before anything reaches storage, because a bad record found
 * halfway through an import leaves a half-seeded shop. Problems are reported all at once, each
 * naming the file, store view, entity, array index, sku or id and field path.
 *
 * `en` is required. A left-out `be` (Belgian Dutch) is a copy of `nl` when the file has one, else of
 * `en`; a left-out `nl` or `fr` is a copy of `en`. A store view copied from English shows English
 * words in a Dutch or French shop, so the copies from `en` are named in one warning. `taxRules` left
 * out means the demo shop's NL/BE rules, `coupons` left out the demo shop's coupons, `customers` left out
 * the demo shop's two demo customers.
 */
import { readFileSync } from 'node:fs'
import type { z } from 'zod'
import { AttributeSchema } from '../../domain/attribute.schema'
import { BannerSchema, InfoBannerSchema } from '../../domain/banner.schema'
import { BlogCategorySchema, BlogPostSchema } from '../../domain/blog.schema'
import { CmsBlockSchema, CmsHierarchyNodeSchema, CmsPageSchema } from '../../domain/cms.schema'
import { CategorySchema } from '../../domain/category.schema'
import { hierarchyProblems, postCategoryProblems, urlKeyProblems, type ContentProblem } from '../../domain/content-references'
import { CouponSchema } from '../../domain/coupon.schema'
import { FixtureCustomerSchema } from '../../domain/customer-fixture.schema'
import { ProductSchema } from '../../domain/product.schema'
import { STORE_CODES, isStoreCode, type StoreCode } from '../../domain/store-views'
import { TaxRuleSchema } from '../../domain/tax-rule.schema'
import { UrlRewriteSchema } from '../../domain/url-rewrite.schema'
import { BANNER_SLOTS } from '../../domain/banner-slots'
import type { DemoShop, StoreCatalog } from './demo-shop'
import { demoCoupons } from './coupons'
import { demoCustomers } from './customers'
import { bannerPictureProblem, productPictureFields, productPictureProblem } from './picture-paths'
import { demoTaxRules } from './tax-rules'
import { isoAt } from './timeline'

/** At most this many problems are listed; one broken generator usually breaks every record alike. */
const MAX_PROBLEMS = 25

export class FixtureValidationError extends Error {
  override name = 'FixtureValidationError'
  constructor(readonly problems: readonly string[]) {
    super(
      problems.length > MAX_PROBLEMS
        ? [...problems.slice(0, MAX_PROBLEMS), `… and ${problems.length - MAX_PROBLEMS} more problems`].join('\n')
        : problems.join('\n'),
    )
  }
}

export class FixtureReadError extends Error {
  override name = 'FixtureReadError'
}

type Issue = z.core.$ZodIssue

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '')
}

function describe(record: unknown, idField: 'sku' | 'id' | 'attribute_code' | 'request_path' | 'code' | 'email'): string {
  if (typeof record !== 'object' || record === null) return ''
  const value = (record as Record<string, unknown>)[idField]
  return typeof value === 'string' || typeof value === 'number' ? ` (${idField} ${JSON.stringify(value)})` : ''
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

interface Checker {
  problem(where: string, message: string): void
  parseList<T>(
    list: unknown,
    where: string,
    schema: z.ZodType<T>,
    idField: 'sku' | 'id' | 'attribute_code' | 'request_path' | 'code' | 'email',
    required: boolean,
  ): T[]
}

function createChecker(source: string, problems: string[]): Checker {
  const problem = (where: string, message: string) => {
    problems.push(`${source}: ${where}: ${message}`)
  }
  const parseList = <T>(
    list: unknown,
    where: string,
    schema: z.ZodType<T>,
    idField: 'sku' | 'id' | 'attribute_code' | 'request_path' | 'code' | 'email',
    required: boolean,
  ): T[] => {
    if (list === undefined && !required) return []
    if (!Array.isArray(list)) {
      problem(where, `expected an array, received ${list === null ? 'null' : typeof list}`)
      return []
    }
    const parsed: T[] = []
    list.forEach((record, index) => {
      const result = schema.safeParse(record)
      if (result.success) {
        parsed.push(result.data)
        return
      }
      for (const issue of result.error.issues as Issue[]) {
        const field = fieldPath(issue.path)
        problems.push(`${source}: ${where}[${index}]${describe(record, idField)}: ${field ? `${field}: ` : ''}${issue.message}`)
      }
    })
    return parsed
  }
  return { problem, parseList }
}

/** Skus and category ids of the raw records, including ones that failed their schema. */
interface RawNames {
  skus: ReadonlySet<string>
  categoryIds: ReadonlySet<number>
}

function rawNames(raw: Record<string, unknown>): RawNames {
  const skus = new Set<string>()
  const categoryIds = new Set<number>()
  const records = (list: unknown) => (Array.isArray(list) ? list.filter(isRecord) : [])
  for (const product of records(raw.products)) {
    if (typeof product.sku === 'string') skus.add(product.sku)
    for (const child of records(product.configurable_children)) if (typeof child.sku === 'string') skus.add(child.sku)
  }
  for (const category of records(raw.categories)) if (typeof category.id === 'number') categoryIds.add(category.id)
  return { skus, categoryIds }
}

/**
 * Cross-references inside one store view. References resolve against every raw record, so a
 * record that failed its schema is reported once, not again by everything pointing at it.
 */
function checkReferences(catalog: StoreCatalog, raw: RawNames, where: string, check: Checker): void {
  const categoryIds = new Set<number>()
  catalog.categories.forEach((category, index) => {
    if (categoryIds.has(category.id)) check.problem(`${where}.categories[${index}] (id ${category.id})`, 'id: duplicate category id')
    categoryIds.add(category.id)
  })
  catalog.categories.forEach((category, index) => {
    // Parents at or above the root (ids 0 and 1) are outside the catalogue and never listed.
    if (category.parent_id > 1 && !raw.categoryIds.has(category.parent_id)) {
      check.problem(`${where}.categories[${index}] (id ${category.id})`, `parent_id: no category with id ${category.parent_id}`)
    }
  })

  for (const list of ['banners', 'info_banners'] as const) {
    const seen = new Set<number>()
    catalog[list]?.forEach((record, index) => {
      if (seen.has(record.id)) check.problem(`${where}.${list}[${index}] (id ${record.id})`, `id: duplicate id in ${list}`)
      seen.add(record.id)
    })
  }

  const skus = new Map<string, string>()
  const ids = new Set<number>()
  const claim = (sku: string, at: string) => {
    const earlier = skus.get(sku)
    if (earlier) check.problem(at, `sku: "${sku}" is already used by ${earlier}`)
    else skus.set(sku, at)
  }
  catalog.products.forEach((product, index) => {
    const at = `${where}.products[${index}] (sku "${product.sku}")`
    claim(product.sku, at)
    if (ids.has(product.id)) check.problem(at, `id: duplicate product id ${product.id}`)
    ids.add(product.id)
    product.configurable_children?.forEach((child, childIndex) => claim(child.sku, `${at}.configurable_children[${childIndex}]`))
  })

  catalog.products.forEach((product, index) => {
    const at = `${where}.products[${index}] (sku "${product.sku}")`
    product.category_ids.forEach((id, i) => {
      if (!raw.categoryIds.has(id)) check.problem(at, `category_ids[${i}]: no category with id ${id}`)
    })
    product.category.forEach((entry, i) => {
      if (!raw.categoryIds.has(entry.category_id)) check.problem(at, `category[${i}].category_id: no category with id ${entry.category_id}`)
    })
    product.product_links?.forEach((link, i) => {
      if (!raw.skus.has(link.linked_product_sku)) check.problem(at, `product_links[${i}].linked_product_sku: no product with sku "${link.linked_product_sku}"`)
    })
    product.bundle_options?.forEach((option, i) =>
      option.product_links.forEach((link, j) => {
        if (!raw.skus.has(link.sku)) check.problem(at, `bundle_options[${i}].product_links[${j}].sku: no product with sku "${link.sku}"`)
      }),
    )
    if (product.type_id === 'configurable' && !product.configurable_children?.length) {
      check.problem(at, 'configurable_children: a configurable product needs at least one child')
    }
  })
}

/**
 * Pictures the server draws (picture-paths.ts) must be ones it can draw: an unknown kind would be
 * stored and then answered 404 wherever the product or banner is shown.
 */
function checkPictures(catalog: StoreCatalog, where: string, check: Checker): void {
  catalog.products.forEach((product, index) => {
    for (const { field, path } of productPictureFields(product)) {
      const problem = productPictureProblem(path)
      if (problem) check.problem(`${where}.products[${index}] (sku "${product.sku}")`, `${field}: ${problem}`)
    }
  })
  catalog.banners?.forEach((banner, index) => {
    const problem = bannerPictureProblem(banner.image, BANNER_SLOTS)
    if (problem) check.problem(`${where}.banners[${index}] (id ${banner.id})`, `image: ${problem}`)
  })
}

/** Ids unique in a list; returns the ids. */
function uniqueIds(list: readonly { id: number }[], where: string, check: Checker): Set<number> {
  const ids = new Set<number>()
  list.forEach((record, index) => {
    if (ids.has(record.id)) check.problem(`${where}[${index}] (id ${record.id})`, `id: duplicate id ${record.id}`)
    ids.add(record.id)
  })
  return ids
}

/**
 * The content's references inside one store view: a hierarchy node's parent and page, a post's
 * categories; and the ids and url keys that address them are unique.
 */
function checkContentReferences(catalog: StoreCatalog, where: string, check: Checker): void {
  const report = (list: string, problems: readonly ContentProblem[]) => {
    for (const p of problems) check.problem(`${where}.${list}[${p.index}] (id ${p.id})`, p.message)
  }
  const pageIds = uniqueIds(catalog.cms_pages ?? [], `${where}.cms_pages`, check)
  const nodes = catalog.cms_hierarchy ?? []
  uniqueIds(nodes, `${where}.cms_hierarchy`, check)
  report('cms_hierarchy', hierarchyProblems(nodes, pageIds))
  for (const [list, records] of [
    ['blog_categories', catalog.blog_categories ?? []],
    ['blog_posts', catalog.blog_posts ?? []],
  ] as const) {
    uniqueIds(records, `${where}.${list}`, check)
    report(list, urlKeyProblems(records))
  }
  report('blog_posts', postCategoryProblems(catalog.blog_posts ?? [], new Set((catalog.blog_categories ?? []).map((c) => c.id))))
}

export interface FixtureOptions {
  /** where the warning about store views copied from English goes (default: console.warn) */
  warn?: (message: string) => void
}

/**
 * The store view a left-out one is copied from: Belgian Dutch reads as Dutch, so `be` takes `nl`
 * when the file has it; everything else takes `en`.
 */
function copySource(code: StoreCode, given: Partial<Record<StoreCode, StoreCatalog>>): StoreCode {
  return code === 'be' && given.nl ? 'nl' : 'en'
}

/** Every store view, a left-out one copied (copySource); the copies from `en` named in one warning. */
function withLeftOutViews(parsed: Partial<Record<StoreCode, StoreCatalog>>, source: string, warn: (message: string) => void): Record<StoreCode, StoreCatalog> {
  const catalog = Object.fromEntries(STORE_CODES.map((code) => [code, parsed[code] ?? structuredClone(parsed[copySource(code, parsed)]!)]))
  const fromEnglish = STORE_CODES.filter((code) => code !== 'en' && parsed[code] === undefined && copySource(code, parsed) === 'en')
  if (fromEnglish.length > 0) {
    const views = fromEnglish.map((code) => `catalog.${code}`).join(', ')
    const one = fromEnglish.length === 1
    warn(`${source}: ${views} left out: ${one ? 'a copy' : 'copies'} of catalog.en, so ${one ? 'that shop shows' : 'those shops show'} English names and texts`)
  }
  return catalog as Record<StoreCode, StoreCatalog>
}

/** Validates parsed JSON as a DemoShop; `source` names the file in messages. */
export function validateFixtures(data: unknown, source: string, options: FixtureOptions = {}): DemoShop {
  const problems: string[] = []
  const check = createChecker(source, problems)
  if (!isRecord(data) || !isRecord(data.catalog)) {
    throw new FixtureValidationError([`${source}: catalog: expected an object with one catalogue per store view (${STORE_CODES.join(', ')})`])
  }
  const given = data.catalog
  for (const code of Object.keys(given)) {
    if (!isStoreCode(code)) check.problem(`catalog.${code}`, `unknown store view (expected one of ${STORE_CODES.join(', ')})`)
  }
  if (!isRecord(given.en)) throw new FixtureValidationError([...problems, `${source}: catalog.en: required; other store views default to a copy of it`])

  const parsed: Partial<Record<StoreCode, StoreCatalog>> = {}
  for (const code of STORE_CODES) {
    const raw = given[code]
    if (raw === undefined) continue
    const where = `catalog.${code}`
    if (!isRecord(raw)) {
      check.problem(where, 'expected an object with products, categories and attributes')
      continue
    }
    const catalog: StoreCatalog = {
      products: check.parseList(raw.products, `${where}.products`, ProductSchema, 'sku', true),
      categories: check.parseList(raw.categories, `${where}.categories`, CategorySchema, 'id', false),
      attributes: check.parseList(raw.attributes, `${where}.attributes`, AttributeSchema, 'attribute_code', false),
      ...(raw.urlRewrites === undefined
        ? {}
        : { urlRewrites: check.parseList(raw.urlRewrites, `${where}.urlRewrites`, UrlRewriteSchema, 'request_path', false) }),
      ...(raw.cms_pages === undefined ? {} : { cms_pages: check.parseList(raw.cms_pages, `${where}.cms_pages`, CmsPageSchema, 'id', false) }),
      ...(raw.cms_blocks === undefined ? {} : { cms_blocks: check.parseList(raw.cms_blocks, `${where}.cms_blocks`, CmsBlockSchema, 'id', false) }),
      ...(raw.cms_hierarchy === undefined
        ? {}
        : { cms_hierarchy: check.parseList(raw.cms_hierarchy, `${where}.cms_hierarchy`, CmsHierarchyNodeSchema, 'id', false) }),
      ...(raw.blog_categories === undefined
        ? {}
        : { blog_categories: check.parseList(raw.blog_categories, `${where}.blog_categories`, BlogCategorySchema, 'id', false) }),
      ...(raw.blog_posts === undefined ? {} : { blog_posts: check.parseList(raw.blog_posts, `${where}.blog_posts`, BlogPostSchema, 'id', false) }),
      ...(raw.banners === undefined ? {} : { banners: check.parseList(raw.banners, `${where}.banners`, BannerSchema, 'id', false) }),
      ...(raw.info_banners === undefined ? {} : { info_banners: check.parseList(raw.info_banners, `${where}.info_banners`, InfoBannerSchema, 'id', false) }),
    }
    checkReferences(catalog, rawNames(raw), where, check)
    checkContentReferences(catalog, where, check)
    checkPictures(catalog, where, check)
    parsed[code] = catalog
  }
  const taxRules = data.taxRules === undefined ? demoTaxRules(isoAt(0)) : check.parseList(data.taxRules, 'taxRules', TaxRuleSchema, 'id', true)
  const coupons = data.coupons === undefined ? demoCoupons() : check.parseList(data.coupons, 'coupons', CouponSchema, 'code', false)
  const customers = data.customers === undefined ? demoCustomers() : check.parseList(data.customers, 'customers', FixtureCustomerSchema, 'email', false)
  // an order's address index, checked on the raw list (its indexes are the file's)
  if (Array.isArray(data.customers)) {
    data.customers.forEach((c: unknown, i) => {
      if (!isRecord(c) || !Array.isArray(c.addresses) || c.addresses.length === 0 || !Array.isArray(c.orders)) return
      const count = c.addresses.length
      c.orders.forEach((o: unknown, j) => {
        if (isRecord(o) && typeof o.address === 'number' && o.address >= count) {
          check.problem(`customers[${i}]${describe(c, 'email')}`, `orders[${j}].address: no address with index ${o.address}`)
        }
      })
    })
  }
  if (problems.length > 0) throw new FixtureValidationError(problems)

  const catalog = withLeftOutViews(parsed, source, options.warn ?? console.warn)
  return { catalog, taxRules, coupons, customers }
}

export function loadFixtureFile(path: string, options: FixtureOptions = {}): DemoShop {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new FixtureReadError(`${path}: cannot read the fixture file (${error instanceof Error ? error.message : String(error)})`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new FixtureValidationError([`${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`])
  }
  return validateFixtures(data, path, options)
}
