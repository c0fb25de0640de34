/**
 * The commerce half of a VSF1 visit (vsf1-client.test.ts): stock, newsletter, the guest cart and
 * its totals and coupon, the account, the cart merge at login, the order and a password reset. Each
 * `it` sends what VSF1 1.12.3's cart, user, order, stock and newsletter code sends, in its order,
 * and checks what that code reads from the answer.
 */
import { expect, it } from 'vitest'
import { DEMO_COUPON_CODES } from '../../server/seed/coupons'
import type { Doc } from '../fixtures/vsf1/catalog'
import {
  cartItem,
  cartItemForUpdate,
  configureProduct,
  emptyDetails,
  orderBody,
  shippingInformation,
  shippingMethodsAddress,
  type CheckoutDetails,
} from '../fixtures/vsf1/checkout'
import { describeCall, taskResult, type Vsf1Answer } from '../fixtures/vsf1/http'
import type { Vsf1Client } from '../fixtures/vsf1/client'
import { taskAnswered, taskOk } from '../fixtures/vsf1/reads'
import { need, shopperDetails, TEE_CHILD, type Visit } from './vsf1-shop'

interface Totals {
  items: { item_id: number; qty: number; options: unknown }[]
  total_segments: { code: string; value: number }[]
  grand_total: number
  coupon_code?: string
  discount_amount: number
}

/** overrideServerTotals: `result.totals || result`; each item's options is JSON text (prepareShippingInfoForUpdateTotals) */
function readTotals(answer: Vsf1Answer): Totals {
  const result = taskOk<Doc>(answer).result
  const totals = ((result.totals as Totals | undefined) ?? result) as unknown as Totals
  const call = describeCall(answer)
  expect(totals, call).toMatchObject({ grand_total: expect.any(Number), items: expect.any(Array), total_segments: expect.any(Array) })
  for (const item of totals.items) {
    expect(typeof item.options, call).toBe('string')
    expect(Array.isArray(JSON.parse(item.options as string)), call).toBe(true)
  }
  for (const segment of totals.total_segments) expect(segment, call).toMatchObject({ code: expect.any(String), value: expect.any(Number) })
  return totals
}

/** productsEquals for a configurable (its options set): the server line with the client item's child sku */
const serverLineOf = (lines: Doc[], item: Doc) => lines.find((line) => String(line.sku) === String(item.sku))

/** updateClientItem: the server's ids, options and type onto the client item */
function takeServerLine(item: Doc, line: Doc): void {
  Object.assign(item, {
    server_item_id: line.item_id,
    server_cart_id: line.quote_id,
    prev_qty: item.qty,
    product_option: line.product_option,
    type_id: line.product_type,
  })
}

interface Synced {
  totals: Totals
  shippingMethods: Visit['shippingMethods']
  paymentMethods: Visit['paymentMethods']
}

/**
 * syncTotals({forceServerSync}): the shipping methods for the shipping details (the store's
 * default country until checkout), the payment methods, then shipping-information with the first
 * shipping method (createOrderData) and the billing details so far.
 */
async function syncTotals(client: Vsf1Client, shipping: CheckoutDetails, billing: CheckoutDetails): Promise<Synced> {
  const methods = taskOk<Doc[]>(await client.shippingMethods(shippingMethodsAddress(shipping)))
  // updateShippingMethods drops the unavailable ones
  const shippingMethods = methods.result.filter((m) => m.available !== false) as Visit['shippingMethods']
  const paymentMethods = taskOk<Visit['paymentMethods']>(await client.paymentMethods()).result
  const answer = await client.shippingInformation(shippingInformation(shipping, billing, shippingMethods[0]))
  const totals = readTotals(answer)
  const payment = (taskResult<Doc>(answer)!.result.payment_methods ?? []) as Doc[]
  for (const method of payment) expect(method, describeCall(answer)).toMatchObject({ code: expect.any(String), title: expect.any(String) })
  return { totals, shippingMethods, paymentMethods }
}

/** syncTotals for the visit's shopper, who keeps the methods (checkout/replace…Methods) */
async function syncVisitTotals(visit: Visit, shipping: CheckoutDetails, billing: CheckoutDetails): Promise<Totals> {
  const synced = await syncTotals(visit.client, shipping, billing)
  visit.shippingMethods = synced.shippingMethods
  visit.paymentMethods = synced.paymentMethods
  return synced.totals
}

function emptyCheckout(client: Vsf1Client): [CheckoutDetails, CheckoutDetails] {
  return [emptyDetails(client.view.defaultCountry), emptyDetails('')]
}

