/**
 * Guest carts (contract §2.2): masked ids, lines that merge like Magento's (same sku and options →
 * more qty), configurables resolved to the chosen child, and totals with BE/NL VAT by tax rule and
 * the cart's store view's default country. Prices come from the store view's priced catalogue.
 */
import { randomInt } from 'node:crypto'
import type { CartUpdateBody } from '../../domain/api/cart.schema'
import type { ProductOption, ServerCartItem, Totals } from '../../domain/cart.schema'
import { SHIPPING_METHODS } from '../../domain/cart.schema'
import type { ConfigurableChild, Product, ProductType } from '../../domain/product.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { taxRateFor, taxRateTitle } from '../../domain/tax'
import { customOptionLabels, hasPricedOptions, unitPrice, validateOptions } from '../../domain/option-price'
import type { Storage } from '../storage'
import type { CartItemRow, CartRow } from '../storage/cart-repository'
import { CartItemNotFoundError, CartNotFoundError, InvalidRequestError, ProductNotFoundError } from './errors'

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function newMaskedCartId(): string {
  let id = ''
  for (let i = 0; i < 32; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)]
  return id
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** The priced line: the product (or chosen child) as the store view sells it. */
interface Resolved {
  product: Product
  child: ConfigurableChild | null
}

function resolveFromDoc(doc: Record<string, unknown>, sku: string): Resolved {
  const product = doc as Product
  const child = product.sku === sku ? null : (product.configurable_children ?? []).find((c) => c.sku === sku) ?? null
  return { product, child }
}

/**
 * One unit of the line as the store view sells it. Bundles, gift cards and custom options are
 * priced from the catalogue's own option prices (domain/option-price), never from the client.
 */
function priceOf(r: Resolved, option?: ProductOption | null, ratePercent?: number): { excl: number; incl: number; taxClassId: number } {
  const p = r.child ?? r.product
  if (!r.child && hasPricedOptions(r.product)) {
    const unit = unitPrice(r.product, option ?? undefined, ratePercent)
    return { ...unit, taxClassId: r.product.tax_class_id }
  }
  return { excl: p.final_price ?? p.price, incl: p.final_price_incl_tax ?? p.price, taxClassId: p.tax_class_id }
}

/** The options of a bundle, gift card or custom-option product must be complete and known. */
function checkOptions(product: Product, option: ProductOption | undefined): void {
  if (product.status >= 2) throw new InvalidRequestError(`Product "${product.sku}" is not available`)
  if (product.type_id === 'grouped') {
    throw new InvalidRequestError(`Product "${product.sku}" is a grouped product: add its linked products (product_links) instead`)
  }
  if (!hasPricedOptions(product)) return
  const issues = validateOptions(product, option)
  if (issues.length > 0) {
    const named = issues.map((i) => (i.optionId !== undefined ? `${i.key} (option ${i.optionId})` : i.key)).join(', ')
    throw new InvalidRequestError(`cartItem.product_option: the options of "${product.sku}" are incomplete or invalid: ${named}`)
  }
}

/** The child picked by configurable_item_options ({option_id: attribute_id, option_value: value_index}). */
function childByOptions(product: Product, option: ProductOption | undefined): ConfigurableChild | null {
  const chosen = option?.extension_attributes.configurable_item_options ?? []
  if (chosen.length === 0) return null
  const codes = new Map((product.configurable_options ?? []).map((o) => [String(o.attribute_id), o.attribute_code]))
  return (
    (product.configurable_children ?? []).find((c) =>
      chosen.every((o) => {
        const code = codes.get(o.option_id)
        return code !== undefined && String(c[code]) === o.option_value
      }),
    ) ?? null
  )
}

/** The child's own attribute values as configurable_item_options, so a pull shows what was chosen. */
function optionsOfChild(product: Product, child: ConfigurableChild): ProductOption {
  return {
    extension_attributes: {
      configurable_item_options: (product.configurable_options ?? []).map((o) => ({
        option_id: String(o.attribute_id),
        option_value: String(child[o.attribute_code] ?? ''),
      })),
    },
  }
}

function optionLabels(r: Resolved, option: ProductOption | null): { label: string; value: string }[] {
  if (!r.child) return customOptionLabels(r.product, option?.extension_attributes.custom_options ?? [])
  const child = r.child
  return (r.product.configurable_options ?? []).map((o) => ({
    label: o.label,
    value: o.values.find((v) => String(v.value_index) === String(child[o.attribute_code]))?.label ?? String(child[o.attribute_code] ?? ''),
  }))
}

