/**
 * The values a listing reads of each product, column by column, so a category read stays fast
 * in a large catalogue: read from the prepared products (ListedProduct), each visit would follow
 * pointers to six or more small objects scattered over the heap, and the listing would wait on
 * memory. Here its price, flags, option ids and positions sit in typed arrays, one row per product,
 * read in order; the products themselves are read only for the page's items and the rare filter on
 * another attribute. The mirror builds one table over all its products with its category index (once
 * per catalogue change); a listing over any other products (search hits, tests) builds its own (tableOf).
 */
import { OPTION_FILTER_CODES, type OptionFilterCode } from '../../domain/filters'
import type { ProductDoc } from '../db/catalog-schemas'

/** What a listing reads of a prepared product (category-query's ListedProduct, prepareProduct). */
export interface TableProduct {
  /** the light document, without kiosk mode's `full` (see filterValues) */
  doc: ProductDoc
  /**
   * Kiosk mode: the full document's plain values (numbers, flags, short strings), which other
   * attribute filters match. The whole full document is not kept here: with configurable children and
   * galleries, every product's would fill the worker's heap in a large catalogue. A product page reads its full document from storage.
   */
  filterValues?: Readonly<Record<string, string | number | boolean>>
  /** the category positions as [category id, position, …] (list-order's positionPairs; the position sort) */
  positions: readonly number[]
  /** option ids per option filter: the product's own value plus its children's */
  options: Readonly<Record<OptionFilterCode, readonly number[]>>
  /** visibility 2/3/4, status 0/1, eol 0 (spec §5 "Listing only includes …") */
  listable: boolean
  inStock: boolean
  /**
   * The prices of currentPriceCents, read once from the document (documents come in many shapes,
   * so reading them in a listing's hot loop was slow): the special price (NaN for none, or none
   * lower than the original) and its window in epoch ms, the original and the final price.
   */
  specialCents: number
  specialFrom: number
  specialTo: number
  originalCents: number
  finalCents: number
}

/** Row r's values are at r in each column; a list of values per row is `values[start[r] .. start[r + 1])`. */
export interface ProductTable {
  /** the products, by row */
  products: readonly TableProduct[]
  /** 1: visibility 2/3/4, status 0/1, eol 0 (TableProduct.listable) */
  listable: Uint8Array
  inStock: Uint8Array
  /** TableProduct's price fields (rowPriceCents) */
  specialCents: Float64Array
  specialFrom: Float64Array
  specialTo: Float64Array
  originalCents: Float64Array
  finalCents: Float64Array
  /** the order's tie-break */
  productId: Float64Array
  /** the "most popular" sort (0 where unknown) */
  soldQty: Float64Array
  /** per option filter code, in OPTION_FILTER_CODES order: the product's option ids */
  options: readonly { start: Int32Array; values: Float64Array }[]
  /** the category positions: row r's categories and positions are at positionStart[r] .. positionStart[r + 1] */
  positionStart: Int32Array
  positionCategory: Float64Array
  positionValue: Float64Array
}

/** A growable Float64Array (the packed lists' values, whose count is known only at the end). */
class Values {
  values = new Float64Array(1024)
  length = 0

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2)
      grown.set(this.values)
      this.values = grown
    }
    this.values[this.length++] = value
  }

  done(): Float64Array {
    return this.values.slice(0, this.length)
  }
}

/** The table of these products, in one pass over them (each product's objects visited once). */
export function tableOf(products: readonly TableProduct[]): ProductTable {
  const n = products.length
  const listable = new Uint8Array(n)
  const inStock = new Uint8Array(n)
  const specialCents = new Float64Array(n)
  const specialFrom = new Float64Array(n)
  const specialTo = new Float64Array(n)
  const originalCents = new Float64Array(n)
  const finalCents = new Float64Array(n)
  const productId = new Float64Array(n)
  const soldQty = new Float64Array(n)
  const optionStarts = OPTION_FILTER_CODES.map(() => new Int32Array(n + 1))
  const optionValues = OPTION_FILTER_CODES.map(() => new Values())
  const positionStart = new Int32Array(n + 1)
  const positionCategory = new Values()
  const positionValue = new Values()
  for (let row = 0; row < n; row++) {
    const product = products[row]!
    listable[row] = product.listable ? 1 : 0
    inStock[row] = product.inStock ? 1 : 0
    specialCents[row] = product.specialCents
    specialFrom[row] = product.specialFrom
    specialTo[row] = product.specialTo
    originalCents[row] = product.originalCents
    finalCents[row] = product.finalCents
    productId[row] = product.doc.product_id
    soldQty[row] = product.doc.sold_qty ?? 0
    for (let c = 0; c < OPTION_FILTER_CODES.length; c++) {
      const values = optionValues[c]!
      optionStarts[c]![row] = values.length
      const ids = product.options[OPTION_FILTER_CODES[c]!]
      for (let i = 0; i < ids.length; i++) values.push(ids[i]!)
    }
    // positions are [category id, position, …] pairs
    positionStart[row] = positionCategory.length
    const pairs = product.positions
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      positionCategory.push(pairs[i]!)
      positionValue.push(pairs[i + 1]!)
    }
  }
  for (let c = 0; c < OPTION_FILTER_CODES.length; c++) optionStarts[c]![n] = optionValues[c]!.length
  positionStart[n] = positionCategory.length
  return {
    products,
    listable,
    inStock,
    specialCents,
    specialFrom,
    specialTo,
    originalCents,
    finalCents,
    productId,
    soldQty,
    options: OPTION_FILTER_CODES.map((_, c) => ({ start: optionStarts[c]!, values: optionValues[c]!.done() })),
    positionStart,
    positionCategory: positionCategory.done(),
    positionValue: positionValue.done(),
  }
}

/** Every row of a table, in order. */
export function allRows(table: ProductTable): Int32Array {
  return Int32Array.from({ length: table.products.length }, (_, row) => row)
}

/**
 * A row's current price incl. tax in cents, currentPriceCents' rule over the prepared fields: the
 * special price inside its window, else the original; the final price when there is no special one.
 */
export function rowPriceCents(table: ProductTable, row: number, now: number): number {
  const special = table.specialCents[row]!
  if (special === special) return now >= table.specialFrom[row]! && now <= table.specialTo[row]! ? special : table.originalCents[row]!
  return table.finalCents[row]!
}

/** A row's position in a category (the position sort); last for a category it is not filed in. */
export function rowPosition(table: ProductTable, row: number, categoryId: number): number {
  for (let i = table.positionStart[row]!; i < table.positionStart[row + 1]!; i++) if (table.positionCategory[i] === categoryId) return table.positionValue[i]!
  return Number.MAX_SAFE_INTEGER
}

/**
 * The listable rows (in stock only when `listOutOfStock` is off) of a category's own rows (the
 * mirror's index: each one is filed in the category or below it already).
 */
export function listableRows(table: ProductTable, rows: Int32Array, listOutOfStock: boolean): Int32Array {
  const kept = new Int32Array(rows.length)
  let n = 0
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!
    if (table.listable[row] === 1 && (listOutOfStock || table.inStock[row] === 1)) kept[n++] = row
  }
  return kept.subarray(0, n)
}
