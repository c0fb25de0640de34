/**
 * /api/product/render-list (contract §2.6, §4.5): the prices of a few skus as of now, for the
 * client's price refresh. Stored documents were priced at import time; a special price's window
 * may have opened or closed since, so every answer re-prices from the source fields (price,
 * original_special_price, the window) with the store view's default-country tax rule.
 *
 * One item per asked sku that exists and is enabled, in the order asked; a configurable child's
 * sku answers with the child's own prices. Unknown or disabled skus are left out (Magento's
 * products-render-info does the same), so a client never gets a price for something it cannot buy.
 */
import { createHmac } from 'node:crypto'
import type { RenderListItem, RenderListQuery, RenderListResult, RenderPriceInfo } from '../../domain/api/catalog.schema'
import { formatPrice, toCents } from '../../domain/money'
import { repriceStoredProduct } from '../../domain/price'
import { ProductSchema, type ConfigurableChild, type Product } from '../../domain/product.schema'
import { DEFAULT_STORE_CODE, STORE_VIEWS, storeViewById, type StoreCode } from '../../domain/store-views'
import { productLink } from '../../domain/url'
import type { Storage } from '../storage'
import { InvalidRequestError } from './errors'

export interface RenderListOptions {
  /** the contract's objHashSecret: items carry `sgn` only when it is set */
  signingSecret?: string
  now?: () => Date
}

/**
 * The store view the request names (its storeCode, query or header, one of the shop's) first, else
 * the contract's storeId, else the default store view.
 */
export function renderListStore(asked: StoreCode | undefined, storeId: number | undefined): StoreCode {
  if (asked !== undefined) return asked
  if (storeId !== undefined) {
    const byId = storeViewById(storeId)
    if (!byId) throw new InvalidRequestError(`Unknown storeId ${storeId}`)
    return byId.storeCode
  }
  return DEFAULT_STORE_CODE
}

interface Amounts {
  incl: { final: number; regular: number; special: number | null }
  excl: { final: number; regular: number; special: number | null }
}

function amountsOf(p: Product | ConfigurableChild): Amounts {
  const special = p.special_price ?? null
  const specialIncl = p.special_price_incl_tax ?? null
  return {
    incl: { final: p.final_price_incl_tax ?? p.price, regular: p.original_price_incl_tax ?? p.price, special: specialIncl },
    excl: { final: p.final_price ?? p.price, regular: p.original_price ?? p.price, special },
  }
}

function range(values: Amounts[], side: 'incl' | 'excl') {
  const finals = values.map((a) => a[side].final)
  const regulars = values.map((a) => a[side].regular)
  return {
    minimal_price: Math.min(...finals),
    max_price: Math.max(...finals),
    minimal_regular_price: Math.min(...regulars),
    max_regular_price: Math.max(...regulars),
  }
}

function priceInfo(own: Amounts, spread: Amounts[], storeCode: StoreCode): RenderPriceInfo {
  const settings = STORE_VIEWS[storeCode].i18n
  const incl = { final_price: own.incl.final, regular_price: own.incl.regular, special_price: own.incl.special, ...range(spread, 'incl') }
  const excl = { final_price: own.excl.final, regular_price: own.excl.regular, special_price: own.excl.special, ...range(spread, 'excl') }
  const formatted = Object.fromEntries(Object.entries(incl).map(([key, value]) => [key, value === null ? null : formatPrice(toCents(value), settings)]))
  return {
    ...incl,
    formatted_prices: formatted,
    extension_attributes: { tax_adjustments: excl, weee_attributes: [], weee_adjustment: '0' },
  }
}

export function createRenderListService(storage: Storage, options: RenderListOptions = {}) {
  const now = options.now ?? (() => new Date())

  function sign(sku: string, priceInclTax: number): string | undefined {
    if (!options.signingSecret) return undefined
    return createHmac('sha256', options.signingSecret).update(JSON.stringify({ priceInclTax, sku })).digest('hex')
  }

  return {
    async renderList(query: RenderListQuery, storeCode: StoreCode): Promise<RenderListResult> {
      const view = STORE_VIEWS[storeCode]
      if (query.currencyCode !== undefined && query.currencyCode !== view.i18n.currencyCode) {
        throw new InvalidRequestError(`Unsupported currencyCode "${query.currencyCode}"; the store view "${storeCode}" sells in ${view.i18n.currencyCode}`)
      }
      const [docs, rules] = await Promise.all([storage.products.findBySkus(storeCode, query.skus), storage.taxRules.list()])
      const at = now()
      const priced = new Map<string, { product: Product; child?: ConfigurableChild }>()
      for (const doc of docs) {
        const parsed = ProductSchema.safeParse(doc)
        if (!parsed.success) continue
        const product = repriceStoredProduct(parsed.data, rules, view.tax.defaultCountry, at)
        priced.set(product.sku, { product })
        for (const child of product.configurable_children ?? []) priced.set(child.sku, { product, child })
      }

      const items: RenderListItem[] = []
      for (const sku of query.skus) {
        const hit = priced.get(sku)
        if (!hit || hit.product.status !== 1 || (hit.child && hit.child.status !== 1)) continue
        const { product, child } = hit
        const enabledChildren = (product.configurable_children ?? []).filter((c) => c.status === 1)
        const own = amountsOf(child ?? product)
        const spread = child || enabledChildren.length === 0 ? [own] : enabledChildren.map(amountsOf)
        const target = child ?? product
        const sgn = sign(target.sku, own.incl.final)
        items.push({
          id: target.id,
          sku: target.sku,
          name: target.name,
          type: child ? 'simple' : product.type_id,
          url: `${view.url}${productLink({ parentSku: product.sku, slug: product.slug, childSku: child?.sku })}`,
          store_id: view.storeId,
          currency_code: view.i18n.currencyCode,
          is_salable: child ? child.stock.is_in_stock : product.stock.is_in_stock,
          price_info: priceInfo(own, spread, storeCode),
          ...(sgn ? { sgn } : {}),
        })
      }
      return { items }
    },
  }
}
export type RenderListService = ReturnType<typeof createRenderListService>