/** Lines with the same options: configurables by child sku, others by sku + options. */
function sameLine(item: CartItemRow, sku: string, option: ProductOption | null, type: string): boolean {
  if (item.sku !== sku) return false
  if (type === 'configurable') return true
  return JSON.stringify(item.product_option ?? null) === JSON.stringify(option ?? null)
}

export function createCartService(storage: Storage) {
  async function cartOrThrow(cartId: string): Promise<CartRow> {
    const cart = await storage.carts.find(cartId)
    if (!cart) throw new CartNotFoundError(cartId)
    return cart
  }

  async function resolveLines(cart: CartRow, items: CartItemRow[]): Promise<Map<string, Resolved>> {
    const docs = await storage.products.findBySkus(cart.store_code, [...new Set(items.map((i) => i.sku))])
    const out = new Map<string, Resolved>()
    for (const item of items) {
      const doc = docs.find((d) => d.sku === item.sku || ((d as Product).configurable_children ?? []).some((c) => c.sku === item.sku))
      if (doc) out.set(item.sku, resolveFromDoc(doc, item.sku))
    }
    return out
  }

  function toServerItem(item: CartItemRow, resolved: Resolved | undefined): ServerCartItem {
    return {
      item_id: item.item_id,
      quote_id: item.cart_id,
      sku: item.sku,
      qty: item.qty,
      name: item.name,
      price: resolved ? priceOf(resolved, item.product_option as ProductOption | null).excl : 0,
      product_type: item.product_type as ProductType,
      ...(item.product_option ? { product_option: item.product_option as ProductOption } : {}),
    }
  }

  return {
    async create(storeCode: StoreCode, now = new Date()): Promise<string> {
      const id = newMaskedCartId()
      await storage.carts.create(id, storeCode, now.toISOString())
      return id
    },

    async pull(cartId: string): Promise<ServerCartItem[]> {
      const cart = await cartOrThrow(cartId)
      const items = await storage.carts.listItems(cart.id)
      const resolved = await resolveLines(cart, items)
      return items.map((i) => toServerItem(i, resolved.get(i.sku)))
    },

    async update(cartId: string, cartItem: CartUpdateBody['cartItem'], now = new Date()): Promise<ServerCartItem> {
      const cart = await cartOrThrow(cartId)
      const nowIso = now.toISOString()
      if (cartItem.item_id !== undefined) {
        const updated = await storage.carts.setQty(cart.id, cartItem.item_id, cartItem.qty)
        if (!updated) throw new CartItemNotFoundError(cart.id, cartItem.item_id)
        await storage.carts.touch(cart.id, nowIso)
        const resolved = await resolveLines(cart, [updated])
        return toServerItem(updated, resolved.get(updated.sku))
      }

      const doc = await storage.products.findBySku(cart.store_code, cartItem.sku)
      if (!doc) throw new ProductNotFoundError(cartItem.sku)
      let resolved = resolveFromDoc(doc, cartItem.sku)
      if (!resolved.child && resolved.product.type_id === 'configurable') {
        const child = childByOptions(resolved.product, cartItem.product_option)
        if (!child) {
          throw new InvalidRequestError(
            `cartItem.product_option: choose the options of configurable product "${cartItem.sku}" (configurable_item_options matching one of its variants)`,
          )
        }
        resolved = { product: resolved.product, child }
      } else if (!resolved.child) {
        checkOptions(resolved.product, cartItem.product_option)
      }
      const { incl } = priceOf(resolved, cartItem.product_option)
      if (incl < 0) throw new InvalidRequestError(`Product "${cartItem.sku}" has a negative price and cannot be added`)

      const isConfigurable = resolved.child !== null
      const sku = resolved.child?.sku ?? resolved.product.sku
      const productType = isConfigurable ? 'configurable' : resolved.product.type_id
      const option: ProductOption | null = resolved.child
        ? cartItem.product_option?.extension_attributes.configurable_item_options?.length
          ? cartItem.product_option
          : optionsOfChild(resolved.product, resolved.child)
        : (cartItem.product_option ?? null)

      const items = await storage.carts.listItems(cart.id)
      const existing = items.find((i) => sameLine(i, sku, option, productType))
      const saved = existing
        ? await storage.carts.setQty(cart.id, existing.item_id, existing.qty + cartItem.qty)
        : await storage.carts.addItem(
            {
              cart_id: cart.id,
              sku,
              parent_sku: isConfigurable ? resolved.product.sku : null,
              qty: cartItem.qty,
              product_type: productType,
              product_option: option as Record<string, unknown> | null,
              name: resolved.product.name,
            },
            nowIso,
          )
      if (!saved) throw new CartItemNotFoundError(cart.id, existing?.item_id ?? 0)
      await storage.carts.touch(cart.id, nowIso)
      return toServerItem(saved, resolved)
    },

    async remove(cartId: string, itemId: number, now = new Date()): Promise<true> {
      const cart = await cartOrThrow(cartId)
      if (!(await storage.carts.deleteItem(cart.id, itemId))) throw new CartItemNotFoundError(cart.id, itemId)
      await storage.carts.touch(cart.id, now.toISOString())
      return true
    },

    async totals(cartId: string): Promise<Totals> {
      const cart = await cartOrThrow(cartId)
      const storeView = STORE_VIEWS[cart.store_code as StoreCode] ?? STORE_VIEWS.en
      const country = storeView.tax.defaultCountry
      const rules = await storage.taxRules.list()
      const items = await storage.carts.listItems(cart.id)
      const resolved = await resolveLines(cart, items)

      const taxByRate = new Map<number, { amount: number; title: string }>()
      const lines = items.map((item) => {
        const r = resolved.get(item.sku)
        const option = item.product_option as ProductOption | null
        const taxClassId = r ? (r.child ?? r.product).tax_class_id : 0
        const percent = taxRateFor(rules, taxClassId, country)
        const price = r ? priceOf(r, option, percent) : { excl: 0, incl: 0, taxClassId: 0 }
        // the shopper pays the incl.-tax price; the tax is what that row contains
        const rowIncl = round2(price.incl * item.qty)
        const rowExcl = round2(price.excl * item.qty)
        const tax = round2(rowIncl - rowExcl)
        const bucket = taxByRate.get(percent) ?? { amount: 0, title: taxRateTitle(rules, price.taxClassId, country) }
        bucket.amount = round2(bucket.amount + tax)
        taxByRate.set(percent, bucket)
        return {
          item_id: item.item_id,
          name: item.name,
          qty: item.qty,
          price: price.excl,
          base_price: price.excl,
          price_incl_tax: price.incl,
          row_total: rowExcl,
          row_total_incl_tax: rowIncl,
          base_row_total_incl_tax: rowIncl,
          row_total_with_discount: rowExcl,
          tax_amount: tax,
          tax_percent: percent,
          discount_amount: 0,
          discount_percent: 0,
          options: JSON.stringify(r ? optionLabels(r, option) : []),
        }
      })
      const sum = (f: (l: (typeof lines)[number]) => number) => round2(lines.reduce((a, l) => a + f(l), 0))
      const subtotal = sum((l) => l.row_total)
      const subtotalIncl = sum((l) => l.row_total_incl_tax)
      const tax = sum((l) => l.tax_amount)
      const shipping = SHIPPING_METHODS.find((m) => m.default)?.amount ?? 0
      const grandTotal = round2(subtotalIncl + shipping)
      const details = [...taxByRate.entries()]
        .filter(([, b]) => b.amount !== 0)
        .sort(([a], [b]) => b - a)
        .map(([percent, b], i) => ({ amount: b.amount, rates: [{ percent: String(percent), title: b.title }], group_id: i + 1 }))
      return {
        grand_total: grandTotal,
        base_grand_total: grandTotal,
        subtotal,
        base_subtotal: subtotal,
        subtotal_incl_tax: subtotalIncl,
        base_subtotal_incl_tax: subtotalIncl,
        subtotal_with_discount: subtotal,
        discount_amount: 0,
        base_discount_amount: 0,
        shipping_amount: shipping,
        shipping_discount_amount: 0,
        shipping_tax_amount: 0,
        shipping_incl_tax: shipping,
        tax_amount: tax,
        base_tax_amount: tax,
        weee_tax_applied_amount: null,
        base_currency_code: 'EUR',
        quote_currency_code: 'EUR',
        items_qty: lines.reduce((a, l) => a + l.qty, 0),
        items: lines,
        total_segments: [
          { code: 'subtotal', title: 'Subtotal', value: subtotal },
          { code: 'shipping', title: 'Shipping & Handling (Store pickup)', value: shipping },
          { code: 'tax', title: 'Tax', value: tax, extension_attributes: { tax_grandtotal_details: details } },
          { code: 'grand_total', title: 'Grand Total', value: grandTotal, area: 'footer' },
        ],
      }
    },
  }
}
export type CartService = ReturnType<typeof createCartService>
