/**
 * The product route's query: `color`, the colour a filtered listing was showing, so the
 * page opens on that colour's child instead of the first one. Read by hand (no schema library on
 * the product page's path): anything but a whole number is left out.
 */
export interface ProductPageSearch {
  color?: number
}

export function productSearch(search: Record<string, unknown>): ProductPageSearch {
  const color = Number(search.color)
  return Number.isInteger(color) && color > 0 ? { color } : {}
}

/** The colour a tile links with: the first of the listing's chosen colours this product comes in. */
export function linkColour(chosen: readonly string[] | undefined, colorOptions: readonly number[]): number | undefined {
  for (const id of chosen ?? []) {
    const colour = Number(id)
    if (colorOptions.includes(colour)) return colour
  }
  return undefined
}
