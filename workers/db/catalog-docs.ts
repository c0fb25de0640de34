/**
 * Conversions between the wire (decimals, snake_case, ids as numbers) and the local documents
 * (cents, ids as strings). What the UI gets of a product is made in workers/db/product-views.ts.
 */
import type { ReplicatedDocument } from '../../domain/api/replication.schema'
import type { Attribute } from '../../domain/attribute.schema'
import type { Category } from '../../domain/category.schema'
import { toCents } from '../../domain/money'
import type { AttributeDoc, CategoryDoc, ProductDoc } from './catalog-schemas'

type Wire = Record<string, unknown>

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const ints = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [])
const centsOrNull = (value: unknown): number | null => {
  const n = num(value)
  return n === undefined ? null : toCents(n)
}

export type WithDeletedFlag<T> = T & { _deleted: boolean }

/** What names and addresses the product: its sku, name, type, visibility and URL. */
function productIdentity(wire: Wire) {
  return {
    sku: str(wire.sku) ?? String(wire.id),
    name: str(wire.name) ?? '',
    type_id: str(wire.type_id) ?? 'simple',
    status: num(wire.status) ?? 1,
    visibility: num(wire.visibility) ?? 4,
    url_key: str(wire.url_key) ?? '',
    url_path: str(wire.url_path) ?? '',
    slug: str(wire.slug) ?? '',
  } satisfies Partial<ProductDoc>
}

/** The prices in cents incl. tax: the price, else the price excl. tax, stands in for a missing original or final price. */
function productPrices(wire: Wire) {
  const price = num(wire.price) ?? 0
  const priceInclTax = num(wire.price_incl_tax) ?? price
  return {
    price_incl_tax: toCents(priceInclTax),
    original_price_incl_tax: toCents(num(wire.original_price_incl_tax) ?? priceInclTax),
    final_price_incl_tax: toCents(num(wire.final_price_incl_tax) ?? priceInclTax),
    special_price_incl_tax: centsOrNull(wire.special_price_incl_tax),
    omnibus_price_incl_tax: centsOrNull(wire.omnibus_price_incl_tax),
    special_from_date: str(wire.special_from_date) ?? null,
    special_to_date: str(wire.special_to_date) ?? null,
  } satisfies Partial<ProductDoc>
}

/** category id → the product's position in it, from the wire's `category` entries. */
function categoryPositions(wire: Wire): Record<string, number> {
  const positions: Record<string, number> = {}
  if (!Array.isArray(wire.category)) return positions
  for (const entry of wire.category as { category_id?: unknown; position?: unknown }[]) {
    const id = num(entry?.category_id)
    if (id !== undefined) positions[String(id)] = num(entry.position) ?? 0
  }
  return positions
}

/** What listings filter and sort on: stock, categories, attribute options, sales. */
function productFacets(wire: Wire) {
  const stock = wire.stock as { is_in_stock?: unknown } | undefined
  return {
    is_in_stock: typeof stock?.is_in_stock === 'boolean' ? stock.is_in_stock : true,
    category_ids: ints(wire.category_ids),
    category_positions: categoryPositions(wire),
    color: num(wire.color) ?? null,
    size: num(wire.size) ?? null,
    color_options: ints(wire.color_options),
    size_options: ints(wire.size_options),
    manufacturer: num(wire.manufacturer) ?? null,
    erin_recommends: num(wire.erin_recommends) ?? null,
    sold_qty: num(wire.sold_qty) ?? 0,
    eol: num(wire.eol) ?? 0,
  } satisfies Partial<ProductDoc>
}

/**
 * A wire product (light or full projection) as a local document. `keepFull` (kiosk mode) stores
 * the whole wire document alongside.
 */
export function toProductDoc(wire: ReplicatedDocument | Wire, keepFull: boolean): WithDeletedFlag<ProductDoc> {
  const doc: WithDeletedFlag<ProductDoc> = {
    id: String(wire.id),
    product_id: Number(wire.id),
    ...productIdentity(wire),
    ...productPrices(wire),
    ...productFacets(wire),
    created_at: str(wire.created_at) ?? '',
    updated_at: str(wire.updated_at) ?? '',
    _deleted: wire._deleted === true,
  }
  const image = str(wire.image)
  if (image) doc.image = image
  if (keepFull) {
    const { _deleted: _d, ...full } = wire
    // the feed's id is its checkpoint's text; the product document's id is the number a product
    // page, the cart and the order read (domain/product.schema)
    doc.full = { ...full, id: Number(wire.id) }
  }
  return doc
}

