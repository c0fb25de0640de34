/**
 * Demo customers: two accounts with known passwords (documented in FIXTURES.md and the
 * README), each with an address book and a past order, so login, my-account, the order history and
 * the privacy page can be tried at once. A fixture file may bring its own (`customers`).
 *
 * Seeding is additive: an e-mail address that already has an account is left as it is (a demo
 * visitor's changes stay); a past order is written once (its client order id names the customer
 * and its index).
 */
import { emailKey } from '../../domain/account-rules'
import type { FixtureAddress, FixtureCustomer, FixtureOrder } from '../../domain/customer-fixture.schema'
import { formatIncrementId } from '../../domain/order'
import { STORE_VIEWS } from '../../domain/store-views'
import { hashPassword } from '../services/passwords'
import type { Storage } from '../storage'
import type { AddressInput } from '../storage/customer-repository'

export const DEMO_CUSTOMER_PASSWORD = 'Polder-demo-2026'

export function demoCustomers(): FixtureCustomer[] {
  return [
    {
      email: 'anna.devries@example.nl',
      firstname: 'Anna',
      lastname: 'de Vries',
      password: DEMO_CUSTOMER_PASSWORD,
      store_code: 'nl',
      addresses: [
        {
          firstname: 'Anna',
          lastname: 'de Vries',
          street: ['Oudegracht', '231'],
          city: 'Utrecht',
          postcode: '3511 NK',
          country_id: 'NL',
          telephone: '+31 30 231 0000',
          default_shipping: true,
          default_billing: true,
        },
      ],
      orders: [
        {
          created_at: '2026-09-14T10:12:00.000Z',
          status: 'complete',
          address: 0,
          shipping_method: 'flatrate',
          shipping_incl_tax: 5.99,
          payment_method: 'ideal',
          lines: [
            { sku: 'DEMO-MUG', name: 'Stoneware mug', qty: 2, price_incl_tax: 12.5, tax_percent: 21 },
            { sku: 'DEMO-TEA', name: 'Rooibos tea, 100 g', qty: 1, price_incl_tax: 6.54, tax_percent: 9 },
          ],
        },
      ],
    },
    {
      email: 'luc.dubois@example.be',
      firstname: 'Luc',
      lastname: 'Dubois',
      password: DEMO_CUSTOMER_PASSWORD,
      store_code: 'fr',
      addresses: [
        {
          firstname: 'Luc',
          lastname: 'Dubois',
          street: ['Rue de Fer', '12'],
          city: 'Namur',
          postcode: '5000',
          country_id: 'BE',
          telephone: '+32 81 12 34 56',
          default_shipping: true,
          default_billing: true,
        },
        {
          firstname: 'Luc',
          lastname: 'Dubois',
          company: 'Atelier Dubois SRL',
          vat_id: 'BE0123456749',
          street: ['Avenue Louise', '54'],
          city: 'Bruxelles',
          postcode: '1050',
          country_id: 'BE',
          default_shipping: false,
          default_billing: false,
        },
      ],
      orders: [
        {
          created_at: '2026-10-02T15:40:00.000Z',
          status: 'processing',
          address: 0,
          shipping_method: 'flatrate',
          shipping_incl_tax: 5.99,
          payment_method: 'bancontact',
          lines: [{ sku: 'DEMO-LAMP', name: 'Desk lamp', qty: 1, price_incl_tax: 49.95, tax_percent: 21 }],
        },
      ],
    },
  ]
}

const round2 = (n: number) => Math.round(n * 100) / 100

function toAddressInput(a: FixtureAddress): AddressInput {
  const bothEmpty = !a.company && !a.vat_id
  return {
    firstname: a.firstname,
    lastname: a.lastname,
    company: bothEmpty ? null : (a.company ?? null),
    vat_id: bothEmpty ? null : (a.vat_id ?? null),
    street: a.street,
    city: a.city,
    postcode: a.postcode,
    region: a.region ?? null,
    country_id: a.country_id,
    telephone: a.telephone ?? null,
    default_shipping: a.default_shipping,
    default_billing: a.default_billing,
  }
}

