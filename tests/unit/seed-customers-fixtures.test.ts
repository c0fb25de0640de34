/** Demo customers in the fixture format (server/seed/FIXTURES.md "Customers"): loaded, defaulted and checked. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_CUSTOMER_PASSWORD, demoCustomers } from '../../server/seed/customers'
import { FixtureValidationError, loadFixtureFile, validateFixtures } from '../../server/seed/fixtures'

const EXAMPLE = join(__dirname, '../../server/seed/example-fixtures.json')
const example = () => JSON.parse(readFileSync(EXAMPLE, 'utf8')) as Record<string, unknown> & { customers: Record<string, unknown>[] }

function problemsOf(data: unknown): string[] {
  try {
    validateFixtures(data, 'shop.json')
  } catch (error) {
    if (error instanceof FixtureValidationError) return [...error.problems]
    throw error
  }
  throw new Error('expected a FixtureValidationError')
}

describe('fixture customers', () => {
  it('the example file brings its customer with an address and an order; defaults filled', () => {
    const shop = loadFixtureFile(EXAMPLE)
    expect(shop.customers).toHaveLength(1)
    const sanne = shop.customers![0]!
    expect(sanne).toMatchObject({ email: 'sanne.bakker@example.nl', store_code: 'nl', password: 'Example-fixture-2026' })
    expect(sanne.addresses[0]).toMatchObject({ city: 'Groningen', default_shipping: true })
    expect(sanne.orders[0]!.lines).toHaveLength(2)
  })

  it('a file without customers gets the two demo customers, with the documented password', () => {
    const { customers: _c, ...withoutCustomers } = example()
    const shop = validateFixtures(withoutCustomers, 'shop.json')
    expect(shop.customers!.map((c) => c.email)).toEqual(['anna.devries@example.nl', 'luc.dubois@example.be'])
    expect(demoCustomers().every((c) => c.password === DEMO_CUSTOMER_PASSWORD && c.addresses.length > 0 && c.orders.length === 1)).toBe(true)
    const docs = readFileSync(join(__dirname, '../../server/seed/FIXTURES.md'), 'utf8') + readFileSync(join(__dirname, '../../README.md'), 'utf8')
    for (const c of demoCustomers()) expect(docs).toContain(c.email)
    expect(docs).toContain(DEMO_CUSTOMER_PASSWORD)
  })

  it('names the customer and field of a bad record, and an order pointing at no address', () => {
    const data = example()
    data.customers.push({ email: 'not-an-address', firstname: 'X', lastname: 'Y', password: 'short' })
    data.customers.push({
      ...data.customers[0]!,
      email: 'two@example.nl',
      orders: [{ created_at: '2026-01-01T00:00:00.000Z', address: 3, lines: [{ sku: 'A', name: 'A', qty: 1, price_incl_tax: 1, tax_percent: 21 }] }],
    })
    const problems = problemsOf(data)
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^shop\.json: customers\[1\] \(email "not-an-address"\): email: /),
        expect.stringMatching(/^shop\.json: customers\[1\] \(email "not-an-address"\): password: /),
        expect.stringMatching(/customers\[2\] \(email "two@example\.nl"\).*orders\[0\]\.address: no address with index 3/),
      ]),
    )
  })
})
