/**
 * Placing an order (contract §2.3, spec §7 POST /api/order), exactly once.
 *
 * One transaction does it all: it locks the cart (so the cart's writers and every retry of this
 * order take turns), answers a retry with the order already stored for its `order_id`, checks the
 * order's products against the cart's lines, prices those lines as the cart's checkout does (the
 * catalogue, the destination's VAT, the cart's coupon; never the client's prices), locks the cart's
 * gift cards and lets those that can pay take their part of the total, locks and checks the stock
 * rows, takes the stock, numbers the order per store view, stores it with its lines and takes what
 * the gift cards paid off their balances (a retry is answered before that: a card is charged once).
 * A refusal rolls everything back: cart, stock and cards stay as they were, and nothing is
 * remembered, so the same order_id may be sent again once the cause is gone.
 *
 * Exactly once also without the cart lock (the same order_id sent with two carts): the orders
 * table's unique client_order_id makes the insert of the loser a no-op (repository `insert`), its
 * transaction is rolled back (numbers and stock included) and it answers with the winner's order.
 *
 * A cart becomes one order (orders.cart_id is unique, as a Magento quote becomes one order): the
 * client starts a new cart after an order, as VSF1 does.
 */
import { createHash } from 'node:crypto'
import type { OrderBody, OrderRefusal, OrderResult, OrderStatus } from '../../domain/api/order.schema'
import type { ProductOption } from '../../domain/cart.schema'
import { computeTotals, giftCardSharesOf, sellsIn, type LineProduct, type TotalsLine } from '../../domain/cart-totals'
import { isVirtualCart } from '../../domain/virtual-cart'
import { isCouponValidAt } from '../../domain/coupon.schema'
import { GIFT_CARD_PAYMENT_METHOD } from '../../domain/gift-card-payment'
import { paymentMethodsFor } from '../../domain/payment-methods'
import { giftCardStatusAt } from '../../domain/giftcard.schema'
import {
  formatIncrementId,
  needsNoPayment,
  orderCartDifferences,
  orderFingerprintSource,
  shippingChargeFor,
  stockNeeds,
  stockShortages,
  stockTurns,
} from '../../domain/order'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { TaxRule } from '../../domain/tax-rule.schema'
import { DEFAULT_VAT_SETTINGS, type VatSettings } from '../../domain/vat-rule'
import { decideVat, reverseChargeAnswer, vatDestination } from '../../domain/vat-decision'
import type { Repositories, Storage } from '../storage'
import type { CartItemRow, CartRow } from '../storage/cart-repository'
import type { OrderRow } from '../storage/order-repository'
import { resolveLines } from './cart-lines'
import { CartNotFoundError, InvalidRequestError } from './errors'
import { CONFIRMATION, confirmationDueAt } from './order-mail-service'
import { newOrderRow, orderLinesOf, type OrderDecision } from './order-rows'
import { StockDocumentChanges } from './stock-documents'

/** A well-formed order the shop cannot take as it stands (HTTP 409); `refusal` says why, for the client. */
export class OrderRefusedError extends Error {
  override name = 'OrderRefusedError'
  constructor(readonly refusal: OrderRefusal) {
    super(refusal.errorMessage)
  }
}

/** The cart was ordered already (one cart, one order, as a Magento quote): the client starts a new cart. */
function alreadyOrdered(cartId: string, orderNumber: string): OrderRefusedError {
  return new OrderRefusedError({
    reason: 'cart_already_ordered',
    errorMessage: `Cart ${cartId} has already been ordered as order ${orderNumber}: start a new cart`,
    orderNumber,
  })
}

/** Inside the transaction: another request stored this order_id first (the transaction is rolled back). */
class OrderKeyTakenError extends Error {
  override name = 'OrderKeyTakenError'
}

/** A virtual order's shipping: none (computeTotals charges no shipping for a virtual cart either). */
const NO_SHIPPING = { amount: 0, title: '' }

/** The spec's out-of-stock message (§8), the words the client translates. */
export const OUT_OF_STOCK_MESSAGE = 'The product is out of stock and cannot be added to the cart!'

export interface PlacedOrder {
  result: OrderResult
  /** true when this request was a retry answered with the order stored before */
  replayed: boolean
}

export function orderResult(row: OrderRow): OrderResult {
  return {
    magentoOrderId: String(row.id),
    orderNumber: row.increment_id,
    backendOrderId: String(row.id),
    transferedAt: row.created_at,
    status: row.status as OrderStatus,
    grand_total: row.grand_total,
    ...reverseChargeAnswer(row.totals),
    ...(row.order_token ? { order_token: row.order_token } : {}),
  }
}