/** The order's lines and totals from the fixture's prices incl. VAT. */
function priced(order: FixtureOrder) {
  const lines = order.lines.map((l) => {
    const price = round2(l.price_incl_tax / (1 + l.tax_percent / 100))
    const rowInclTax = round2(l.price_incl_tax * l.qty)
    const rowTotal = round2(price * l.qty)
    return {
      cart_item_id: null,
      sku: l.sku,
      parent_sku: null,
      name: l.name,
      product_type: 'simple',
      product_option: null,
      qty: l.qty,
      price,
      price_incl_tax: l.price_incl_tax,
      row_total: rowTotal,
      row_total_incl_tax: rowInclTax,
      tax_amount: round2(rowInclTax - rowTotal),
      tax_percent: l.tax_percent,
    }
  })
  const subtotal = round2(lines.reduce((s, l) => s + l.row_total, 0))
  const subtotalInclTax = round2(lines.reduce((s, l) => s + l.row_total_incl_tax, 0))
  const grandTotal = round2(subtotalInclTax + order.shipping_incl_tax)
  const totals = {
    subtotal,
    subtotal_incl_tax: subtotalInclTax,
    tax_amount: round2(subtotalInclTax - subtotal),
    discount_amount: 0,
    shipping_amount: order.shipping_incl_tax,
    shipping_incl_tax: order.shipping_incl_tax,
    grand_total: grandTotal,
    coupon_code: null,
  }
  return { lines, totals, grandTotal }
}

export interface SeedCustomersSummary {
  created: number
  kept: number
  orders: number
}

export async function seedCustomers(storage: Storage, customers: readonly FixtureCustomer[], now = new Date()): Promise<SeedCustomersSummary> {
  const summary: SeedCustomersSummary = { created: 0, kept: 0, orders: 0 }
  const at = now.toISOString()
  for (const c of customers) {
    const key = emailKey(c.email)
    if (await storage.customers.findByEmailKey(key)) {
      summary.kept++
      continue
    }
    const passwordHash = await hashPassword(c.password)
    summary.orders += await storage.transaction(async (repos) => {
      const row = await repos.customers.insert(
        { email: c.email, emailKey: key, firstname: c.firstname, lastname: c.lastname, passwordHash, storeCode: c.store_code },
        at,
      )
      if (!row) return 0
      for (const a of c.addresses) await repos.customers.insertAddress(row.id, toAddressInput(a), at)
      let written = 0
      for (const [i, order] of c.orders.entries()) {
        const clientOrderId = `seed-${key}-${i}`
        if (await repos.orders.findByClientOrderId(clientOrderId)) continue
        const address = c.addresses[order.address] ?? c.addresses[0]
        const orderAddress = address
          ? { ...toAddressInput(address), email: c.email, default_shipping: undefined, default_billing: undefined }
          : { firstname: c.firstname, lastname: c.lastname, email: c.email, country_id: STORE_VIEWS[c.store_code].tax.defaultCountry }
        const { lines, totals, grandTotal } = priced(order)
        const view = STORE_VIEWS[c.store_code]
        const inserted = await repos.orders.insert({
          client_order_id: clientOrderId,
          request_hash: 'seed',
          order_token: null,
          increment_id: formatIncrementId(view.storeId, await repos.orders.nextSequence(view.storeCode)),
          store_code: c.store_code,
          cart_id: clientOrderId,
          customer_id: row.id,
          status: order.status,
          email: c.email,
          country_id: orderAddress.country_id,
          shipping_carrier_code: order.shipping_method,
          shipping_method_code: order.shipping_method,
          payment_method_code: order.payment_method,
          payment_method_additional: null,
          billing_address: JSON.parse(JSON.stringify(orderAddress)) as Record<string, unknown>,
          shipping_address: JSON.parse(JSON.stringify(orderAddress)) as Record<string, unknown>,
          totals,
          grand_total: grandTotal,
          created_at: order.created_at,
          updated_at: order.created_at,
        })
        if (!inserted) continue
        await repos.orders.insertLines(inserted.id, lines)
        written++
      }
      return written
    })
    summary.created++
  }
  return summary
}
