/**
 * A fixture file (server/seed/FIXTURES.md) as the documents one store view's device holds, made in
 * Node without a server. The file is checked by the seed's own validateFixtures (every bad record
 * named by file, store view, list, index, sku or id and field, all at once), and every document is
 * made by the code the server's import uses: priceProduct with the file's tax rules and the store
 * view's country, toProductRow's stored document, the listable count of each category. What the
 * replication feed would send the device is what comes out here; the device turns it into its own
 * documents with the worker's conversions (fixture-shop/device-seed.ts).
 *
 * Not made: url rewrites, CMS content, banners and reviews (the device pulls them separately; a
 * seeded shop shows none), and a sale's struck-through reference price (it comes from the server's
 * price history).
 */
import type { Attribute } from '../domain/attribute.schema'
import type { Category } from '../domain/category.schema'
import type { FixtureCustomer } from '../domain/customer-fixture.schema'
import { priceProduct } from '../domain/price'
import type { Product } from '../domain/product.schema'
import { STORE_VIEWS, type StoreCode } from '../domain/store-views'
import type { DemoShop } from '../server/seed/demo-shop'
import { FixtureReadError, FixtureValidationError, loadFixtureFile, validateFixtures } from '../server/seed/fixtures'
import { countListable, toProductRow, withProductCounts } from '../server/services/catalog-import'

/**
 * A fixture file read and checked as the seed does it (FixtureReadError: unreadable;
 * FixtureValidationError: its message lists every bad record), and parsed JSON checked the same way.
 */
export { FixtureReadError, FixtureValidationError, loadFixtureFile as readShopFixture, validateFixtures as checkShopFixture }

/** A cart line to seed: a product's sku, or a configurable child's sku (the line of that choice). */
export interface SeedCartLine {
  sku: string
  qty: number
}

/** A cart line as the device's add command takes it: the full product and, for a configurable, the child. */
export interface DeviceCartLine {
  product: Product
  childSku?: string
  qty: number
}

/** The signed-in customer as the device's `user` session record keeps it (workers/account/account-record). */
export interface DeviceCustomer {
  id: number
  email: string
  firstname: string
  lastname: string
  group_id: number
  addresses: {
    id: number
    customer_id: number
    firstname: string
    lastname: string
    company?: string
    vat_id?: string
    street: string[]
    city: string
    postcode: string
    region: { region: string | null; region_code: string | null; region_id: number }
    region_id: number
    country_id: string
    telephone?: string
    default_shipping: boolean
    default_billing: boolean
  }[]
}

/** Everything the device of one store view is seeded with (plain JSON: it crosses into the page). */
export interface DeviceSeed {
  storeCode: StoreCode
  /** the priced product documents, as the server stores and the full projection sends them */
  products: Product[]
  categories: Category[]
  attributes: (Attribute & { updated_at: string })[]
  cart: DeviceCartLine[]
  customer: DeviceCustomer | null
  /** epoch ms the documents are stamped with */
  now: number
}

export interface ShopDocumentOptions {
  store: StoreCode
  cart?: readonly SeedCartLine[]
  /** the e-mail address of one of the file's customers: the device is signed in as them */
  customer?: string
  /** the moment prices are worked out for (a special price's dates); default now */
  now?: Date
}

/** A cart line or customer the fixture file does not have. */
export class FixtureSeedError extends Error {
  override name = 'FixtureSeedError'
}

function cartLine(products: readonly Product[], line: SeedCartLine, index: number): DeviceCartLine {
  for (const product of products) {
    if (product.sku === line.sku) return { product, qty: line.qty }
    const child = product.configurable_children?.find((c) => c.sku === line.sku)
    if (child) return { product, childSku: child.sku, qty: line.qty }
  }
  throw new FixtureSeedError(`cart[${index}] (sku "${line.sku}"): no product or configurable child with that sku in the fixture`)
}

function deviceCustomer(customers: readonly FixtureCustomer[], email: string): DeviceCustomer {
  const index = customers.findIndex((c) => c.email.toLowerCase() === email.toLowerCase())
  const customer = customers[index]
  if (!customer) throw new FixtureSeedError(`customer "${email}": no customer with that e-mail address in the fixture`)
  // ids as a fresh server gives them: the file's order
  const id = index + 1
  return {
    id,
    email: customer.email,
    firstname: customer.firstname,
    lastname: customer.lastname,
    group_id: 1,
    addresses: customer.addresses.map((a, i) => ({
      id: id * 100 + i + 1,
      customer_id: id,
      firstname: a.firstname,
      lastname: a.lastname,
      ...(a.company ? { company: a.company } : {}),
      ...(a.vat_id ? { vat_id: a.vat_id } : {}),
      street: a.street,
      city: a.city,
      postcode: a.postcode,
      region: { region: a.region ?? null, region_code: null, region_id: 0 },
      region_id: 0,
      country_id: a.country_id,
      ...(a.telephone ? { telephone: a.telephone } : {}),
      default_shipping: a.default_shipping,
      default_billing: a.default_billing,
    })),
  }
}

/** The documents of one store view of a checked fixture, as the server's import would store them. */
export function shopDocuments(shop: DemoShop, options: ShopDocumentOptions): DeviceSeed {
  const now = options.now ?? new Date()
  const nowIso = now.toISOString()
  const catalog = shop.catalog[options.store]
  const country = STORE_VIEWS[options.store].tax.defaultCountry
  const counts = new Map<number, number>()
  const products = catalog.products.map((p) => {
    countListable(counts, p)
    return toProductRow(priceProduct(p, shop.taxRules, country, now), nowIso).doc as Product
  })
  return {
    storeCode: options.store,
    products,
    categories: withProductCounts(catalog.categories, counts, nowIso),
    attributes: catalog.attributes.map((a) => ({ ...a, updated_at: nowIso })),
    cart: (options.cart ?? []).map((line, index) => cartLine(products, line, index)),
    customer: options.customer ? deviceCustomer(shop.customers ?? [], options.customer) : null,
    now: now.getTime(),
  }
}
