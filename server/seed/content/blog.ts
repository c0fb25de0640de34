/**
 * The demo shop's blog and the tree of its pages, for one store view. Ids, categories, dates and
 * status come from here, so every store view has the same posts (as products keep their ids); only
 * the text, and the url keys made of it, differ. The Belgian store view shares the Dutch text.
 *
 * Dates follow the seed's fixed 2026 timeline (timeline.ts), each post in the season it writes
 * about; the two drafts (status 0) come after the last published post and are never answered.
 */
import type { BlogCategory, BlogPost } from '../../../domain/blog.schema'
import type { CmsHierarchyNode } from '../../../domain/cms.schema'
import type { StoreCode } from '../../../domain/store-views'
import { slugify } from '../../../domain/url'
import { picturePath } from '../picture-paths'
import { isoAt } from '../timeline'
import { englishBlog } from './blog-en'
import { BLOG_CATEGORY_IDS, BLOG_POST_PLANS, type BlogCategoryKey, type BlogLanguage, type BlogPostKey, type BlogTexts, type PostPlan } from './blog-types'
import { frenchBlog } from './blog-fr'
import { dutchBlog } from './blog-nl'
import { frenchSpaced, frenchSpacedEach } from './format'
import { contextFor, PAGE_IDS, type PageKey } from './types'

const BY_STORE: Record<StoreCode, BlogLanguage> = { en: englishBlog, nl: dutchBlog, be: dutchBlog, fr: frenchBlog }

function textsFor(store: StoreCode): BlogTexts {
  const texts = BY_STORE[store](contextFor(store))
  if (store !== 'fr') return texts
  return { categories: frenchSpacedEach(texts.categories), posts: frenchSpacedEach(texts.posts), headings: frenchSpaced(texts.headings) }
}

function html(body: readonly string[]): string {
  return body.map((line) => (line.startsWith('## ') ? `<h2>${line.slice(3)}</h2>` : `<p>${line}</p>`)).join('\n')
}

export function demoBlogCategories(store: StoreCode): BlogCategory[] {
  const { categories } = textsFor(store)
  return (Object.keys(BLOG_CATEGORY_IDS) as BlogCategoryKey[]).map((key, index) => ({
    id: BLOG_CATEGORY_IDS[key],
    url_key: slugify(categories[key].title),
    title: categories[key].title,
    status: 1,
    description: `<p>${categories[key].description}</p>`,
    meta_title: categories[key].title,
    meta_description: categories[key].meta_description,
    sort_order: index + 1,
  }))
}

function publishedAt(plan: PostPlan): string {
  const day = (Date.UTC(2026, plan.month - 1, plan.day) - Date.UTC(2026, 0, 1)) / 86_400_000
  return isoAt(day * 24 * 60 + 9 * 60)
}

export function demoBlogPosts(store: StoreCode): BlogPost[] {
  const { posts } = textsFor(store)
  return (Object.entries(BLOG_POST_PLANS) as [BlogPostKey, PostPlan][]).map(([key, plan]) => {
    const text = posts[key]
    return {
      id: plan.id,
      url_key: slugify(text.title),
      title: text.title,
      status: plan.status ?? 1,
      publish_date: publishedAt(plan),
      blog_category_ids: [BLOG_CATEGORY_IDS[plan.category]],
      short_content: `<p>${text.short}</p>`,
      content: html(text.body),
      author: text.author,
      image: picturePath(plan.picture[0], plan.picture[1], 1),
      meta_title: text.title,
      meta_description: text.short.replace(/<[^>]*>/g, ''),
    }
  })
}

/** The tree of the nine demo pages: three headings, each over its pages in this order. */
const HIERARCHY: { heading: keyof BlogTexts['headings']; id: number; identifier: string; pages: PageKey[] }[] = [
  { heading: 'service', id: 1, identifier: 'customer-service', pages: ['shipping', 'returns', 'faq', 'contact'] },
  { heading: 'about', id: 2, identifier: 'about', pages: ['about-us', 'imprint'] },
  { heading: 'legal', id: 3, identifier: 'legal', pages: ['terms-and-conditions', 'privacy-policy', 'cookie-policy'] },
]

/** `pageTitles`: the store view's page titles (demoCmsPages), so a node is named as its page is. */
export function demoCmsHierarchy(store: StoreCode, pageTitles: Record<PageKey, string>): CmsHierarchyNode[] {
  const { headings } = textsFor(store)
  return HIERARCHY.flatMap((group, groupIndex) => [
    { id: group.id, parent_id: null, page_id: null, identifier: group.identifier, title: headings[group.heading], sort_order: groupIndex + 1, level: 1 },
    ...group.pages.map((page, i) => ({
      id: 10 + PAGE_IDS[page],
      parent_id: group.id,
      page_id: PAGE_IDS[page],
      identifier: page,
      title: pageTitles[page],
      sort_order: i + 1,
      level: 2,
    })),
  ])
}
