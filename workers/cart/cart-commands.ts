/**
 * The cart commands of the worker API (add, setQty, remove) over a CartStore: validate, check
 * stock, merge into a matching line or add one, and say what happened as notifications (message
 * keys, spec §8). The local write happens first and always; the server sync follows in the leader
 * (CartSyncScheduler), so a shopper can fill a cart offline.
 */
import type { CartItem, ProductOption } from '../../domain/cart.schema'
import { cartItemKey, cartItemsMatch, matchableFromClient, productOptionChecksum, roundQty } from '../../domain/cart-item'
import { childByOptions, configurableLineOption, lineLabels } from '../../domain/cart-line-options'
import type { StockItem } from '../../domain/api/stock.schema'
import { toCents } from '../../domain/money'
import type { Notification, NotificationType, MessageKey } from '../../domain/notifications'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import { addsWithoutChoices, hasPricedOptions, unitPrice, validateOptions } from '../../domain/option-price'
import type { CartStore } from '../../replication/cart-store'
import type { CartCommand } from '../contract/commands'
import type { CartProduct } from './cart-product'

export interface CartCommandDeps {
  store: CartStore
  /** the stock of a sku, or null when it cannot be checked now (offline, network failure) */
  checkStock: (sku: string) => Promise<StockItem | null>
  /**
   * a product by sku as the cart needs it (from the full document when stored, else the light
   * one): a grouped product's links, and `addSku` when no full document can be had; null when unknown
   */
  linkedProduct?: (sku: string) => Promise<CartProduct | null>
  /** the full product of a sku (local, else fetched when online); null when the device cannot get it */
  fullProduct?: (sku: string) => Promise<Product | null>
  now: () => number
  newId: () => string
  /** zero-price products may be added (spec §5: rejected unless enabled) */
  allowZeroPrice?: boolean
  /** the coupon calls (they need the network; workers/cart/cart-module wires them) */
  coupons?: {
    apply: (code: string) => Promise<Notification[]>
    remove: () => Promise<Notification[]>
  }
  /** the gift card calls (the network as well: the shop checks the card) */
  giftCards?: {
    apply: (code: string) => Promise<Notification[]>
    remove: (code: string) => Promise<Notification[]>
  }
}

/** A quantity that is not a positive number (spec §5: text is converted, zero or less is refused). */
export class InvalidQuantityError extends Error {
  override readonly name = 'InvalidQuantityError'
  constructor(readonly qty: unknown) {
    super(`Quantity must be above 0 (got ${String(qty)})`)
  }
}

/** setQty/remove named a line that is not in the cart (another tab removed it meanwhile). */
export class CartLineNotFoundError extends Error {
  override readonly name = 'CartLineNotFoundError'
  constructor(readonly key: string) {
    super(`No cart line ${key}`)
  }
}

function notification(deps: CartCommandDeps, type: NotificationType, key: MessageKey, extra: Partial<Notification> = {}): Notification {
  return { id: deps.newId(), type, key, ...extra }
}

function toQty(value: unknown): number {
  const qty = typeof value === 'string' ? Number(value.trim()) : value
  if (typeof qty !== 'number' || !Number.isFinite(qty) || qty <= 0) throw new InvalidQuantityError(value)
  return qty
}

/**
 * The configurable's chosen child: by the page's child sku, else by the configurable_item_options
 * sent (as the server picks it, so both keep the line under the child's sku).
 */
function chosenChild(product: Product, command: Extract<CartCommand, { type: 'add' }>): ConfigurableChild | undefined {
  if (command.childSku) return product.configurable_children?.find((c) => c.sku === command.childSku)
  if (product.type_id !== 'configurable') return undefined
  return childByOptions(product, command.productOption) ?? undefined
}

/** Product errors (from the server or variant choice) as error notifications; empty when none. */
function productErrors(deps: CartCommandDeps, product: Product): Notification[] {
  const errors = product.errors
  if (!errors || typeof errors !== 'object') return []
  return Object.values(errors as Record<string, unknown>)
    .filter((message): message is string => typeof message === 'string' && message.length > 0)
    .map((text) => notification(deps, 'error', 'serverError', { text, action1: 'ok' }))
}

