/**
 * The blog routes' query (spec §2: "They take a sort query parameter"), and the list's page. A
 * sort the blog does not have, or a page that is not a whole number from 1, is dropped, not fatal:
 * the list reads newest first, page 1. A plain check, not zod: the main thread ships without zod.
 */
import { isBlogSort, type BlogSort } from '../../../domain/blog-sorts'

export interface BlogSearch {
  sort?: BlogSort
  page?: number
}

export const blogSearchSchema = {
  parse(input: unknown): BlogSearch {
    const raw = input && typeof input === 'object' ? (input as Record<string, unknown>) : {}
    const search: BlogSearch = {}
    const sort = typeof raw.sort === 'string' ? raw.sort.trim() : undefined
    if (isBlogSort(sort)) search.sort = sort
    const page = typeof raw.page === 'number' ? raw.page : typeof raw.page === 'string' && /^\d{1,6}$/.test(raw.page) ? Number(raw.page) : NaN
    if (Number.isInteger(page) && page > 1) search.page = page
    return search
  },
}
