/** Small builders for parameterised SQL fragments shared by the repositories. */
import { sql, type SQL } from 'drizzle-orm'

/** `ARRAY[$1,$2]::type[]`: Drizzle would expand a JS array into a value list, not an array. */
export function sqlArray(values: readonly (string | number | boolean)[], type: 'int' | 'text' | 'boolean'): SQL {
  if (values.length === 0) return sql.raw(`'{}'::${type}[]`)
  return sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}[]`
}

/** A jsonpath accessor for a validated dotted field name: `a.b` → `$."a"."b"`. */
export function jsonPath(field: string): string {
  return '$' + field.split('.').map((p) => `."${p.replace(/[^a-z0-9_]/gi, '')}"`).join('')
}

/** `{a,b}` for the `#>` operator. */
export function pgPath(field: string): string {
  return `{${field.split('.').map((p) => p.replace(/[^a-z0-9_]/gi, '')).join(',')}}`
}
