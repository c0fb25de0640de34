/** `_source_include` / `_source_exclude` with dotted paths; arrays of objects are walked element-wise. */
type Json = Record<string, unknown>

export function parseFieldList(list: string | undefined): string[][] {
  if (!list) return []
  return list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => s.split('.'))
}

function pickPath(source: unknown, path: string[], target: Json): void {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return
  const [head, ...rest] = path
  if (head === undefined || !(head in source)) return
  const value = (source as Json)[head]
  if (rest.length === 0) {
    target[head] = value
    return
  }
  if (Array.isArray(value)) {
    const existing = Array.isArray(target[head]) ? (target[head] as Json[]) : value.map(() => ({}))
    value.forEach((item, i) => pickPath(item, rest, existing[i] ?? (existing[i] = {})))
    target[head] = existing
  } else if (value !== null && typeof value === 'object') {
    const existing = (target[head] as Json | undefined) ?? {}
    pickPath(value, rest, existing)
    target[head] = existing
  }
}

function omitPath(target: unknown, path: string[]): void {
  if (target === null || typeof target !== 'object') return
  if (Array.isArray(target)) {
    for (const item of target) omitPath(item, path)
    return
  }
  const [head, ...rest] = path
  if (head === undefined) return
  if (rest.length === 0) delete (target as Json)[head]
  else omitPath((target as Json)[head], rest)
}

export function filterSource(doc: Json, include: string[][], exclude: string[][]): Json {
  let out: Json
  if (include.length > 0) {
    out = {}
    for (const p of include) pickPath(doc, p, out)
  } else {
    out = exclude.length > 0 ? (structuredClone(doc) as Json) : doc
  }
  for (const p of exclude) omitPath(out, p)
  return out
}