function fingerprint(body: OrderBody): string {
  return createHash('sha256').update(orderFingerprintSource(body)).digest('hex')
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null
  return e?.code === '23505' || e?.cause?.code === '23505'
}

/** The answer to an order_id already stored: the same order for the same request, a refusal for another. */
function replay(existing: OrderRow, hash: string, clientOrderId: string): PlacedOrder {
  if (existing.request_hash !== hash) {
    throw new OrderRefusedError({
      reason: 'order_id_reused',
      errorMessage: `Order id ${clientOrderId} was already placed as order ${existing.increment_id} with other products, addresses or methods`,
      orderNumber: existing.increment_id,
    })
  }
  return { result: orderResult(existing), replayed: true }
}

type AddressInformation = OrderBody['addressInformation']

/**
 * The cart to order, locked (so the cart's writers and every retry of this order take turns), or the
 * answer to a retry of an order stored already. Refuses a cart of another store view or one ordered
 * already.
 */
async function lockCartToOrder(
  repos: Repositories,
  body: OrderBody,
  storeCode: StoreCode | undefined,
  hash: string,
): Promise<{ cart: CartRow } | { stored: PlacedOrder }> {
  // a retry of a stored order is answered without waiting for the cart (which may be gone since)
  const stored = await repos.orders.findByClientOrderId(body.order_id)
  if (stored) return { stored: replay(stored, hash, body.order_id) }

  const cart = await repos.carts.lockForUpdate(body.cart_id)
  if (!cart) throw new CartNotFoundError(body.cart_id)
  // looked up again under the cart lock: the request this one waited for may have stored it
  const existing = await repos.orders.findByClientOrderId(body.order_id)
  if (existing) return { stored: replay(existing, hash, body.order_id) }

  if (storeCode && storeCode !== cart.store_code) {
    throw new InvalidRequestError(`cart_id: cart ${cart.id} belongs to store view "${cart.store_code}", not "${storeCode}"`)
  }
  const ordered = await repos.orders.findByCartId(cart.id)
  if (ordered) throw alreadyOrdered(cart.id, ordered.increment_id)
  return { cart }
}

/** The cart's lines, which must be the order's products (else the client synchronises the cart first). */
async function orderedItems(repos: Repositories, body: OrderBody, cart: CartRow): Promise<CartItemRow[]> {
  const items = await repos.carts.listItems(cart.id)
  if (items.length === 0) throw new InvalidRequestError(`cart_id: cart ${cart.id} is empty`)
  const differences = orderCartDifferences(body.products, items)
  if (differences.length > 0) {
    throw new OrderRefusedError({
      reason: 'cart_changed',
      errorMessage: `The order's products are not the lines of cart ${cart.id}: synchronise the cart and send the order again`,
      items: differences,
    })
  }
  return items
}

/**
 * The payment method: one the shop offers for this order (a made-up one would hold its stock with
 * nobody to pay); gift cards that pay it all need none, whatever was chosen. An order sent as paid
 * by its gift cards that they no longer pay in full would wait for money nobody asks for.
 */
function checkPaymentMethod(info: AddressInformation, virtual: boolean, grandTotal: number, cartId: string): void {
  const offered = paymentMethodsFor({ virtual, country: info.billingAddress.country_id, shippingCarrierCode: info.shipping_carrier_code ?? '' }).map(
    (m) => m.code,
  )
  if (info.payment_method_code !== GIFT_CARD_PAYMENT_METHOD && !offered.includes(info.payment_method_code) && !needsNoPayment(grandTotal)) {
    throw new InvalidRequestError(`addressInformation.payment_method_code: "${info.payment_method_code}" is not offered for this order (${offered.join(', ')})`)
  }
  if (info.payment_method_code === GIFT_CARD_PAYMENT_METHOD && !needsNoPayment(grandTotal)) {
    throw new OrderRefusedError({
      reason: 'payment_required',
      errorMessage: `The gift cards of cart ${cartId} no longer pay the whole order (${grandTotal} left): choose a payment method and send the order again`,
    })
  }
}

