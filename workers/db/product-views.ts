/**
 * The one place where a stored product becomes what the UI gets (ProductListItem): from a light
 * document, from a full document (products the light catalogue does not hold), and to and from a
 * wishlist or compare line (its snapshot of the item). Money in integer cents.
 */
import { toCents } from '../../domain/money'
import { isReductionBacked } from '../../domain/omnibus'
import type { Product } from '../../domain/product.schema'
import type { ProductListItem } from '../contract/views'
import type { ListItemDoc } from '../lists/list-schemas'
import type { ProductDoc } from './catalog-schemas'

/**
 * What the shopper pays now: the special price while inside its window (open ends allowed) and
 * below the original price (spec §5), else the server's final price.
 */
export function currentPriceCents(doc: ProductDoc, now: number): number {
  const special = doc.special_price_incl_tax
  if (special !== null && special !== undefined && special < doc.original_price_incl_tax) {
    const from = doc.special_from_date ? Date.parse(doc.special_from_date) : -Infinity
    const to = doc.special_to_date ? Date.parse(doc.special_to_date) : Infinity
    if (now >= from && now <= to) return special
    return doc.original_price_incl_tax
  }
  return doc.final_price_incl_tax
}

/** The fields a light document and a list line both keep, as a listing item. */
type StoredItemFields = Pick<ProductDoc, 'product_id' | 'sku' | 'name' | 'type_id' | 'slug' | 'url_path' | 'image' | 'original_price_incl_tax' | 'is_in_stock'>

function storedListItem(
  doc: StoredItemFields,
  rest: Pick<ProductListItem, 'final_price_incl_tax' | 'omnibus_price_incl_tax' | 'color_options' | 'size_options' | 'sold_qty'>,
): ProductListItem {
  const item: ProductListItem = {
    id: doc.product_id,
    sku: doc.sku,
    name: doc.name,
    type_id: doc.type_id as ProductListItem['type_id'],
    slug: doc.slug ?? '',
    url_path: doc.url_path ?? '',
    final_price_incl_tax: rest.final_price_incl_tax,
    original_price_incl_tax: doc.original_price_incl_tax,
    omnibus_price_incl_tax: rest.omnibus_price_incl_tax ?? null,
    is_in_stock: doc.is_in_stock ?? true,
    color_options: rest.color_options,
    size_options: rest.size_options,
    sold_qty: rest.sold_qty,
  }
  if (doc.image) item.image = doc.image
  return item
}

/**
 * The reduction's reference price while the special price applies on this device's clock and the
 * history backs it: the server computed it for the special price's window only.
 */
function referenceCents(doc: ProductDoc, final: number): number | null {
  const reference = doc.omnibus_price_incl_tax
  return final < doc.original_price_incl_tax && isReductionBacked({ omnibus_price_incl_tax: reference, final_price_incl_tax: final })
    ? (reference ?? null)
    : null
}

export function toProductListItem(doc: ProductDoc, now: number): ProductListItem {
  const final = currentPriceCents(doc, now)
  return storedListItem(doc, {
    final_price_incl_tax: final,
    omnibus_price_incl_tax: referenceCents(doc, final),
    color_options: optionIds(doc.color, doc.color_options),
    size_options: optionIds(doc.size, doc.size_options),
    sold_qty: doc.sold_qty ?? 0,
  })
}

/** A product's own value plus its children's values (configurables carry `<code>_options`). */
export function optionIds(own: number | null | undefined, options: readonly number[] | undefined): number[] {
  const ids = new Set(options ?? [])
  if (own !== null && own !== undefined) ids.add(own)
  return [...ids]
}

/** A full document as a listing item, for products the light catalogue does not hold. */
export function listItemFromProduct(product: Product): ProductListItem {
  const final = toCents(product.final_price_incl_tax ?? product.price_incl_tax ?? product.price)
  const original = toCents(product.original_price_incl_tax ?? product.price_incl_tax ?? product.price)
  const item: ProductListItem = {
    id: product.id,
    sku: product.sku,
    name: product.name,
    type_id: product.type_id,
    slug: product.slug,
    url_path: product.url_path,
    final_price_incl_tax: final,
    original_price_incl_tax: Math.max(original, final),
    omnibus_price_incl_tax: isReductionBacked(product) ? toCents(product.omnibus_price_incl_tax as number) : null,
    is_in_stock: product.stock.is_in_stock,
    color_options: product.color_options ?? (product.color !== undefined ? [product.color] : []),
    size_options: product.size_options ?? (product.size !== undefined ? [product.size] : []),
    sold_qty: product.sold_qty,
  }
  if (product.image) item.image = product.image
  return item
}

export function toListItemDoc(item: ProductListItem, addedAt: number): ListItemDoc {
  const doc: ListItemDoc = {
    sku: item.sku,
    added_at: addedAt,
    qty: 1,
    product_id: item.id,
    name: item.name,
    type_id: item.type_id,
    slug: item.slug,
    url_path: item.url_path,
    final_price_incl_tax: item.final_price_incl_tax,
    original_price_incl_tax: item.original_price_incl_tax,
    is_in_stock: item.is_in_stock,
  }
  if (item.image) doc.image = item.image
  return doc
}

/** A stored line as a listing item; the caller prefers the catalogue's current fields. */
export function fromListItemDoc(doc: ListItemDoc): ProductListItem {
  return storedListItem(doc, { final_price_incl_tax: doc.final_price_incl_tax, color_options: [], size_options: [], sold_qty: 0 })
}
