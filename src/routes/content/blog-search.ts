/**
 * The blog routes' query (spec §2: "They take a sort query parameter"), and the list's page. A
 * sort the blog does not have, or a page that is not a whole number past 1, is dropped, not fatal:
 * the list reads newest first, page 1. The listing queries' own checks (the main thread ships
 * without zod, and the router's code is in the first load: nothing of its own here).
 */
import { BLOG_SORTS, type BlogSort } from '../../../domain/blog-sorts'
import { asQuery, defined, oneOf, wholeNumber } from '../catalog/category-search'

export interface BlogSearch {
  sort?: BlogSort
  page?: number
}

export const blogSearchSchema = {
  parse(input: unknown): BlogSearch {
    const q = asQuery(input)
    return defined({ sort: oneOf(q.sort, BLOG_SORTS), page: wholeNumber(q.page, (n) => n > 1 && n <= 1000) })
  },
}