export async function applyCartCommand(deps: CartCommandDeps, command: CartCommand): Promise<Notification[]> {
  switch (command.type) {
    case 'add':
      return addToCart(deps, command)
    case 'addGrouped':
      return addGrouped(deps, command)
    case 'addSku':
      return addSku(deps, command)
    case 'setQty': {
      const items = await deps.store.getItems()
      const item = items.find((i) => i.key === command.key)
      if (!item) throw new CartLineNotFoundError(command.key)
      const qty = Number(command.qty)
      if (Number.isFinite(qty) && qty <= 0) {
        await deps.store.removeItem(item.key)
        return []
      }
      const next = toQty(command.qty)
      if (next === item.qty) return []
      await deps.store.putItem({ ...item, qty: next, prev_qty: item.prev_qty ?? item.qty })
      return [notification(deps, 'success', 'productQuantityUpdated')]
    }
    case 'editLine':
      return editLine(deps, command)
    case 'remove': {
      await deps.store.removeItem(command.key)
      return []
    }
    case 'applyCoupon':
      if (!command.code.trim()) return [notification(deps, 'warning', 'couponInvalid')]
      return deps.coupons ? deps.coupons.apply(command.code) : [notification(deps, 'warning', 'couponOffline')]
    case 'removeCoupon':
      return deps.coupons ? deps.coupons.remove() : [notification(deps, 'warning', 'couponOffline')]
    case 'applyGiftCard':
      // spec §5: an empty gift code does nothing
      if (!command.code.trim()) return []
      return deps.giftCards ? deps.giftCards.apply(command.code) : [notification(deps, 'warning', 'giftCardOffline')]
    case 'removeGiftCard':
      return deps.giftCards ? deps.giftCards.remove(command.code) : [notification(deps, 'warning', 'giftCardOffline')]
    case 'dismissNotices': {
      const ids = new Set(command.ids)
      const { notices = [] } = await deps.store.getState()
      if (notices.some((n) => ids.has(n.id))) await deps.store.setState({ notices: notices.filter((n) => !ids.has(n.id)) })
      return []
    }
  }
}

async function addToCart(deps: CartCommandDeps, command: Extract<CartCommand, { type: 'add' }>): Promise<Notification[]> {
  const { product } = command
  const qty = toQty(command.qty)

  const errors = productErrors(deps, product)
  if (errors.length > 0) return errors

  const child = chosenChild(product, command)
  if (product.type_id === 'configurable' && !child) {
    return [notification(deps, 'warning', 'noSuchConfiguration', { action1: 'ok' })]
  }
  // bundles, gift cards and custom options: complete choices, priced by them (domain/option-price)
  const priced = !child && hasPricedOptions(product)
  if (priced && validateOptions(product, command.productOption).length > 0) {
    return [notification(deps, 'warning', 'noSuchConfiguration', { action1: 'ok' })]
  }
  const priceSource = child ?? product
  const priceInclTax = priced
    ? unitPrice(product, command.productOption).incl
    : (priceSource.final_price_incl_tax ?? priceSource.price_incl_tax ?? product.final_price_incl_tax ?? product.price_incl_tax)
  const productOption = child ? configurableLineOption(product, child, command.productOption, { labels: true }) : command.productOption
  return addLine(deps, {
    sku: child?.sku ?? product.sku,
    parentSku: product.sku,
    name: child?.name ?? product.name,
    type_id: product.type_id,
    qty,
    priceInclTax,
    // the page names what only it can (bundle pieces, gift card words); else the product does
    labels: command.labels ?? lineLabels(product, productOption, { child }),
    ...(product.image ? { image: child?.image ?? product.image } : {}),
    ...(productOption ? { productOption } : {}),
    ...(product.mageworx_gc_type !== undefined ? { gcType: product.mageworx_gc_type } : {}),
  })
}

