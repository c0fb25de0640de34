/**
 * Guest carts (contract §2.2): masked ids, lines that merge like Magento's (same sku and options →
 * more qty) and configurables resolved to the chosen child; totals, coupons, shipping and payment
 * methods are the cart checkout's (cart-checkout). Prices come from the store view's priced
 * catalogue. The cart's rules are the
 * domain's (cart-item: line identity; cart-line-options: configurable choice and labels;
 * cart-totals: prices, VAT and totals); this service loads, checks, locks and stores.
 *
 * Every write to a cart's lines runs in one transaction that first locks the cart, so concurrent
 * adds and changes of one cart take turns and every acknowledged one counts. A line is one row per
 * line key (domain/cart-item cartLineKey), and its qty obeys the product's sale rules: whole units
 * unless the stock says is_qty_decimal, within the stock where it is managed, within
 * min_sale_qty / max_sale_qty; a cart holds at most MAX_CART_LINES lines.
 */
import { randomInt } from 'node:crypto'
import type { CartUpdateBody } from '../../domain/api/cart.schema'
import type { ProductOption, ServerCartItem } from '../../domain/cart.schema'
import { cartLineKey, DEFAULT_MAX_SALE_QTY, MAX_CART_LINES, QTY_DECIMALS, roundQty } from '../../domain/cart-item'
import { childByOptions, configurableLineOption } from '../../domain/cart-line-options'
import { linePrice, type LineProduct } from '../../domain/cart-totals'
import type { Product, ProductType } from '../../domain/product.schema'
import type { StoreCode } from '../../domain/store-views'
import { validateOptions, type OptionIssue } from '../../domain/option-price'
import type { Repositories, Storage } from '../storage'
import type { CartItemRow, CartRow } from '../storage/cart-repository'
import type { StockRow } from '../storage/stock-repository'
import type { VatSettings } from '../../domain/vat-rule'
import { createCartCheckout, type VatRegistryCheck } from './cart-checkout'
import { resolveFromDoc, resolveLines } from './cart-lines'
import { USER_MESSAGES } from '../../domain/api/user.schema'
import { CUSTOMER_CART_ID_DIGITS } from './cart-access'
import { CartItemNotFoundError, CartNotFoundError, InvalidRequestError, ProductNotFoundError, UnauthorizedError } from './errors'

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function newMaskedCartId(): string {
  let id = ''
  for (let i = 0; i < 32; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)]
  return id
}

/**
 * A customer cart's id: a number, as Magento's quote ids are (the contract routes a numeric id with
 * a token to the customer's cart), but 15 random digits, not the next in a row: it is the only key
 * to the cart an order without a token may use (cart-access orderCustomer), so it must not be guessable.
 */
export function newCustomerCartId(): string {
  let id = String(1 + randomInt(9))
  for (let i = 1; i < CUSTOMER_CART_ID_DIGITS; i++) id += String(randomInt(10))
  return id
}

function describeIssues(issues: readonly OptionIssue[]): string {
  return issues.map((i) => (i.optionId !== undefined ? `${i.key} (option ${i.optionId})` : i.key)).join(', ')
}

/**
 * The options sent must be the product's own: bundle options only for a bundle, gift card details
 * only for a gift card, custom options only those the product has (so invented options cannot
 * make new lines). A bundle, gift card or custom-option product's options must also be complete.
 * A configurable's own choice (configurable_item_options) is checked by childByOptions.
 */
function checkOptions(product: Product, option: ProductOption | undefined): void {
  if (product.status >= 2) throw new InvalidRequestError(`Product "${product.sku}" is not available`)
  if (product.type_id === 'grouped') {
    throw new InvalidRequestError(`Product "${product.sku}" is a grouped product: add its linked products (product_links) instead`)
  }
  const ext = option?.extension_attributes
  const foreign: string[] = []
  if ((ext?.bundle_options?.length ?? 0) > 0 && product.type_id !== 'bundle') foreign.push('bundle options')
  if (ext?.mageworx_giftcard_item_option && product.type_id !== 'giftcard') foreign.push('gift card options')
  if ((ext?.custom_options?.length ?? 0) > 0 && (product.custom_options?.length ?? 0) === 0) foreign.push('custom options')
  if (foreign.length > 0) {
    throw new InvalidRequestError(`cartItem.product_option: product "${product.sku}" has no ${foreign.join(' and no ')}`)
  }
  const issues = validateOptions(product, option)
  // a configurable is priced by its child: of its own options only invented ones are refused here
  const refused = product.type_id === 'configurable' ? issues.filter((i) => i.key === 'unknownOption' || i.key === 'unknownValue') : issues
  if (refused.length > 0) {
    throw new InvalidRequestError(`cartItem.product_option: the options of "${product.sku}" are incomplete or invalid: ${describeIssues(refused)}`)
  }
}

/** What a line of one sku may hold: the product's sale rules and its stock. */
interface SaleRules {
  sku: string
  decimal: boolean
  min: number | null
  max: number
  /** null where stock is not managed (or unknown) */
  stock: { qty: number; inStock: boolean } | null
}

