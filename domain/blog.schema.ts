/**
 * The shop's blog (spec §2 blog routes, §3 "Blog", §9 "Content"): categories and posts, one record
 * per store view. A post is published only when its status is 1 (spec §9): a status-0 record is
 * stored but never answered. `url_key` is the slug of `/blog/{url_key}` and
 * `/blog/category/{url_key}`; the HTML fields are sanitised by the server when imported, and the
 * plain-text ones (titles, meta texts, author) lose any markup then too.
 */
import { z } from 'zod'

/** One URL path segment: lower-case letters, digits, - and _. */
const urlKey = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _')

/** 1 published, 0 not (a draft, or taken down) */
const status = z.union([z.literal(0), z.literal(1)])
const id = z.number().int().positive().max(2_147_483_647)

export const BlogCategorySchema = z.object({
  id,
  url_key: urlKey,
  title: z.string().min(1).max(255),
  status,
  /** HTML */
  description: z.string().max(20_000).optional(),
  meta_title: z.string().max(255).optional(),
  meta_description: z.string().max(500).optional(),
  /** ascending; categories without one come last */
  sort_order: z.number().int().optional(),
})
export type BlogCategory = z.infer<typeof BlogCategorySchema>

export const BlogPostSchema = z.object({
  id,
  url_key: urlKey,
  title: z.string().min(1).max(255),
  status,
  /** ISO 8601 date-time with its offset; stored and answered in UTC (`…Z`) */
  publish_date: z.iso.datetime({ offset: true }),
  blog_category_ids: z.array(id).max(50),
  /** HTML: the excerpt that listings show */
  short_content: z.string().max(5_000),
  /** HTML */
  content: z.string().max(200_000),
  author: z.string().max(255).optional(),
  /** a picture's path, as product images are given */
  image: z.string().max(500).optional(),
  meta_title: z.string().max(255).optional(),
  meta_description: z.string().max(500).optional(),
})
export type BlogPost = z.infer<typeof BlogPostSchema>

/**
 * What the server adds to a stored blog document: the store view's id, the import's timestamp, and
 * the names vue-storefront 1 blog modules read (`name` of a category is its title, a post's
 * `author_name` and `featured_image_file` its author and image).
 */
export const BLOG_CATEGORY_STORED_FIELDS = ['name', 'store_id', 'updated_at'] as const
export const BLOG_POST_STORED_FIELDS = ['author_name', 'featured_image_file', 'store_id', 'updated_at'] as const

export type BlogCategoryDoc = BlogCategory & { name: string; store_id: number; updated_at: string }
export type BlogPostDoc = BlogPost & { author_name?: string; featured_image_file?: string; store_id: number; updated_at: string }

/** The shop paths of a post and a category (spec §2), without the store prefix. */
export const BLOG_PATHS = {
  post: (urlKey: string) => `blog/${urlKey}`,
  category: (urlKey: string) => `blog/category/${urlKey}`,
} as const

/** Spec §9: how many posts the blog's lists show. */
export const BLOG_LIMITS = { feed: 8, latest: 5, pageSize: 10 } as const
