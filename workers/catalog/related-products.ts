/**
 * Up-sell and cross-sell blocks of a product page (spec §9: 4 on desktop, 3–4 on mobile).
 *
 * - Up-sell: the product's own `upsell` product links, else the dearer products of its categories
 *   (the next price steps up first).
 * - Cross-sell: online, the recommendation service's cross-sell ids (spec §7, co-purchases and
 *   co-views); offline, or when it fails or answers too few, the product's `crosssell` links, else
 *   the best sellers of its categories.
 *
 * Every tile is a listable product of the local catalogue with status 1 (spec §9 "Only status 1 is
 * fetched for associated products"), never the product itself, and never twice on one page. The
 * product links live only in the full document (light documents carry no links): the caller hands
 * in whatever full document this device holds.
 */
import { ROOT_CATEGORY_ID } from '../../domain/category.schema'
import type { Product } from '../../domain/product.schema'
import type { ProductListItem, RelatedProducts } from '../contract/views'
import { toProductListItem } from '../db/product-views'
import type { ListedProduct } from './category-query'

export interface RelatedSource {
  sku: string
  /** the light catalogue's entry of the product, when this device has it */
  listed?: ListedProduct
  /** the full document, when this device holds it (for its product links) */
  full?: Product | null
}

export interface RelatedDeps {
  products: () => Iterable<ListedProduct>
  now: number
  /** the recommendation service's cross-sell product ids, best first; null offline or on failure */
  crossSellIds?: (productId: number, limit: number) => Promise<number[] | null>
}

function isShowable(p: ListedProduct): boolean {
  return p.listable && p.doc.status === 1
}

/** Link targets of one type, in their position order. */
function linkedSkus(full: Product | null | undefined, type: 'upsell' | 'crosssell'): string[] {
  return (full?.product_links ?? [])
    .filter((l) => l.link_type === type)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((l) => l.linked_product_sku)
}

/** The product's own categories (the root holds everything and says nothing). */
function ownCategories(source: RelatedSource): Set<number> {
  const ids = source.listed ? [...source.listed.categories] : (source.full?.category_ids ?? [])
  return new Set(ids.filter((id) => id !== ROOT_CATEGORY_ID))
}

function priceOf(p: ListedProduct, now: number): number {
  return toProductListItem(p.doc, now).final_price_incl_tax
}

class Picker {
  readonly taken = new Set<string>()
  constructor(
    private readonly source: RelatedSource,
    private readonly showable: Map<string, ListedProduct>,
    private readonly now: number,
  ) {
    this.taken.add(source.sku)
    if (source.full) this.taken.add(source.full.sku)
  }

  /** Adds the skus in order until `limit`; returns the picked items. */
  pick(skus: Iterable<string>, limit: number, into: ProductListItem[] = []): ProductListItem[] {
    for (const sku of skus) {
      if (into.length >= limit) break
      const p = this.showable.get(sku)
      if (!p || this.taken.has(sku) || p.doc.product_id === this.source.full?.id || p.doc.product_id === this.source.listed?.doc.product_id) continue
      this.taken.add(sku)
      into.push(toProductListItem(p.doc, this.now))
    }
    return into
  }

  /** Products sharing a category with the source, not yet taken. */
  sameCategory(): ListedProduct[] {
    const categories = ownCategories(this.source)
    if (categories.size === 0) return []
    return [...this.showable.values()].filter((p) => !this.taken.has(p.doc.sku) && [...p.categories].some((id) => categories.has(id)))
  }
}

/** The local part of both blocks: links first, then the category fallbacks. */
export function selectRelated(
  source: RelatedSource,
  deps: Omit<RelatedDeps, 'crossSellIds'>,
  limit: number,
  remoteCrossSell: number[] | null = null,
): RelatedProducts {
  const showable = new Map<string, ListedProduct>()
  const byId = new Map<number, ListedProduct>()
  for (const p of deps.products()) {
    if (!isShowable(p)) continue
    showable.set(p.doc.sku, p)
    byId.set(p.doc.product_id, p)
  }
  const picker = new Picker(source, showable, deps.now)
  const n = Math.max(0, Math.floor(limit))

  const upsell = picker.pick(linkedSkus(source.full, 'upsell'), n)
  if (upsell.length < n) {
    const own = source.listed ? priceOf(source.listed, deps.now) : Math.round((source.full?.final_price_incl_tax ?? source.full?.price ?? 0) * 100)
    const dearer = picker
      .sameCategory()
      .map((p) => ({ p, price: priceOf(p, deps.now) }))
      .filter((x) => x.price > own)
      .sort((a, b) => a.price - b.price || (b.p.doc.sold_qty ?? 0) - (a.p.doc.sold_qty ?? 0) || a.p.doc.sku.localeCompare(b.p.doc.sku))
    picker.pick(
      dearer.map((x) => x.p.doc.sku),
      n,
      upsell,
    )
  }

  const crosssell: ProductListItem[] = []
  if (remoteCrossSell) {
    picker.pick(
      remoteCrossSell.map((id) => byId.get(id)?.doc.sku).filter((s): s is string => s !== undefined),
      n,
      crosssell,
    )
  }
  if (crosssell.length < n) picker.pick(linkedSkus(source.full, 'crosssell'), n, crosssell)
  if (crosssell.length < n) {
    const bestsellers = picker.sameCategory().sort((a, b) => (b.doc.sold_qty ?? 0) - (a.doc.sold_qty ?? 0) || a.doc.sku.localeCompare(b.doc.sku))
    picker.pick(
      bestsellers.map((p) => p.doc.sku),
      n,
      crosssell,
    )
  }
  return { upsell, crosssell }
}

/** Both blocks; cross-sell asks the recommendation service first when it can. */
export async function getRelatedProducts(source: RelatedSource, deps: RelatedDeps, limit: number): Promise<RelatedProducts> {
  const productId = source.full?.id ?? source.listed?.doc.product_id
  let remote: number[] | null = null
  if (productId !== undefined && deps.crossSellIds) remote = await deps.crossSellIds(productId, limit).catch(() => null)
  return selectRelated(source, deps, limit, remote)
}
