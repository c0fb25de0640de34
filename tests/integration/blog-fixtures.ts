/**
 * The fixture shop's blog and page tree: three categories (one unpublished), twelve published posts
 * a week apart and one draft, in every store view's language; a hierarchy of a heading over the
 * about and terms pages, and a root of its own over the inactive draft page. `blogShop` is the
 * fixture shop with them.
 */
import type { BlogCategory, BlogPost } from '../../domain/blog.schema'
import type { CmsHierarchyNode } from '../../domain/cms.schema'
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import type { DemoShop } from '../../server/seed/demo-shop'
import { ABOUT_ID, DRAFT_ID, TERMS_ID } from './cms-fixtures'
import { buildFixtureShop } from './fixtures'

export const NEWS = 1
export const RECIPES = 2
export const HIDDEN_CATEGORY = 3
export const PUBLISHED_POSTS = 12
export const DRAFT_POST = 13
export const HIDDEN_NODE = 5
/** posts 1..12: odd ones are news, even ones recipes, and every third one both */
export const RECIPE_POST_IDS = [2, 3, 4, 6, 8, 9, 10, 12]

const WORDS: Record<StoreCode, { news: string; recipes: string; post: string }> = {
  en: { news: 'News', recipes: 'Recipes', post: 'Post' },
  nl: { news: 'Nieuws', recipes: 'Recepten', post: 'Bericht' },
  be: { news: 'Nieuws', recipes: 'Recepten', post: 'Bericht' },
  fr: { news: 'Actualités', recipes: 'Recettes', post: 'Article' },
}

export function blogCategories(code: StoreCode): BlogCategory[] {
  const w = WORDS[code]
  return [
    { id: NEWS, url_key: 'news', title: w.news, status: 1, sort_order: 2 },
    { id: RECIPES, url_key: 'recipes', title: w.recipes, status: 1, sort_order: 1, description: `<p>${w.recipes}</p>` },
    { id: HIDDEN_CATEGORY, url_key: 'hidden', title: 'Hidden', status: 0, sort_order: 0 },
  ]
}

/** Post n was published n weeks after 2 January 2026: the newest is post 12. */
export function publishDateOf(id: number): string {
  return new Date(Date.UTC(2026, 0, 2 + 7 * id, 9, 30)).toISOString()
}

export function blogPosts(code: StoreCode): BlogPost[] {
  const w = WORDS[code]
  const posts: BlogPost[] = Array.from({ length: PUBLISHED_POSTS }, (_, i) => {
    const id = i + 1
    return {
      id,
      url_key: `post-${id}`,
      title: `${w.post} ${id}`,
      status: 1,
      // one post written with its offset (Brussels winter time), stored in UTC
      publish_date: id === 5 ? publishDateOf(id).replace('T09:30:00.000Z', 'T10:30:00+01:00') : publishDateOf(id),
      blog_category_ids: [...(id % 2 === 1 ? [NEWS] : []), ...(RECIPE_POST_IDS.includes(id) ? [RECIPES] : [])],
      short_content: `<p>${w.post} ${id} (${code})</p>`,
      content: `<p>${w.post} ${id}</p><p>Polder (${code})</p>`,
      author: 'Polder',
      image: `/blog/post-${id}.png`,
    }
  })
  posts.push({
    id: DRAFT_POST,
    url_key: 'draft',
    title: 'Draft',
    status: 0,
    publish_date: publishDateOf(20),
    blog_category_ids: [NEWS],
    short_content: '<p>not yet</p>',
    content: '<p>not yet</p>',
  })
  return posts
}

export function cmsHierarchy(code: StoreCode): CmsHierarchyNode[] {
  const service = { en: 'Service', nl: 'Service', be: 'Service', fr: 'Service client' }[code]
  return [
    { id: 1, parent_id: null, page_id: null, identifier: 'service', title: service, sort_order: 1, level: 1 },
    { id: 2, parent_id: 1, page_id: TERMS_ID, identifier: 'terms-and-conditions', title: 'Terms', sort_order: 2, level: 2 },
    { id: 3, parent_id: 1, page_id: ABOUT_ID, identifier: 'about-us', title: 'About', sort_order: 1, level: 2 },
    { id: 4, parent_id: null, page_id: null, identifier: 'legal', title: 'Legal', sort_order: 2, level: 1 },
    // the inactive draft page's node: stored, never answered
    { id: HIDDEN_NODE, parent_id: 4, page_id: DRAFT_ID, identifier: 'draft', title: 'Draft', sort_order: 1, level: 2 },
  ]
}

/** The fixture shop with the blog and the hierarchy; `withoutPosts` leaves posts out by id (tombstones). */
export function blogShop(options: { withoutPosts?: number[]; change?: (code: StoreCode, shop: DemoShop) => void } = {}): DemoShop {
  const shop = buildFixtureShop()
  for (const code of STORE_CODES) {
    shop.catalog[code] = {
      ...shop.catalog[code],
      blog_categories: blogCategories(code),
      blog_posts: blogPosts(code).filter((p) => !options.withoutPosts?.includes(p.id)),
      cms_hierarchy: cmsHierarchy(code),
    }
    options.change?.(code, shop)
  }
  return shop
}