export function checkoutSteps(visitOf: () => Visit): void {
  it('product page: checks the stock of the chosen child (stock.endpoint)', async () => {
    const answer = await visitOf().client.stockCheck(TEE_CHILD)
    const { result } = taskOk<Doc>(answer)
    // cart/stockSync reads is_in_stock (and code, for ENOTFOUND); stock/list keys by product_id
    expect(result, describeCall(answer)).toMatchObject({ is_in_stock: true, qty: expect.any(Number), product_id: expect.any(Number) })
    expect(result.code).not.toBe('ENOTFOUND')
  })

  it('footer: asks the newsletter status, then subscribes (newsletter.endpoint)', async () => {
    const visit = visitOf()
    const status = await visit.client.newsletterStatus(visit.email)
    // isSubscribed (a silent task) compares the result with 'subscribed', whatever the code
    expect(taskAnswered<unknown>(status).result, describeCall(status)).not.toBe('subscribed')
    taskOk(await visit.client.newsletterSubscribe(visit.email))
  })

  it('cart: creates a guest cart and pulls it', async () => {
    const { client } = visitOf()
    const created = taskOk<unknown>(await client.cartCreate(true))
    expect(['string', 'number']).toContain(typeof created.result)
    client.cartId = String(created.result)
    const pull = await client.cartPull()
    expect(taskOk<Doc[]>(pull).result, describeCall(pull)).toEqual([])
  })

  it('cart: adds the configurable child as its parent sku with its options', async () => {
    const visit = visitOf()
    const item = cartItem(configureProduct(need(visit.product, 'the mapped product'), TEE_CHILD))
    const answer = await visit.client.cartUpdate(cartItemForUpdate(item))
    const { result } = taskOk<Doc>(answer)
    const call = describeCall(answer)
    expect(result, call).toMatchObject({ item_id: expect.any(Number), sku: TEE_CHILD, qty: 1, product_type: 'configurable', quote_id: expect.anything() })
    const sent = (item.product_option as { extension_attributes: { configurable_item_options: unknown[] } }).extension_attributes.configurable_item_options
    expect(
      (
        result.product_option as typeof item.product_option & { extension_attributes: { configurable_item_options: Doc[] } }
      ).extension_attributes.configurable_item_options.map(({ option_id, option_value }) => ({
        option_id: String(option_id),
        option_value: String(option_value),
      })),
      call,
    ).toEqual(sent)
    takeServerLine(item, result)
    visit.items = [item]
  })

  it('cart: pulls it; the server lines are the client items', async () => {
    const { client, items } = visitOf()
    const answer = await client.cartPull()
    const lines = taskOk<Doc[]>(answer).result
    for (const item of items) expect(serverLineOf(lines, item), describeCall(answer)).toMatchObject({ item_id: item.server_item_id, qty: item.qty })
    expect(lines).toHaveLength(items.length)
  })

  it('cart: changes the quantity (the server item id, the server quote)', async () => {
    const { client, items } = visitOf()
    const item = need(items[0], 'the cart item')
    item.qty = 2
    const update = { ...cartItemForUpdate(item, { item_id: item.server_item_id as number, qty: 1 }), quoteId: item.server_cart_id }
    const answer = await client.cartUpdate(update)
    expect(taskOk<Doc>(answer).result, describeCall(answer)).toMatchObject({ item_id: item.server_item_id, sku: TEE_CHILD, qty: 2 })
  })

  it('cart: refreshes the methods and the totals (shipping-methods, payment-methods, shipping-information, totals)', async () => {
    const visit = visitOf()
    const totals = await syncVisitTotals(visit, ...emptyCheckout(visit.client))
    for (const method of visit.shippingMethods) expect(method).toMatchObject({ carrier_code: expect.any(String), method_code: expect.any(String) })
    expect(visit.shippingMethods.length).toBeGreaterThan(0)
    for (const method of visit.paymentMethods) expect(method).toMatchObject({ code: expect.any(String), title: expect.any(String) })
    expect(visit.paymentMethods.length).toBeGreaterThan(0)
    expect(totals.items.map((i) => [i.item_id, i.qty])).toEqual(visit.items.map((i) => [i.server_item_id, i.qty]))
    const answer = await visit.client.cartTotals()
    expect(readTotals(answer).grand_total, describeCall(answer)).toBe(totals.grand_total)
  })

  it('cart: applies a coupon, then deletes it (each followed by the totals)', async () => {
    const visit = visitOf()
    const applied = await visit.client.applyCoupon(DEMO_COUPON_CODES.percent)
    expect(taskOk(applied).result, describeCall(applied)).toBeTruthy()
    // getCoupon: shown while the totals have coupon_code
    const discounted = await syncVisitTotals(visit, ...emptyCheckout(visit.client))
    expect(discounted).toMatchObject({ coupon_code: DEMO_COUPON_CODES.percent, discount_amount: expect.any(Number) })
    expect(discounted.discount_amount).toBeLessThan(0)
    const deleted = await visit.client.deleteCoupon()
    expect(taskOk(deleted).result, describeCall(deleted)).toBeTruthy()
    expect(await syncVisitTotals(visit, ...emptyCheckout(visit.client))).not.toHaveProperty('coupon_code')
  })

  it('account: registers, logs in, loads the profile and the order history', async () => {
    const visit = visitOf()
    const { client } = visit
    taskOk(await client.register({ email: visit.email, firstname: 'Sanne', lastname: 'de Vries' }, visit.password))
    const login = await client.login(visit.email, visit.password)
    const token = taskOk<string>(login)
    expect(typeof token.result, describeCall(login)).toBe('string')
    expect(token.meta?.refreshToken, describeCall(login)).toEqual(expect.any(String))
    client.userToken = token.result
    const me = await client.me()
    // the order's user_id is current.id; setUserGroup reads group_id; My Account reads addresses
    visit.customer = taskOk<Doc>(me).result
    expect(visit.customer, describeCall(me)).toMatchObject({ id: expect.any(Number), email: visit.email, group_id: expect.any(Number), addresses: [] })
    const history = await client.orderHistory()
    expect(taskOk<Doc>(history).result, describeCall(history)).toMatchObject({ items: [] })
  })

  it('account: merges the guest cart into the customer cart (cart/authorize)', async () => {
    const visit = visitOf()
    const { client } = visit
    const created = taskOk<unknown>(await client.cartCreate(false))
    expect(['string', 'number']).toContain(typeof created.result)
    client.cartId = String(created.result)
    const lines = taskOk<Doc[]>(await client.cartPull()).result
    for (const item of visit.items) {
      const line = serverLineOf(lines, item)
      const update = line ? { ...cartItemForUpdate(item, line as { item_id: number; qty: number }, true), quoteId: line.quote_id } : cartItemForUpdate(item)
      const answer = await client.cartUpdate(update)
      const saved = taskOk<Doc>(answer).result
      expect(saved, describeCall(answer)).toMatchObject({ sku: item.sku, qty: update.qty })
      takeServerLine(item, saved)
      item.qty = saved.qty
    }
    const totals = await syncVisitTotals(visit, ...emptyCheckout(visit.client))
    expect(totals.items.map((i) => [i.item_id, i.qty])).toEqual(visit.items.map((i) => [i.server_item_id, i.qty]))
  })

  it('account: changes the name (POST me, the fields users.allowModification names)', async () => {
    const visit = visitOf()
    const current = need(visit.customer, 'the profile')
    const customer = { firstname: 'Sanna', lastname: current.lastname, email: current.email, addresses: current.addresses }
    const answer = await visit.client.updateMe({ customer })
    visit.customer = taskOk<Doc>(answer).result
    expect(visit.customer, describeCall(answer)).toMatchObject({ id: current.id, firstname: 'Sanna', email: visit.email })
  })

  it('checkout: sends the addresses, places the order (orders.endpoint) and finds it in the history', async () => {
    const visit = visitOf()
    const { client } = visit
    const details = shopperDetails(client.view.defaultCountry, visit.email)
    await syncVisitTotals(visit, details, details)
    const order = orderBody({
      view: client.view,
      userId: need(visit.customer, 'the profile').id as number,
      cartId: need(client.cartId ?? undefined, 'the cart id'),
      items: visit.items,
      details,
      shippingMethod: need(visit.shippingMethods[0], 'a shipping method'),
      paymentMethodCode: need(visit.paymentMethods[0], 'a payment method').code,
    })
    const answer = await client.placeOrder(order)
    // the thank-you page reads the confirmation's orderNumber
    const confirmation = taskOk<Doc>(answer).result
    expect(confirmation, describeCall(answer)).toMatchObject({ orderNumber: expect.any(String), backendOrderId: expect.anything() })
    const history = await client.orderHistory()
    const orders = taskOk<{ items: Doc[] }>(history).result.items
    expect(
      orders.map((o) => o.increment_id),
      describeCall(history),
    ).toContain(confirmation.orderNumber)
  })

  it('checkout as a guest (another shopper): a guest cart, the child, the totals, the order without a token', async () => {
    const visit = visitOf()
    const { guest } = visit
    const created = taskOk<unknown>(await guest.cartCreate(true))
    guest.cartId = String(created.result)
    const item = cartItem(configureProduct(need(visit.product, 'the mapped product'), TEE_CHILD))
    takeServerLine(item, taskOk<Doc>(await guest.cartUpdate(cartItemForUpdate(item))).result)
    const details = shopperDetails(guest.view.defaultCountry, `guest.${visit.email}`)
    const synced = await syncTotals(guest, details, details)
    const order = orderBody({
      view: guest.view,
      userId: null,
      cartId: guest.cartId,
      items: [item],
      details,
      shippingMethod: need(synced.shippingMethods[0], 'a shipping method'),
      paymentMethodCode: need(synced.paymentMethods[0], 'a payment method').code,
    })
    const answer = await guest.placeOrder(order)
    expect(taskOk<Doc>(answer).result, describeCall(answer)).toMatchObject({ orderNumber: expect.any(String), backendOrderId: expect.anything() })
  })

  it('account: asks for a password reset mail', async () => {
    const visit = visitOf()
    const answer = await visit.client.resetPassword(visit.email)
    expect(taskOk(answer).result, describeCall(answer)).toBe(true)
  })
}