/**
 * Cart edit mode: the same child only changes the qty; another child of the line's configurable
 * parent goes in as an add of the new qty (price, stock, merging) and only then does the old line
 * go, so a refused choice loses nothing. Custom options the line had stay with it.
 */
async function editLine(deps: CartCommandDeps, command: Extract<CartCommand, { type: 'editLine' }>): Promise<Notification[]> {
  const item = (await deps.store.getItems()).find((i) => i.key === command.key)
  if (!item) throw new CartLineNotFoundError(command.key)
  const qty = toQty(command.qty)
  if (command.childSku === item.sku) return applyCartCommand(deps, { type: 'setQty', key: item.key, qty })
  const parent = (await deps.fullProduct?.(item.parentSku)) ?? null
  if (!parent || parent.type_id !== 'configurable' || !parent.configurable_children?.some((c) => c.sku === command.childSku)) {
    return [notification(deps, 'warning', 'noSuchConfiguration', { action1: 'ok' })]
  }
  const { configurable_item_options: _chosen, ...kept } = item.product_option?.extension_attributes ?? {}
  const productOption = Object.keys(kept).length > 0 ? { extension_attributes: kept } : undefined
  const notifications = await addToCart(deps, { type: 'add', product: parent, childSku: command.childSku, qty, ...(productOption ? { productOption } : {}) })
  if (!notifications.some((n) => n.type === 'success')) return notifications
  await deps.store.removeItem(item.key)
  // the line changed, not a new add: one 'cart updated' in place of the add's success
  return [...notifications.filter((n) => n.type !== 'success'), notification(deps, 'success', 'cartLineChanged')]
}

/**
 * A product by sku, as it is: from its full document when the device has one or can fetch it; else
 * (offline, server trouble) a plain product from its light document, as a grouped set's links go
 * in. The light document cannot tell choices apart, so a type that needs them waits for the full
 * one (`needsFullDetails`).
 */
async function addSku(deps: CartCommandDeps, command: Extract<CartCommand, { type: 'addSku' }>): Promise<Notification[]> {
  const product = (await deps.fullProduct?.(command.sku)) ?? null
  if (product) {
    if (!addsWithoutChoices(product)) return [notification(deps, 'warning', 'chooseOptions')]
    return addToCart(deps, { type: 'add', product, qty: command.qty })
  }
  const light = (await deps.linkedProduct?.(command.sku)) ?? null
  if (!light || light.status !== 1) return [notification(deps, 'warning', 'listProductUnknown')]
  if (!PLAIN_TYPES.has(light.type_id)) return [notification(deps, 'warning', 'needsFullDetails')]
  return addPlain(deps, light, command.qty)
}

/** A line about to go in: what it is, one unit's price incl. tax (decimals) and how it reads. */
interface NewLine {
  sku: string
  parentSku: string
  name: string
  type_id: CartItem['type_id']
  qty: number
  /** undefined when unknown (refused, as is a zero price unless allowed) */
  priceInclTax: number | undefined
  labels: CartItem['options']
  image?: string
  productOption?: ProductOption
  gcType?: CartItem['mageworx_gc_type']
}