const fmt = (n: number) => String(roundQty(n))

/**
 * The sale rules of the line's sku: the stock table's qty (what /api/stock reports), the
 * product's (or chosen child's) stock document for is_qty_decimal and min/max_sale_qty.
 */
function saleRules(sku: string, resolved: LineProduct | undefined, row: StockRow | undefined): SaleRules {
  const doc = resolved ? (resolved.child ?? resolved.product).stock : undefined
  const managed = row ? row.manage_stock : (doc?.manage_stock ?? false)
  const max = doc?.max_sale_qty !== undefined && doc.max_sale_qty > 0 ? doc.max_sale_qty : DEFAULT_MAX_SALE_QTY
  return {
    sku,
    decimal: doc?.is_qty_decimal === true,
    min: doc?.min_sale_qty !== undefined && doc.min_sale_qty > 0 ? doc.min_sale_qty : null,
    max,
    stock: managed ? { qty: row?.qty ?? doc?.qty ?? 0, inStock: row?.is_in_stock ?? doc?.is_in_stock ?? false } : null,
  }
}

/** The qty asked for: a finite positive number, whole unless the product is sold by decimal qty. */
function checkRequestedQty(rules: SaleRules, qty: number): void {
  if (!Number.isFinite(qty) || qty <= 0) throw new InvalidRequestError(`cartItem.qty: must be a positive number (got ${qty})`)
  if (!rules.decimal && !Number.isInteger(qty)) {
    throw new InvalidRequestError(`You cannot use decimal quantity for "${rules.sku}": the qty must be a whole number (got ${qty})`)
  }
  if (rules.decimal && (roundQty(qty) !== qty || roundQty(qty) <= 0)) {
    throw new InvalidRequestError(`The qty of "${rules.sku}" can have at most ${QTY_DECIMALS} decimals and must be above 0 (got ${qty})`)
  }
}

/** The qty the line would hold: within the stock (where managed), max_sale_qty and min_sale_qty. */
function checkLineQty(rules: SaleRules, qty: number): void {
  const holds = `(the cart line would hold ${fmt(qty)})`
  if (rules.stock && (!rules.stock.inStock || rules.stock.qty <= 0)) {
    throw new InvalidRequestError(`The requested qty is not available: "${rules.sku}" is out of stock`)
  }
  if (rules.stock && qty > rules.stock.qty) {
    throw new InvalidRequestError(`The requested qty is not available: at most ${fmt(rules.stock.qty)} of "${rules.sku}" can be ordered ${holds}`)
  }
  if (qty > rules.max) {
    throw new InvalidRequestError(`The requested qty is not available: at most ${fmt(rules.max)} of "${rules.sku}" can be ordered per cart ${holds}`)
  }
  if (rules.min !== null && qty < rules.min) {
    throw new InvalidRequestError(`The requested qty is not available: at least ${fmt(rules.min)} of "${rules.sku}" must be ordered ${holds}`)
  }
}

