/** Small builders for parameterised SQL fragments shared by the repositories. */
import { sql, type SQL } from 'drizzle-orm'

/** An array literal element: quoted, with `\` and `"` escaped (PostgreSQL's array input syntax). */
function arrayElement(v: string | number | boolean): string {
  return typeof v === 'string' ? `"${v.replace(/[\\"]/g, (m) => `\\${m}`)}"` : String(v)
}

/**
 * `$1::type[]` with the whole array as one parameter (`{"a","b"}`). Drizzle would expand a JS array
 * into a value list, and one parameter per value made a 1,000-value filter cost half a second.
 */
export function sqlArray(values: readonly (string | number | boolean)[], type: 'int' | 'text' | 'boolean'): SQL {
  return sql`${`{${values.map(arrayElement).join(',')}}`}::${sql.raw(type)}[]`
}

/** A jsonpath accessor for a validated dotted field name: `a.b` → `$."a"."b"`. */
export function jsonPath(field: string): string {
  return (
    '$' +
    field
      .split('.')
      .map((p) => `."${p.replace(/[^a-z0-9_]/gi, '')}"`)
      .join('')
  )
}

/** `{a,b}` for the `#>` operator. */
export function pgPath(field: string): string {
  return `{${field
    .split('.')
    .map((p) => p.replace(/[^a-z0-9_]/gi, ''))
    .join(',')}}`
}

/**
 * Product fields kept out of `products.attrs` because they are big; filters, sorts and facets on
 * anything else read the small attrs column instead of de-toasting the whole document per row.
 */
export const HEAVY_PRODUCT_FIELDS = [
  'configurable_children',
  'configurable_options',
  'media_gallery',
  'description',
  'short_description',
  'product_links',
  'bundle_options',
  'custom_options',
] as const

/** Values an `integer` column can hold; anything else can never match one. */
export function isInt32(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= -2147483648 && n <= 2147483647
}