export function toCategoryDoc(wire: ReplicatedDocument | Wire): WithDeletedFlag<CategoryDoc> {
  const doc: WithDeletedFlag<CategoryDoc> = {
    id: String(wire.id),
    category_id: Number(wire.id),
    parent_id: num(wire.parent_id) ?? 0,
    name: str(wire.name) ?? '',
    url_key: str(wire.url_key) ?? '',
    url_path: str(wire.url_path) ?? '',
    slug: str(wire.slug) ?? '',
    path: str(wire.path) ?? '',
    level: num(wire.level) ?? 0,
    position: num(wire.position) ?? 0,
    is_active: wire.is_active !== false,
    include_in_menu: wire.include_in_menu !== false,
    product_count: num(wire.product_count) ?? 0,
    children_count: num(wire.children_count) ?? 0,
    updated_at: str(wire.updated_at) ?? '',
    _deleted: wire._deleted === true,
  }
  const mode = str(wire.display_mode)
  if (mode) doc.display_mode = mode
  return doc
}

export function toCategory(doc: CategoryDoc): Category {
  const category: Category = {
    id: doc.category_id,
    parent_id: doc.parent_id,
    name: doc.name,
    url_key: doc.url_key ?? '',
    url_path: doc.url_path ?? '',
    slug: doc.slug,
    path: doc.path,
    level: doc.level,
    position: doc.position,
    is_active: doc.is_active ?? true,
    include_in_menu: doc.include_in_menu ?? true,
    product_count: doc.product_count ?? 0,
    children_count: doc.children_count ?? 0,
    updated_at: doc.updated_at,
  }
  if (doc.display_mode) category.display_mode = doc.display_mode
  return category
}

export function toAttributeDoc(wire: ReplicatedDocument | Wire): WithDeletedFlag<AttributeDoc> {
  const options = Array.isArray(wire.options)
    ? (wire.options as Wire[]).map((o) => {
        const option: { value: string; label: string; sort_order?: number; swatch?: string } = {
          value: String(o.value),
          label: str(o.label) ?? String(o.value),
        }
        const sort = num(o.sort_order)
        if (sort !== undefined) option.sort_order = sort
        const swatch = str(o.swatch)
        if (swatch) option.swatch = swatch
        return option
      })
    : []
  const doc: WithDeletedFlag<AttributeDoc> = {
    id: String(wire.id),
    attribute_id: num(wire.attribute_id) ?? Number(wire.id),
    attribute_code: str(wire.attribute_code) ?? '',
    frontend_input: str(wire.frontend_input) ?? 'select',
    frontend_label: str(wire.frontend_label) ?? str(wire.attribute_code) ?? '',
    is_user_defined: wire.is_user_defined === true,
    is_visible: wire.is_visible !== false,
    is_comparable: wire.is_comparable === true,
    is_filterable: wire.is_filterable === true,
    options,
    updated_at: str(wire.updated_at) ?? '',
    _deleted: wire._deleted === true,
  }
  const defaultLabel = str(wire.default_frontend_label)
  if (defaultLabel) doc.default_frontend_label = defaultLabel
  if (typeof wire.is_visible_on_front === 'boolean') doc.is_visible_on_front = wire.is_visible_on_front
  return doc
}

export function toAttribute(doc: AttributeDoc): Attribute {
  const attribute: Attribute = {
    id: Number(doc.id),
    attribute_id: doc.attribute_id,
    attribute_code: doc.attribute_code,
    frontend_input: (doc.frontend_input ?? 'select') as Attribute['frontend_input'],
    frontend_label: doc.frontend_label,
    is_user_defined: doc.is_user_defined ?? false,
    is_visible: doc.is_visible ?? true,
    is_comparable: doc.is_comparable ?? false,
    is_filterable: doc.is_filterable ?? false,
    options: doc.options.map((o) => ({ ...o })),
    updated_at: doc.updated_at,
  }
  if (doc.default_frontend_label) attribute.default_frontend_label = doc.default_frontend_label
  if (doc.is_visible_on_front !== undefined) attribute.is_visible_on_front = doc.is_visible_on_front
  return attribute
}
