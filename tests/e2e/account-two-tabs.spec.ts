/**
 * A login in a tab that is not the leader (spec §4 "Login"): the cart is authorised all the
 * same, once, by the leader tab: the customer's server cart (holding a line from another device) is
 * connected and merged with the guest's line, without doubling, and both tabs show the merged cart.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import en from '../../locales/en'
import { productsOfType, sellable, type SourceDoc } from './fixtures/catalog-api'
import { signIn } from './fixtures/account'
import { Shop } from './fixtures/shop'

const PASSWORD = 'polder-password-1'

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/login', { data: { username: email, password: PASSWORD } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { result: string }).result
}

/** The customer's active server cart (cart/create with a token answers it) and its lines. */
async function customerCart(request: APIRequestContext, token: string): Promise<{ id: string; lines: { sku: string; qty: number }[] }> {
  const created = await request.post(`/api/cart/create?storeCode=en&token=${encodeURIComponent(token)}`)
  const id = ((await created.json()) as { result: string }).result
  const pulled = await request.get(`/api/cart/pull?storeCode=en&cartId=${id}&token=${encodeURIComponent(token)}`)
  return { id, lines: ((await pulled.json()) as { result: { sku: string; qty: number }[] }).result }
}

test('a login in a second tab (not the leader) has the cart authorised: server cart merged once, both tabs show it', async ({ context, request }) => {
  test.setTimeout(150_000)
  const simple = (await productsOfType(request, 'simple')).filter(
    (p: SourceDoc) => sellable(p) && !(Array.isArray(p.custom_options) && p.custom_options.length > 0),
  )
  const [mine, elsewhere] = simple
  expect(elsewhere, 'the demo shop has two simple products without options').toBeDefined()
  const email = `tabs-${Date.now()}@example.com`
  const created = await request.post('/api/user/create', { data: { customer: { email, firstname: 'Tess', lastname: 'Tabs' }, password: PASSWORD } })
  expect(created.status()).toBe(200)
  // another device left a line on the customer's server cart
  const token = await apiLogin(request, email)
  const before = await customerCart(request, token)
  const added = await request.post(`/api/cart/update?storeCode=en&cartId=${before.id}&token=${encodeURIComponent(token)}`, {
    data: { cartItem: { sku: String(elsewhere!.sku), qty: 1, quoteId: before.id } },
  })
  expect(added.status()).toBe(200)

  // the first tab (the leader) fills the guest cart
  const first = await context.newPage()
  const a = new Shop(first, '/en')
  await a.open(`/p/${encodeURIComponent(String(mine!.sku))}/${encodeURIComponent(String(mine!.slug))}`)
  await expect(first.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 })
  await first.getByTestId('add-to-cart').click()
  await expect.poll(() => a.microcartCount()).toBe(1)

  // the second tab logs in
  const second = await context.newPage()
  const b = new Shop(second, '/en')
  await b.open('/my-account')
  const login = second.getByRole('main').getByTestId('login-form')
  await signIn(login, en, email, PASSWORD)
  await expect(second.getByTestId('profile-firstname')).toHaveText('Tess', { timeout: 30_000 })

  // authorised: the customer's cart holds both lines once, and both tabs show the two
  await expect
    .poll(async () => (await customerCart(request, await apiLogin(request, email))).lines.map((l) => `${l.sku} ${l.qty}`).sort(), { timeout: 30_000 })
    .toEqual([`${String(elsewhere!.sku)} 1`, `${String(mine!.sku)} 1`].sort())
  await expect.poll(() => b.microcartCount(), { timeout: 15_000 }).toBe(2)
  await expect.poll(() => a.microcartCount(), { timeout: 15_000 }).toBe(2)
  // and it stays so: no second authorisation adds anything
  await second.waitForTimeout(1500)
  const after = await customerCart(request, await apiLogin(request, email))
  expect(after.id).toBe(before.id)
  expect(after.lines.map((l) => l.qty)).toEqual([1, 1])
})