/** The stock the lines need, its rows locked; the order is refused when any of it is short. */
/** The order's stock needs and the skus its take sells out, under the stock rows' locks. */
async function lockStock(repos: Repositories, items: readonly CartItemRow[]): Promise<{ needs: Map<string, number>; soldOut: string[] }> {
  const needs = stockNeeds(items)
  const levels = await repos.stock.lockForUpdate([...needs.keys()])
  const shortages = stockShortages(needs, levels)
  if (shortages.length > 0) throw new OrderRefusedError({ reason: 'out_of_stock', errorMessage: OUT_OF_STOCK_MESSAGE, items: shortages })
  return { needs, soldOut: stockTurns(levels, needs, 'take') }
}

export interface OrderServiceOptions {
  /** runs after a new order was stored (not for a retry), without holding up the answer; must not throw */
  placed?: (order: OrderRow) => Promise<void>
  /** the shop's VAT position (SHOP_DETAILS vat): its country, VAT id and OSS */
  vat?: VatSettings
  /** the VAT registry's word on a buyer's number: true valid, false invalid, null could not say */
  vatCheck?: (countryCode: string, vatNumber: string) => Promise<boolean | null>
}

export function createOrderService(storage: Storage, options: OrderServiceOptions = {}) {
  const vat = options.vat ?? DEFAULT_VAT_SETTINGS
  /**
   * What each of the cart's lines sells, from the store view's catalogue; a line the catalogue no
   * longer sells (gone or disabled) refuses the order.
   */
  async function sellableLines(repos: Repositories, cart: CartRow, items: readonly CartItemRow[]): Promise<LineProduct[]> {
    const resolved = await resolveLines(repos, cart, items)
    const unsellable = items.filter((item) => {
      const sells = resolved.get(item.sku)
      return !sells || sells.product.status >= 2 || (sells.child?.status ?? 1) >= 2
    })
    if (unsellable.length > 0) {
      throw new OrderRefusedError({
        reason: 'out_of_stock',
        errorMessage: OUT_OF_STOCK_MESSAGE,
        items: [...stockNeeds(unsellable)].map(([sku, requested]) => ({ sku, requested, available: 0 })),
      })
    }
    return items.map((item) => resolved.get(item.sku)!)
  }

  /**
   * The lines as the cart's checkout prices them (cart-checkout totals): the stored prices are the
   * store view's country's; another VAT country (or none, a reverse charge) prices them again (sellsIn).
   */
  function pricedLines(
    cart: CartRow,
    items: readonly CartItemRow[],
    sells: readonly LineProduct[],
    vat: { country: string; reverseCharge: boolean },
    rules: readonly TaxRule[],
    now: Date,
  ): TotalsLine[] {
    const vatCountry = vat.country
    const reprice = vat.reverseCharge || vatCountry !== STORE_VIEWS[cart.store_code as StoreCode]?.tax.defaultCountry
    return items.map((item, i) => ({
      item_id: item.item_id,
      name: item.name,
      qty: item.qty,
      option: item.product_option as ProductOption | null,
      sells: reprice ? sellsIn(sells[i]!, rules, vatCountry, now) : sells[i]!,
    }))
  }

  /**
   * The order's price as the cart's checkout works it out: where the goods go (the delivery address,
   * or the billing address for a virtual cart, where nothing is shipped, and a pickup without a
   * delivery address), the VAT that follows, the lines priced, the shipping, the cart's coupon if it
   * is still valid now, and its gift cards, locked so their balances stay as read until this order
   * took its part.
   */
  async function priceOrder(
    repos: Repositories,
    cart: CartRow,
    items: readonly CartItemRow[],
    info: AddressInformation,
    now: Date,
    registryValid: boolean | null,
  ): Promise<OrderDecision> {
    const sells = await sellableLines(repos, cart, items)
    const virtual = isVirtualCart(sells.map((s) => ({ type_id: s.product.type_id, mageworx_gc_type: s.product.mageworx_gc_type })))
    const destination = vatDestination(vat.shopCountry, {
      virtual,
      pickup: info.shipping_carrier_code === 'storepickup',
      deliveryCountry: info.shippingAddress?.country_id,
      billingCountry: info.billingAddress.country_id,
    })
    const {
      decision: vatDecision,
      country,
      reverseCharge,
    } = decideVat(vat, { vatNumber: info.billingAddress.vat_id, vatCountry: info.billingAddress.country_id, destination, registryValid })
    const rules = reverseCharge ? [] : await repos.taxRules.list()
    const lines = pricedLines(cart, items, sells, { country, reverseCharge }, rules, now)
    const shipping = virtual ? NO_SHIPPING : shippingChargeFor(info.shipping_carrier_code ?? '', info.shipping_method_code ?? '', reverseCharge)
    if (!shipping) {
      throw new InvalidRequestError(
        `addressInformation.shipping_method_code: the shop has no shipping method "${info.shipping_carrier_code ?? ''}_${info.shipping_method_code ?? ''}"`,
      )
    }
    // an expired coupon stays on the cart and gives nothing
    const cartCoupon = cart.coupon_code ? await repos.coupons.find(cart.coupon_code) : null
    const coupon = cartCoupon && isCouponValidAt(cartCoupon, now) ? cartCoupon : null
    const giftCards = (await repos.giftcards.lockForCart(cart.id)).filter((card) => giftCardStatusAt(card, now) === 'active')
    return { totals: computeTotals(lines, rules, country, shipping, coupon, giftCards), vatDecision, country, virtual }
  }

  async function placeInTransaction(
    body: OrderBody,
    storeCode: StoreCode | undefined,
    hash: string,
    now: Date,
    customerId: number | null,
    registryValid: boolean | null,
    stockDocs: StockDocumentChanges,
  ): Promise<PlacedOrder> {
    return storage.transaction(async (repos) => {
      const locked = await lockCartToOrder(repos, body, storeCode, hash)
      if ('stored' in locked) return locked.stored
      const { cart } = locked
      const { addressInformation: info } = body
      const items = await orderedItems(repos, body, cart)
      const decision = await priceOrder(repos, cart, items, info, now, registryValid)
      checkPaymentMethod(info, decision.virtual, decision.totals.grand_total, cart.id)
      const { needs, soldOut } = await lockStock(repos, items)

      const view = STORE_VIEWS[cart.store_code as StoreCode] ?? STORE_VIEWS.en
      const nowIso = now.toISOString()
      const incrementId = formatIncrementId(view.storeId, await repos.orders.nextSequence(view.storeCode))
      const row = await repos.orders.insert(newOrderRow(body, { hash, customerId, nowIso }, cart, incrementId, decision))
      if (!row) throw new OrderKeyTakenError(body.order_id)

      await repos.orders.insertLines(row.id, orderLinesOf(items, decision.totals))
      await repos.stock.take(needs, nowIso)
      await stockDocs.follow(repos, soldOut, nowIso)
      await repos.giftcards.redeem(row.id, giftCardSharesOf(decision.totals), nowIso)
      // with the order, so no crash after the commit leaves it without its confirmation
      if (confirmationDueAt(row.status)) await repos.orderMails.schedule(row.id, CONFIRMATION, nowIso)
      return { result: orderResult(row), replayed: false }
    })
  }

  return {
    /**
     * Places the order, or answers a retry of it with the stored order. Throws CartNotFoundError,
     * InvalidRequestError (a shipping method or store view the cart does not have, an empty cart)
     * and OrderRefusedError (out of stock, order_id reused with another body, cart already ordered,
     * products that are not the cart's).
     */
    async place(body: OrderBody, storeCode?: StoreCode, now = new Date(), customerId: number | null = null): Promise<PlacedOrder> {
      const hash = fingerprint(body)
      // the registry is asked before the transaction (an outside call holds no lock): only for a
      // number that could change the VAT, and its failure is "could not say" (VAT is charged)
      const billing = body.addressInformation.billingAddress
      const registryValid =
        billing.vat_id && options.vatCheck ? await options.vatCheck(billing.country_id, billing.vat_id).catch((): boolean | null => null) : null
      try {
        const stockDocs = new StockDocumentChanges()
        const placed = await placeInTransaction(body, body.store_code ?? storeCode, hash, now, customerId, registryValid, stockDocs)
        stockDocs.publish(storage)
        if (!placed.replayed && options.placed) {
          const after = options.placed
          void storage.orders
            .findByClientOrderId(body.order_id)
            .then((row) => (row ? after(row) : undefined))
            .catch(() => undefined)
        }
        return placed
      } catch (err) {
        if (!(err instanceof OrderKeyTakenError) && !isUniqueViolation(err)) throw err
        const winner = await storage.orders.findByClientOrderId(body.order_id)
        if (winner) return replay(winner, hash, body.order_id)
        const ordered = await storage.orders.findByCartId(body.cart_id)
        if (ordered) throw alreadyOrdered(body.cart_id, ordered.increment_id)
        throw err
      }
    },
  }
}
export type OrderService = ReturnType<typeof createOrderService>
