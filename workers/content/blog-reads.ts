/**
 * The blog's lists as reactive reads of the `cms` collection (the content module's DataApi slice;
 * a post itself is read as a page is, content-module subscribeBlogPost). Categories and post stubs
 * with their excerpts are replicated whole, so every list answers offline from what the device
 * holds; before the content was ever pulled an empty blog means "not known yet", not "no posts".
 */
import { combineLatest, map, type Observable } from 'rxjs'
import type { RxCollection } from 'rxdb'
import type { BlogCategoryView, BlogListQuery, BlogListView, BlogPostSummary } from '../contract/content'
import type { Unsubscribe } from '../contract/views'
import { distinct, safe } from '../worker-session'
import { blogCategoriesOf, blogPageOf, feedPostsOf, latestPostsOf } from './blog-queries'
import { CONTENT_KINDS, type ContentDoc } from './content-record'

export interface BlogReadsDeps {
  collection: RxCollection<ContentDoc>
  /** the store view's locale (titles sort by its collation) */
  locale: string
  /** whether this device pulled the content at least once, as it changes */
  pulledOnce$: Observable<boolean>
  isOnline: () => boolean
}

function docsOf$(collection: RxCollection<ContentDoc>, kind: string): Observable<ContentDoc[]> {
  return collection.find({ selector: { kind } }).$.pipe(map((docs) => docs.map((d) => d.toJSON() as ContentDoc)))
}

function listen<T>(source: Observable<T>, cb: (value: T) => void): Unsubscribe {
  const emit = distinct(safe(cb))
  const subscription = source.subscribe({ next: emit, error: (error: unknown) => console.warn('[content] blog', error) })
  return async () => subscription.unsubscribe()
}

export function blogReads(deps: BlogReadsDeps) {
  const categories$ = () => docsOf$(deps.collection, CONTENT_KINDS.blogCategory).pipe(map((docs) => blogCategoriesOf(docs, deps.locale)))
  const posts$ = () => docsOf$(deps.collection, CONTENT_KINDS.blogPost)

  return {
    /** The published blog categories in the shop's order (the blog categories panel); re-emits when they change. */
    subscribeBlogCategories: async (cb: (categories: BlogCategoryView[]) => void): Promise<Unsubscribe> => listen(categories$(), cb),

    /** The newest published posts (spec §9: 5); re-emits when they change. */
    subscribeLatestBlogPosts: async (cb: (posts: BlogPostSummary[]) => void): Promise<Unsubscribe> =>
      listen(posts$().pipe(map((docs) => latestPostsOf(docs, deps.locale))), cb),

    /** The blog feed's posts (spec §9: 8, newest first); re-emits when they change. */
    subscribeBlogFeed: async (cb: (posts: BlogPostSummary[]) => void): Promise<Unsubscribe> =>
      listen(posts$().pipe(map((docs) => feedPostsOf(docs, deps.locale))), cb),

    /** A page of the published posts, or of one category's (BlogListView's states); re-emits when they change. */
    subscribeBlogList: async (query: BlogListQuery, cb: (view: BlogListView) => void): Promise<Unsubscribe> => {
      const view$ = combineLatest([docsOf$(deps.collection, CONTENT_KINDS.blogCategory), posts$(), deps.pulledOnce$]).pipe(
        map(([categoryDocs, postDocs, pulledOnce]): BlogListView => {
          const category = query.category === undefined ? null : (blogCategoriesOf(categoryDocs, deps.locale).find((c) => c.url_key === query.category) ?? null)
          const page = blogPageOf(postDocs, query, category?.id ?? null, deps.locale)
          const known = pulledOnce || postDocs.length > 0
          if (query.category !== undefined && !category) {
            const state = pulledOnce ? 'missing' : deps.isOnline() ? 'loading' : 'offline-unavailable'
            return { state, category: null, posts: [], total: 0, page: 1, pageCount: 1, sort: page.sort }
          }
          if (!known) return { ...page, state: deps.isOnline() ? 'loading' : 'offline-unavailable', category }
          return { ...page, state: 'ready', category }
        }),
      )
      return listen(view$, cb)
    },
  }
}