export function createCartService(storage: Storage, vat?: VatSettings, vatCheck?: VatRegistryCheck) {
  async function cartOrThrow(cartId: string): Promise<CartRow> {
    const cart = await storage.carts.find(cartId)
    if (!cart) throw new CartNotFoundError(cartId)
    return cart
  }

  /** Inside a transaction: the cart, locked until it ends (the cart's other writers wait). */
  async function lockedCart(repos: Repositories, cartId: string): Promise<CartRow> {
    const cart = await repos.carts.lockForUpdate(cartId)
    if (!cart) throw new CartNotFoundError(cartId)
    return cart
  }

  /** A line's new qty (cart/update with item_id), checked against its product's rules under the cart lock. */
  async function changeQty(cart: CartRow, itemId: number, qty: number, nowIso: string): Promise<ServerCartItem> {
    return storage.transaction(async (repos) => {
      await lockedCart(repos, cart.id)
      const item = await repos.carts.findItem(cart.id, itemId)
      if (!item) throw new CartItemNotFoundError(cart.id, itemId)
      const resolved = (await resolveLines(repos, cart, [item])).get(item.sku)
      const [stockRow] = await repos.stock.findBySkus([item.sku])
      const rules = saleRules(item.sku, resolved, stockRow)
      checkRequestedQty(rules, qty)
      checkLineQty(rules, qty)
      const updated = await repos.carts.setQty(cart.id, item.item_id, roundQty(qty))
      if (!updated) throw new CartItemNotFoundError(cart.id, itemId)
      await repos.carts.touch(cart.id, nowIso)
      return toServerItem(updated, resolved)
    })
  }

  function toServerItem(item: CartItemRow, resolved: LineProduct | undefined): ServerCartItem {
    return {
      item_id: item.item_id,
      quote_id: item.cart_id,
      sku: item.sku,
      qty: item.qty,
      name: item.name,
      price: resolved ? linePrice(resolved, item.product_option as ProductOption | null).excl : 0,
      product_type: item.product_type as ProductType,
      ...(item.product_option ? { product_option: item.product_option as ProductOption } : {}),
    }
  }

  return {
    ...createCartCheckout(storage, vat, vatCheck),

    async create(storeCode: StoreCode, now = new Date()): Promise<string> {
      const id = newMaskedCartId()
      await storage.carts.create(id, storeCode, now.toISOString())
      return id
    },

    /**
     * The customer's active cart of the store view (contract §2.2 create with a token): the newest
     * one not ordered yet, made when there is none. The customer's row is locked meanwhile, so two
     * logins at once get one cart. `fresh`: a new cart that becomes the active one (a device whose
     * last cart went with an order not sent yet; that cart stays theirs to order).
     */
    async createForCustomer(customerId: number, storeCode: StoreCode, fresh = false, now = new Date()): Promise<string> {
      return storage.transaction(async (repos) => {
        if (!(await repos.carts.lockCustomer(customerId))) throw new UnauthorizedError(USER_MESSAGES.notAuthorized)
        const active = fresh ? null : await repos.carts.findActiveForCustomer(customerId, storeCode)
        if (active) return active.id
        // a clash of 15 random digits is all but impossible; a second draw settles it
        for (let attempt = 0; ; attempt++) {
          const id = newCustomerCartId()
          if (await repos.carts.createForCustomer(id, storeCode, customerId, now.toISOString())) return id
          if (attempt >= 3) throw new Error('no free customer cart id after 4 draws')
        }
      })
    },

    async pull(cartId: string): Promise<ServerCartItem[]> {
      const cart = await cartOrThrow(cartId)
      const items = await storage.carts.listItems(cart.id)
      const resolved = await resolveLines(storage, cart, items)
      return items.map((i) => toServerItem(i, resolved.get(i.sku)))
    },

    async update(cartId: string, cartItem: CartUpdateBody['cartItem'], now = new Date()): Promise<ServerCartItem> {
      const cart = await cartOrThrow(cartId)
      const nowIso = now.toISOString()
      if (cartItem.item_id !== undefined) return changeQty(cart, cartItem.item_id, cartItem.qty, nowIso)

      const doc = await storage.products.findBySku(cart.store_code, cartItem.sku)
      if (!doc) throw new ProductNotFoundError(cartItem.sku)
      let resolved = resolveFromDoc(doc, cartItem.sku)
      checkOptions(resolved.product, cartItem.product_option)
      if (!resolved.child && resolved.product.type_id === 'configurable') {
        const child = childByOptions(resolved.product, cartItem.product_option)
        if (!child) {
          throw new InvalidRequestError(
            `cartItem.product_option: choose the options of configurable product "${cartItem.sku}" (configurable_item_options matching one of its variants)`,
          )
        }
        resolved = { product: resolved.product, child }
      }
      if (resolved.child && resolved.child.status >= 2) throw new InvalidRequestError(`Product "${resolved.child.sku}" is not available`)
      const { incl } = linePrice(resolved, cartItem.product_option)
      if (incl < 0) throw new InvalidRequestError(`Product "${cartItem.sku}" has a negative price and cannot be added`)

      const isConfigurable = resolved.child !== null
      const sku = resolved.child?.sku ?? resolved.product.sku
      const productType = isConfigurable ? 'configurable' : resolved.product.type_id
      const option: ProductOption | null = resolved.child
        ? configurableLineOption(resolved.product, resolved.child, cartItem.product_option)
        : (cartItem.product_option ?? null)
      const lineKey = cartLineKey(sku, productType, option)

      const [stockRow] = await storage.stock.findBySkus([sku])
      const rules = saleRules(sku, resolved, stockRow)
      checkRequestedQty(rules, cartItem.qty)

      const saved = await storage.transaction(async (repos) => {
        await lockedCart(repos, cart.id)
        const existing = await repos.carts.findLine(cart.id, lineKey)
        if (!existing && (await repos.carts.countItems(cart.id)) >= MAX_CART_LINES) {
          throw new InvalidRequestError(`A cart can hold at most ${MAX_CART_LINES} different lines: remove one before adding "${sku}"`)
        }
        checkLineQty(rules, roundQty((existing?.qty ?? 0) + cartItem.qty))
        const line = await repos.carts.addToLine(
          {
            cart_id: cart.id,
            line_key: lineKey,
            sku,
            parent_sku: isConfigurable ? resolved.product.sku : null,
            qty: cartItem.qty,
            product_type: productType,
            product_option: option as Record<string, unknown> | null,
            name: resolved.product.name,
          },
          nowIso,
        )
        await repos.carts.touch(cart.id, nowIso)
        return line
      })
      return toServerItem(saved, resolved)
    },

    async remove(cartId: string, itemId: number, now = new Date()): Promise<true> {
      const cart = await cartOrThrow(cartId)
      await storage.transaction(async (repos) => {
        await lockedCart(repos, cart.id)
        if (!(await repos.carts.deleteItem(cart.id, itemId))) throw new CartItemNotFoundError(cart.id, itemId)
        await repos.carts.touch(cart.id, now.toISOString())
      })
      return true
    },
  }
}
export type CartService = ReturnType<typeof createCartService>
