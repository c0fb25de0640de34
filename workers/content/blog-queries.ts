/**
 * The blog's reads over the `cms` collection's blog documents (kinds blog_category and blog_post),
 * pure so they are tested without a database: published ones only, a page of posts in the asked
 * order, one category's posts, the latest posts, a post's categories. The server answers only
 * published records (status 1, spec §9); the client checks again, since a record reaches it by
 * several ways (the feed, the CMS extension, another server behind the same API).
 */
import { BLOG_LIMITS } from '../../domain/blog.schema'
import { DEFAULT_BLOG_SORT, type BlogSort } from '../../domain/blog-sorts'
import type { BlogCategoryView, BlogListQuery, BlogPostContent, BlogPostSummary } from '../contract/content'
import type { ContentDoc } from './content-record'

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

/** Spec §9: "Blog posts are published only when status equals 1." */
export function isPublished(doc: ContentDoc): boolean {
  return doc.body.status === 1
}

export function toBlogCategory(doc: ContentDoc): BlogCategoryView {
  const category: BlogCategoryView = { id: doc.entity_id, url_key: doc.identifier, title: doc.title }
  const description = str(doc.body.description)
  if (description) category.description = description
  return category
}

export function toBlogPostSummary(doc: ContentDoc): BlogPostSummary {
  const ids = Array.isArray(doc.body.blog_category_ids) ? doc.body.blog_category_ids.filter((id): id is number => typeof id === 'number') : []
  const post: BlogPostSummary = {
    id: doc.entity_id,
    url_key: doc.identifier,
    title: doc.title,
    publish_date: str(doc.body.publish_date) ?? '',
    excerpt: str(doc.body.short_content) ?? '',
    category_ids: ids,
  }
  const image = str(doc.body.featured_image_file) ?? str(doc.body.image)
  const author = str(doc.body.author_name) ?? str(doc.body.author)
  if (image) post.image = image
  if (author) post.author = author
  return post
}

export function toBlogPostContent(doc: ContentDoc): BlogPostContent {
  const post: BlogPostContent = { ...toBlogPostSummary(doc), content: str(doc.body.content) ?? '' }
  const metaTitle = str(doc.body.meta_title)
  const metaDescription = str(doc.body.meta_description)
  if (metaTitle) post.meta_title = metaTitle
  if (metaDescription) post.meta_description = metaDescription
  return post
}

/** Categories in the shop's order (sort_order ascending, those without one last), then by title. */
export function blogCategoriesOf(docs: readonly ContentDoc[], locale: string): BlogCategoryView[] {
  const order = (doc: ContentDoc) => (typeof doc.body.sort_order === 'number' ? doc.body.sort_order : Number.POSITIVE_INFINITY)
  const collator = new Intl.Collator(locale)
  return docs
    .filter(isPublished)
    .sort((a, b) => order(a) - order(b) || collator.compare(a.title, b.title) || a.entity_id - b.entity_id)
    .map(toBlogCategory)
}

/** ISO 8601 texts in UTC of one form compare as their dates do; the id breaks ties, so pages never shift. */
function comparePosts(sort: BlogSort, collator: Intl.Collator): (a: BlogPostSummary, b: BlogPostSummary) => number {
  switch (sort) {
    case 'newest':
      return (a, b) => (a.publish_date < b.publish_date ? 1 : a.publish_date > b.publish_date ? -1 : b.id - a.id)
    case 'oldest':
      return (a, b) => (a.publish_date < b.publish_date ? -1 : a.publish_date > b.publish_date ? 1 : a.id - b.id)
    case 'title':
      return (a, b) => collator.compare(a.title, b.title) || a.id - b.id
  }
}

/** Published posts as summaries, in `sort` order. */
export function sortedPosts(docs: readonly ContentDoc[], sort: BlogSort, locale: string): BlogPostSummary[] {
  return docs
    .filter(isPublished)
    .map(toBlogPostSummary)
    .sort(comparePosts(sort, new Intl.Collator(locale)))
}

export interface BlogPage {
  posts: BlogPostSummary[]
  total: number
  page: number
  pageCount: number
  sort: BlogSort
}

/** One page of the published posts (of the category with `categoryId`, when given), page size of spec §9. */
export function blogPageOf(docs: readonly ContentDoc[], query: BlogListQuery, categoryId: number | null, locale: string): BlogPage {
  const sort = query.sort ?? DEFAULT_BLOG_SORT
  const all = sortedPosts(docs, sort, locale).filter((p) => categoryId === null || p.category_ids.includes(categoryId))
  const pageCount = Math.max(1, Math.ceil(all.length / BLOG_LIMITS.pageSize))
  const asked = Number.isInteger(query.page) ? query.page! : 1
  const page = Math.min(Math.max(1, asked), pageCount)
  const start = (page - 1) * BLOG_LIMITS.pageSize
  return { posts: all.slice(start, start + BLOG_LIMITS.pageSize), total: all.length, page, pageCount, sort }
}

/** The newest published posts (spec §9: latest posts 5). */
export function latestPostsOf(docs: readonly ContentDoc[], locale: string): BlogPostSummary[] {
  return sortedPosts(docs, 'newest', locale).slice(0, BLOG_LIMITS.latest)
}

/** The blog feed: the newest published posts the home page shows (spec §9: blog feed 8). */
export function feedPostsOf(docs: readonly ContentDoc[], locale: string): BlogPostSummary[] {
  return sortedPosts(docs, 'newest', locale).slice(0, BLOG_LIMITS.feed)
}
