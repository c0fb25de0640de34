/**
 * The shop and the shopper of the VSF1 replay (vsf1-client.test.ts): the fixture shop with the demo
 * shop's coupons, the tee's related products (JACKET, SCARF) and enough of its red S for every
 * visit's orders; and what one visit carries from call to call, as VSF1's stores would (attributes
 * by code, the category and product the URL dispatcher mapped, the cart items, the user).
 */
import type { Product } from '../../domain/product.schema'
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import { demoCoupons } from '../../server/seed/coupons'
import { importShop } from '../../server/services/catalog-import'
import type { Doc, SearchResult } from '../fixtures/vsf1/catalog'
import type { Vsf1Client } from '../fixtures/vsf1/client'
import type { CheckoutDetails } from '../fixtures/vsf1/checkout'
import type { ChosenFilter } from '../fixtures/vsf1/queries'
import { buildFixtureShop } from './fixtures'
import { startTestServer, type TestServer } from './helpers'

export const TEE_RELATED = ['JACKET', 'SCARF'] as const
/** the child each visit buys (a customer two, a guest one): stock for every visit's orders */
export const TEE_CHILD = 'TEE-RED-S'

export async function startVsf1Shop(): Promise<TestServer> {
  const server = await startTestServer({ seed: false })
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) {
    const tee = shop.catalog[code].products.find((p) => p.sku === 'TEE')!
    tee.configurable_children!.find((c) => c.sku === TEE_CHILD)!.stock.qty = 100
    tee.product_links = TEE_RELATED.map((sku, i): NonNullable<Product['product_links']>[number] => ({
      sku: 'TEE',
      link_type: 'related',
      linked_product_sku: sku,
      linked_product_type: 'simple',
      position: i + 1,
    }))
  }
  shop.coupons = demoCoupons()
  await importShop(server.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return server
}

/** The products of a category's page in the fixture shop: visible in the catalogue, enabled or not. */
export function categoryProductIds(code: StoreCode, categoryId: number): number[] {
  return buildFixtureShop()
    .catalog[code].products.filter((p) => p.category_ids.includes(categoryId) && [2, 3, 4].includes(p.visibility) && [0, 1].includes(p.status))
    .map((p) => p.id)
}

/** A word of the tee's name in each store view's language, typed in the search panel. */
export const SEARCH_WORD: Record<StoreCode, string> = { en: 'bicycle', nl: 'fiets', be: 'fiets', fr: 'vélo' }

/** The shopper's address by the store view's country. */
export function shopperDetails(country: 'NL' | 'BE', email: string): CheckoutDetails {
  const base = { firstName: 'Sanne', lastName: 'de Vries', country, apartmentNumber: '', phoneNumber: '0612345678', email }
  return country === 'NL'
    ? { ...base, streetAddress: 'Damrak 1', city: 'Amsterdam', zipCode: '1012 LG' }
    : { ...base, streetAddress: 'Rue Neuve 10', city: 'Bruxelles', zipCode: '1000' }
}

/** What one VSF1 visit carries between calls. */
export interface Visit {
  client: Vsf1Client
  /** another shopper of the same store view and adapter, who checks out as a guest */
  guest: Vsf1Client
  /** attribute list_by_code, and the codes loaded or known missing (the blacklist) */
  attributes: Map<string, Doc>
  knownCodes: Set<string>
  /** the category and product url/map answered (saveFallbackData keeps their _source) */
  category?: Doc
  product?: Doc
  listing?: SearchResult
  filters?: Record<string, ChosenFilter[]>
  /** the cart items in the browser, with the server's ids once synced */
  items: Doc[]
  shippingMethods: { carrier_code: string; method_code: string }[]
  paymentMethods: { code: string; title: string }[]
  email: string
  password: string
  customer?: Doc
  /** product ids per step, to compare the two adapters */
  productIds: Map<string, number[]>
}

/** A value a step needs from an earlier one; a clear failure when that step did not give it. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing: the step that gives it failed`)
  return value
}
