/**
 * The catalogue half of a VSF1 visit (vsf1-client.test.ts): the calls of the app's start, the
 * category page and the product page, each an `it` that sends what VSF1 sends and checks the answer
 * as its code reads it. The visit's store view and adapter are the enclosing describe's.
 */
import { expect, it } from 'vitest'
import type { StoreCode } from '../../domain/store-views'
import type { Doc } from '../fixtures/vsf1/catalog'
import { MENU_LEVEL } from '../fixtures/vsf1/config'
import { describeCall } from '../fixtures/vsf1/http'
import {
  availableFilters,
  categoriesById,
  categoryListing,
  menuByLevel,
  menuByParent,
  productBySku,
  productByUrlPath,
  productPageAttributes,
  quickSearch,
  relatedProducts,
  START_ATTRIBUTE_CODES,
  startAttributes,
  taxRules,
} from '../fixtures/vsf1/queries'
import { expectAttributeKeys, expectCategoryKeys, expectFacets, expectProductKeys, ids, mapHit, searchOk } from '../fixtures/vsf1/reads'
import { BLUE, CLOTHING, FOOD, RED, SOCKS } from './fixtures'
import { categoryProductIds, need, SEARCH_WORD, TEE_CHILD, TEE_RELATED, type Visit } from './vsf1-shop'

/** the category the shopper opens, its url_path in every store view */
const CATEGORY_URL = 'clothing'
/** the tee's url_path (fixture shop) */
export const TEE_URL = 'tee-100.html'

