/**
 * The blog's sorts (spec §2: the blog routes take a sort query parameter), shared by the route's
 * query and the worker's lists. Plain constants: the main thread ships without zod.
 */
export const BLOG_SORTS = ['newest', 'oldest', 'title'] as const
export type BlogSort = (typeof BLOG_SORTS)[number]

/** Posts are listed newest first unless a sort is asked (FIXTURES.md). */
export const DEFAULT_BLOG_SORT: BlogSort = 'newest'

export function isBlogSort(value: unknown): value is BlogSort {
  return typeof value === 'string' && (BLOG_SORTS as readonly string[]).includes(value)
}
