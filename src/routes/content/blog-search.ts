/**
 * The blog routes' query (spec §2: "They take a sort query parameter"). Which sorts exist comes
 * with the blog itself; until then any short value is kept and a bad one is dropped, not fatal.
 * A plain check, not zod: the main thread ships without zod.
 */
export interface BlogSearch {
  sort?: string
}

export const blogSearchSchema = {
  parse(input: unknown): BlogSearch {
    const sort = input && typeof input === 'object' ? (input as Record<string, unknown>).sort : undefined
    if (typeof sort !== 'string') return {}
    const trimmed = sort.trim()
    return trimmed.length >= 1 && trimmed.length <= 50 ? { sort: trimmed } : {}
  },
}