export function catalogueSteps(visitOf: () => Visit, code: StoreCode): void {
  it('start: loads the attributes by code (CatalogModule)', async () => {
    const { client, attributes, knownCodes } = visitOf()
    const answer = await client.search(startAttributes())
    const result = searchOk(client.adapter, 'attribute', answer)
    expectAttributeKeys(result, describeCall(answer))
    for (const attribute of result.items) attributes.set(attribute.attribute_code as string, attribute)
    expect([...attributes.keys()].sort()).toEqual(expect.arrayContaining(['color', 'size']))
    expect((attributes.get('color')?.options as Doc[]).map((o) => String(o.value))).toEqual(expect.arrayContaining([String(RED), String(BLUE)]))
    // updateBlacklist: the codes asked for and not found are never asked again
    for (const code of START_ATTRIBUTE_CODES) knownCodes.add(code)
  })

  it('start: loads the tax rules (taxrule, empty query)', async () => {
    const { client } = visitOf()
    const answer = await client.search(taxRules())
    const result = searchOk(client.adapter, 'taxrule', answer)
    expect(result.items.length, describeCall(answer)).toBeGreaterThan(0)
    // tax/single finds a product's rule by product_tax_class_ids
    for (const rule of result.items)
      expect(rule, describeCall(answer)).toMatchObject({ id: expect.anything(), product_tax_class_ids: expect.any(Array), rates: expect.any(Array) })
  })

  it('layout: loads the menu by level, then a submenu by parent', async () => {
    const { client } = visitOf()
    const level = await client.search(menuByLevel(MENU_LEVEL))
    const menu = searchOk(client.adapter, 'category', level)
    expectCategoryKeys(menu, describeCall(level))
    expect(ids(menu), describeCall(level)).toEqual([CLOTHING, FOOD, SOCKS])
    const parent = await client.search(menuByParent(2))
    const submenu = searchOk(client.adapter, 'category', parent)
    expectCategoryKeys(submenu, describeCall(parent))
    expect(ids(submenu), describeCall(parent)).toEqual([CLOTHING, FOOD, SOCKS])
  })

  it('category page: url/map resolves the category url', async () => {
    const visit = visitOf()
    const hit = mapHit(await visit.client.mapUrl(CATEGORY_URL))
    expect(hit._type).toBe('category')
    // transformCategoryUrl reads slug; the listing reads id, children_data; breadcrumbs read path
    expect(hit._source).toMatchObject({ id: CLOTHING, url_path: CATEGORY_URL, slug: expect.any(String), path: '1/2/20' })
    visit.category = hit._source
  })

  it('category page: loads the breadcrumbs by the path ids not loaded yet', async () => {
    const { client, category } = visitOf()
    const path = (need(category, 'the mapped category').path as string).split('/').filter((id) => id !== String(CLOTHING))
    const answer = await client.search(categoriesById(path))
    const result = searchOk(client.adapter, 'category', answer)
    expectCategoryKeys(result, describeCall(answer))
    expect(ids(result), describeCall(answer)).toEqual([2])
    expect((result.items[0]!.children_data as Doc[]).map((c) => c.id)).toEqual([CLOTHING, FOOD, SOCKS])
  })

  it('category page: lists the category (GET, and POST gives the same)', async () => {
    const visit = visitOf()
    const search = categoryListing(need(visit.category, 'the mapped category'))
    const answer = await visit.client.search(search)
    const result = searchOk(visit.client.adapter, 'product', answer)
    const call = describeCall(answer)
    expectProductKeys(result, call)
    expectFacets(result, call)
    expect(new Set(ids(result)), call).toEqual(new Set(categoryProductIds(code, CLOTHING)))
    for (const item of result.items)
      expect(item, call).toMatchObject({ name: expect.any(String), url_path: expect.any(String), price_incl_tax: expect.any(Number) })
    const tee = result.items.find((item) => item.sku === 'TEE')
    expect(tee?.url_path, call).toBe(TEE_URL)
    expect(
      (tee?.configurable_children as Doc[]).map((c) => [c.sku, c.color, c.size]),
      call,
    ).toContainEqual([TEE_CHILD, RED, expect.any(Number)])
    visit.listing = result
    visit.productIds.set('listing', ids(result))

    const posted = await visit.client.search(search, 'POST')
    const byPost = searchOk(visit.client.adapter, 'product', posted)
    expect(ids(byPost), describeCall(posted)).toEqual(ids(result))
    visit.productIds.set('listing by POST', ids(byPost))
  })

  it('category page: lists it again with a colour and a price range chosen', async () => {
    const visit = visitOf()
    const filters = availableFilters(need(visit.listing, 'the listing'), visit.attributes)
    const red = filters.color?.find((f) => f.id === String(RED))
    const cheapest = filters.price?.find((f) => f.from === 0)
    expect(red, `colour facet values: ${JSON.stringify(filters.color)}`).toMatchObject({ label: 'Red' })
    expect(cheapest, `price facet values: ${JSON.stringify(filters.price)}`).toMatchObject({ to: 50 })
    const answer = await visit.client.search(categoryListing(need(visit.category, 'the mapped category'), { color: [red!], price: [cheapest!] }))
    const result = searchOk(visit.client.adapter, 'product', answer)
    expectProductKeys(result, describeCall(answer))
    // red and at most 50: the tee (red children at 20) and the scarf (40, its special price ended)
    expect(new Set(ids(result)), describeCall(answer)).toEqual(new Set([100, 400]))
    visit.productIds.set('filtered listing', ids(result))
  })

  it('product page: url/map resolves the product url', async () => {
    const visit = visitOf()
    const hit = mapHit(await visit.client.mapUrl(TEE_URL))
    expect(hit._type).toBe('product')
    // transformProductUrl reads type_id, slug, sku; the page configures the children by their options
    expect(hit._source).toMatchObject({ id: 100, sku: 'TEE', type_id: 'configurable', slug: expect.any(String) })
    expect((hit._source.configurable_children as Doc[]).map((c) => c.sku)).toContain(TEE_CHILD)
    expect((hit._source.configurable_options as Doc[]).map((o) => [o.attribute_code, typeof o.attribute_id])).toEqual([
      ['color', 'number'],
      ['size', 'number'],
    ])
    visit.product = hit._source
  })

  it('product page: loads the product by sku, and by url_path (the dispatcher fallback)', async () => {
    const visit = visitOf()
    for (const [step, search] of [
      ['product by sku', productBySku('TEE')],
      ['product by url_path', productByUrlPath(TEE_URL)],
    ] as const) {
      const answer = await visit.client.search(search)
      const result = searchOk(visit.client.adapter, 'product', answer)
      const call = describeCall(answer)
      expectProductKeys(result, call)
      expect(ids(result), call).toEqual([100])
      const product = result.items[0]!
      // loadProduct refuses status >= 2 and visibility 1; setCurrent reads configurable_options
      expect(product, call).toMatchObject({ status: 1, visibility: 4, configurable_options: expect.any(Array) })
      expect((product.configurable_children as Doc[]).map((c) => c.sku).sort(), call).toEqual(
        (need(visit.product, 'the mapped product').configurable_children as Doc[]).map((c) => c.sku).sort(),
      )
      visit.productIds.set(step, ids(result))
    }
  })

  it('product page: loads the attributes of its other fields (user defined, visible)', async () => {
    const visit = visitOf()
    const search = productPageAttributes(need(visit.product, 'the mapped product'), visit.knownCodes)
    // the tee has fields whose attributes the start did not load: VSF1 asks for them
    expect(search).not.toBeNull()
    const answer = await visit.client.search(search!)
    const result = searchOk(visit.client.adapter, 'attribute', answer)
    expectAttributeKeys(result, describeCall(answer))
    // only the codes asked for, user defined and visible
    const asked = new Set(Object.keys(need(visit.product, 'the mapped product')))
    for (const attribute of result.items) expect(attribute, describeCall(answer)).toMatchObject({ is_user_defined: true, is_visible: true })
    expect(
      result.items.map((a) => a.attribute_code).filter((c) => !asked.has(c as string)),
      describeCall(answer),
    ).toEqual([])
  })

  it('product page: loads the related products by sku', async () => {
    const visit = visitOf()
    const links = (need(visit.product, 'the mapped product').product_links as Doc[]).filter((l) => l.link_type === 'related')
    const answer = await visit.client.search(relatedProducts(links.map((l) => l.linked_product_sku as string)))
    const result = searchOk(visit.client.adapter, 'product', answer)
    expectProductKeys(result, describeCall(answer))
    expect(result.items.map((item) => item.sku).sort(), describeCall(answer)).toEqual([...TEE_RELATED])
    visit.productIds.set('related', ids(result))
  })

  it('search panel: finds the tee by a word of its name', async () => {
    const visit = visitOf()
    const answer = await visit.client.search(quickSearch(SEARCH_WORD[code]))
    const result = searchOk(visit.client.adapter, 'product', answer)
    expectProductKeys(result, describeCall(answer))
    expect(ids(result)[0], describeCall(answer)).toBe(100)
    visit.productIds.set('search panel', ids(result))
  })
}