/** Checks price and stock, then merges the line into a matching one or adds it. */
async function addLine(deps: CartCommandDeps, line: NewLine): Promise<Notification[]> {
  const price = line.priceInclTax
  if (price === undefined || price < 0 || (price === 0 && !deps.allowZeroPrice)) return [notification(deps, 'warning', 'priceUnknown')]
  const notifications: Notification[] = []
  const stock = await deps.checkStock(line.sku)
  if (stock?.stock_status === 'out_of_stock') return [notification(deps, 'error', 'outOfStock')]
  const items = await deps.store.getItems()
  // more than the shop has: what it has goes in, and the shopper is told how many (not "volatile")
  const inCart = items.filter((item) => item.sku === line.sku).reduce((sum, item) => sum + item.qty, 0)
  if (stock && stock.manage_stock && stock.qty > 0 && inCart + line.qty > stock.qty) {
    const added = roundQty(Math.max(0, stock.qty - inCart))
    const told = notification(deps, 'warning', 'stockLimited', { params: { available: stock.qty, added } })
    if (added === 0) return [told]
    line = { ...line, qty: added }
    notifications.push(told)
  } else if (stock?.stock_status === 'volatile') notifications.push(notification(deps, 'warning', 'stockVolatile'))

  const checksum = productOptionChecksum(line.productOption)
  const candidate: CartItem = {
    key: cartItemKey(line.sku, checksum),
    sku: line.sku,
    parentSku: line.parentSku,
    name: line.name,
    type_id: line.type_id,
    qty: line.qty,
    price_incl_tax: toCents(price),
    options: line.labels,
    checksum,
    added_at: deps.now(),
    ...(line.image ? { image: line.image } : {}),
    ...(line.productOption ? { product_option: line.productOption } : {}),
    ...(line.gcType !== undefined ? { mageworx_gc_type: line.gcType } : {}),
    // unchecked stock (offline) is checked again when the cart syncs
    ...(stock ? { is_in_stock: stock.is_in_stock } : { info: { stock: 'unchecked' } }),
  }

  const match = items.find((item) => cartItemsMatch(matchableFromClient(item), matchableFromClient(candidate)))
  if (match) {
    await deps.store.putItem({ ...match, qty: match.qty + line.qty, prev_qty: match.prev_qty ?? match.qty, price_incl_tax: candidate.price_incl_tax })
    notifications.push(notification(deps, 'success', 'productQuantityUpdated'))
  } else {
    await deps.store.putItem(candidate)
    notifications.push(notification(deps, 'success', 'productAddedToCart', { action1: 'proceedToCheckout' }))
  }
  return notifications
}

/**
 * A grouped product goes into the cart as its linked products, each on its own line with its qty
 * (Magento's grouped add). Lines with qty 0 are skipped; an unknown or refused line is reported
 * and the others still go in.
 */
async function addGrouped(deps: CartCommandDeps, command: Extract<CartCommand, { type: 'addGrouped' }>): Promise<Notification[]> {
  const linked = new Set((command.product.product_links ?? []).filter((l) => l.link_type === 'associated').map((l) => l.linked_product_sku))
  const lines = command.lines.filter((l) => linked.has(l.sku) && Number(l.qty) > 0)
  if (lines.length === 0) return [notification(deps, 'warning', 'noSuchConfiguration', { action1: 'ok' })]
  const notifications: Notification[] = []
  for (const line of lines) {
    const product = deps.linkedProduct ? await deps.linkedProduct(line.sku) : null
    if (!product || product.status !== 1) {
      console.warn(`[cart] Product not found: ${line.sku}`)
      notifications.push(notification(deps, 'error', 'listProductUnknown'))
      continue
    }
    notifications.push(...(await addPlain(deps, product, line.qty)))
  }
  // one success message for the whole set, errors and warnings as they came
  const successes = notifications.filter((n) => n.type === 'success')
  return [...notifications.filter((n) => n.type !== 'success'), ...successes.slice(-1)]
}

/**
 * The types that go in as a plain line from a CartProduct: a grouped set's links, and a product added
 * from its light document (anything else needs choices a CartProduct cannot carry).
 */
const PLAIN_TYPES = new Set<CartProduct['type_id']>(['simple', 'virtual', 'downloadable'])

async function addPlain(deps: CartCommandDeps, product: CartProduct, value: number): Promise<Notification[]> {
  const qty = toQty(value)
  if (!PLAIN_TYPES.has(product.type_id)) return [notification(deps, 'warning', 'noSuchConfiguration', { action1: 'ok' })]
  const { sku, name, type_id, image } = product
  return addLine(deps, { sku, parentSku: sku, name, type_id, qty, priceInclTax: product.price_incl_tax, labels: [], ...(image ? { image } : {}) })
}
