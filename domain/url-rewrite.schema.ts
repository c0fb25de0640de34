/**
 * url_rewrite (spec §3): one request path of one store view and where it leads. The importer
 * derives the internal ones from every product's and category's url_path (and the CMS pages' and
 * the blog's paths), and 301s from the legacy Magento paths (catalog/product/view/id/{n},
 * catalog/category/view/id/{n}); a fixture file may bring its own on top.
 */
import { z } from 'zod'
import { ROOT_CATEGORY_ID } from './category.schema'

export const URL_REWRITE_ENTITY_TYPES = ['product', 'category', 'cms-page', 'blog-post', 'blog-category'] as const
export type UrlRewriteEntityType = (typeof URL_REWRITE_ENTITY_TYPES)[number]

/** 0 serves the entity at request_path itself; 301/302 send the shopper to target_path. */
export const REDIRECT_TYPES = [0, 301, 302] as const
export type RedirectType = (typeof REDIRECT_TYPES)[number]

/** A request path as stored and looked up: no leading or trailing slash, no query, no store prefix. */
const requestPath = z
  .string()
  .min(1)
  .max(500)
  .regex(/^[^/?#]/, 'must not start with a slash, ? or #')
  .regex(/[^/]$/, 'must not end with a slash')

export const UrlRewriteSchema = z.object({
  entity_type: z.enum(URL_REWRITE_ENTITY_TYPES),
  /** the id of the product (the parent, for a configurable's child), category, CMS page, blog post or blog category */
  entity_id: z.number().int().positive(),
  redirect_type: z.union([z.literal(0), z.literal(301), z.literal(302)]),
  request_path: requestPath,
  /** for redirect_type 0 the entity's own path; for 301/302 where the shopper is sent (may carry ?childSku=) */
  target_path: z.string().min(1).max(500),
})
export type UrlRewrite = z.infer<typeof UrlRewriteSchema>

/** The stored document, as /api/catalog/{index}/url_rewrite/_search returns it (`id` = request_path). */
export interface UrlRewriteDoc extends UrlRewrite {
  id: string
  store_id: number
  updated_at: string
}

/** Legacy Magento request paths the shop still answers (spec §2, "Navigation behaviour"). */
export const LEGACY_PATHS = {
  product: (id: number) => `catalog/product/view/id/${id}`,
  category: (id: number) => `catalog/category/view/id/${id}`,
  cmsPage: (id: number) => `cms/page/view/page_id/${id}`,
} as const

const LEGACY_PATTERN = /^(?:catalog\/(product|category)\/view\/id|cms\/page\/view\/page_id)\/(\d{1,9})$/

/** The entity a legacy Magento path names, or null when `path` is not one. */
export function parseLegacyPath(path: string): { entity_type: UrlRewriteEntityType; entity_id: number } | null {
  const m = LEGACY_PATTERN.exec(path)
  if (!m) return null
  const entity_type: UrlRewriteEntityType = m[1] === 'product' ? 'product' : m[1] === 'category' ? 'category' : 'cms-page'
  const entity_id = Number(m[2])
  return entity_id > 0 ? { entity_type, entity_id } : null
}

/**
 * A URL as a request path: the query string and hash go, and so do leading and trailing slashes
 * (spec §2: paths are normalised); percent-escapes are decoded so `v%C3%AAtements` finds `vêtements`.
 */
export function toRequestPath(url: string): string {
  const path = (url.split(/[?#]/)[0] ?? '').replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '')
  try {
    return decodeURIComponent(path)
  } catch {
    return path // a stray % is part of the path, not an escape
  }
}

/** Whether a category has a page of its own: the tree's roots are never shown, so they have no URL. */
export function hasCategoryPage(category: { id?: unknown; level?: unknown }): boolean {
  return category.id !== ROOT_CATEGORY_ID && typeof category.level === 'number' && category.level >= 2
}
