/**
 * What the content module answers (workers/content): CMS pages and blocks, and the blog, as the UI shows them.
 * The HTML is the server's sanitised text; the UI sanitises it again before rendering it.
 */
import type { BlogSort } from '../../domain/blog-sorts'

/**
 * A CMS page's states:
 * - `loading`: nothing to show yet;
 * - `ready`: the page with its HTML (stored on this device, or just fetched and stored);
 * - `missing`: the shop has no such page (the server said so, or offline: the replicated pages
 *   this device holds do not name it);
 * - `offline-unavailable`: offline, and its HTML is not on this device (never opened here);
 * - `server-trouble`: online, the server failed, and its HTML is not on this device.
 */
export type CmsPageState = 'loading' | 'ready' | 'missing' | 'offline-unavailable' | 'server-trouble'

export interface CmsPageContent {
  id: number
  identifier: string
  title: string
  content: string
  content_heading?: string
  meta_title?: string
  meta_description?: string
}

/** A step of a page's place in the content hierarchy: its title, and the page it opens (none for a heading-only node). */
export interface CmsBreadcrumb {
  title: string
  identifier: string | null
}

export interface CmsPageView {
  state: CmsPageState
  page: CmsPageContent | null
  /** the hierarchy's nodes above the page, from the top (empty without hierarchy content) */
  breadcrumbs: CmsBreadcrumb[]
}

export interface CmsBlockView {
  identifier: string
  title: string
  content: string
}

export interface BlogCategoryView {
  id: number
  url_key: string
  title: string
  /** HTML */
  description?: string
}

/** A post as the lists show it: the excerpt, never its text (the light projection has none). */
export interface BlogPostSummary {
  id: number
  url_key: string
  title: string
  /** ISO 8601, UTC */
  publish_date: string
  /** HTML */
  excerpt: string
  /** a picture's path, as product pictures are given */
  image?: string
  author?: string
  category_ids: number[]
}

export interface BlogPostContent extends BlogPostSummary {
  /** HTML */
  content: string
  meta_title?: string
  meta_description?: string
}

/** The blog's lists: all published posts or one category's, a page of them in the asked order. */
export interface BlogListQuery {
  /** a category's url_key; none: every post */
  category?: string
  sort?: BlogSort
  /** 1-based; past the last page reads the last one */
  page?: number
}

/**
 * A blog list's states: `loading` (online, the blog not pulled yet), `ready`, `missing` (the asked
 * category is not the shop's), `offline-unavailable` (offline, the blog never pulled on this device).
 */
export interface BlogListView {
  state: 'loading' | 'ready' | 'missing' | 'offline-unavailable'
  category: BlogCategoryView | null
  posts: BlogPostSummary[]
  total: number
  page: number
  pageCount: number
  sort: BlogSort
}

/** A post's states are a CMS page's (CmsPageState); `categories` are the post's own the device holds. */
export interface BlogPostView {
  state: CmsPageState
  post: BlogPostContent | null
  categories: BlogCategoryView[]
}

/** A banner as the UI shows it: its picture at the slot's drawn size (domain/banner.schema), and where it leads. */
export interface BannerView {
  id: number
  title: string
  subtitle?: string
  /** the picture, site-relative, loaded as it is */
  image: string
  /** a path inside the store view, without its prefix */
  link: string
  /** the picture's text alternative; empty for one that only decorates */
  alt: string
  width: number
  height: number
}

/** The store view's active banners per slot (spec §3 Banners), each slot in its order. */
export interface HomeBannersView {
  /** the content was pulled on this device at least once: an empty slot is really empty, not on its way */
  pulled: boolean
  /** the home page's head image: the first active `head` banner */
  head: BannerView | null
  main: BannerView[]
  small: BannerView[]
  product: BannerView[]
}

/** The active info banner (spec §3 "Info banner: status flag, content") this shopper has not dismissed on this device. */
export interface InfoBannerView {
  id: number
  /** HTML, sanitised by the server; the UI sanitises it again */
  content: string
  /** where "read more" leads, inside the store view */
  link?: string
  /** what a dismissal remembers: once the content or link changes, the banner shows again */
  version: string
}
