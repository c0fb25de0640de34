/**
 * Query strings as shops write them: repeated keys for lists (?color=49&color=52&price=0-50), plain
 * values otherwise, instead of the router's default JSON encoding.
 */
export type SearchRecord = Record<string, unknown>

export function parseSearch(searchStr: string): SearchRecord {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)
  const result: Record<string, string | string[]> = {}
  for (const [key, value] of params) {
    const existing = result[key]
    if (existing === undefined) result[key] = value
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return result
}

export function stringifySearch(search: SearchRecord): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) params.append(key, String(item))
    } else if (typeof value === 'object') {
      params.append(key, JSON.stringify(value))
    } else {
      params.append(key, String(value as string | number | boolean))
    }
  }
  const str = params.toString()
  return str ? `?${str}` : ''
}
