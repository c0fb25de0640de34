/**
 * The content module: owns the `cms` collection (workers/content/content-record), replicates it in
 * the leader like the catalogue (the feed's `cms` collection: every page's stub and every block
 * in shopper mode, everything in kiosk mode; live changes from the store view's one stream, which
 * the catalogue opens and hands on), fetches a page's or blog post's HTML when it is opened and
 * keeps it, so one visited once reads offline later. Its DataApi slice: a page by identifier (with
 * its place in the content hierarchy), blocks by identifier, and the blog (lists, categories, latest
 * posts in workers/content/blog-reads; a post by url_key as a page is read), the home banners and
 * the info banner (./banners), and a product's reviews, fetched when its page is shown and kept, with
 * the reviews shoppers write (./product-reviews).
 */
import { combineLatest, map } from 'rxjs'
import type { Projection } from '../../domain/api/replication.schema'
import { ApiError, failureReason } from '../../replication/api-errors'
import { createCatalogPullHandler, type FeedStreamItem } from '../../replication/catalog-pull'
import type {
  BlogCategoryView,
  BlogListQuery,
  BlogListView,
  BlogPostSummary,
  BlogPostView,
  CmsBlockView,
  CmsBreadcrumb,
  CmsPageContent,
  CmsPageState,
  CmsPageView,
  HomeBannersView,
  InfoBannerView,
} from '../contract/content'
import type { Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import type { WithDeletedFlag } from '../db/catalog-docs'
import { modifySessionRecord, sessionCheckpoint, sessionRecordValues } from '../db/session-records'
import { PULL_BATCH_SIZE } from '../catalog/catalog-replication'
import { FeedPull } from '../catalog/feed-pull'
import { distinct, safe, type WorkerModule, type WorkerSession } from '../worker-session'
import { dismissedOf, homeBannersOf, INFO_BANNER_DISMISSED_ID, infoBannerToShow } from './banners'
import { isPublished, toBlogCategory, toBlogPostContent } from './blog-queries'
import { blogReads } from './blog-reads'
import { answerAsFeedDocument, CONTENT_KINDS, toContentRecord, type ContentDoc, type ContentRecord } from './content-record'
import { storeFetched, writeContent } from './content-store'
import { ProductReviews } from './product-reviews'
import type { ProductReviewsView, ReviewDraft, ReviewWriteResult } from '../contract/reviews'
import type { NewSyncTask } from '../../replication/sync-task'

/** The session record holding the content pull's checkpoint, per projection (a mode change pulls anew). */
export const contentCheckpointRecord = (projection: Projection) => `pull-v1-cms-${projection}`

export interface ContentModuleDeps {
  session: WorkerSession
  isOnline: () => boolean
  /** tests: no replication */
  replicate?: boolean
  /** the worker's one retry timer (the outbox's) */
  retryAfter: (ms: number, run: () => void) => () => void
  /** a review written on a product page goes into the outbox (workers/content/product-reviews) */
  enqueueTask?: (task: NewSyncTask) => Promise<void>
  /** a customer is logged in (their review is sent with their token) */
  asCustomer?: () => boolean
}

type Pulled = WithDeletedFlag<ContentRecord> | null

/** The kinds fetched whole when opened (the light projection sends them without their HTML). */
type OpenedKind = typeof CONTENT_KINDS.page | typeof CONTENT_KINDS.blogPost

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

function toPageContent(doc: ContentDoc): CmsPageContent {
  const page: CmsPageContent = { id: doc.entity_id, identifier: doc.identifier, title: doc.title, content: str(doc.body.content) ?? '' }
  const heading = str(doc.body.content_heading)
  const metaTitle = str(doc.body.meta_title)
  const metaDescription = str(doc.body.meta_description)
  if (heading) page.content_heading = heading
  if (metaTitle) page.meta_title = metaTitle
  if (metaDescription) page.meta_description = metaDescription
  return page
}

/**
 * The hierarchy nodes above the page (top first), from the `hierarchy` documents ({id, parent_id,
 * page_id, identifier, title, sort_order, level}); a node opens its page when it names one.
 */
export function breadcrumbsOf(page: ContentDoc, nodes: readonly ContentDoc[], pages: readonly ContentDoc[]): CmsBreadcrumb[] {
  const byId = new Map(nodes.map((n) => [n.entity_id, n]))
  const own = nodes.filter((n) => n.body.page_id === page.entity_id).sort((a, b) => Number(a.body.level ?? 0) - Number(b.body.level ?? 0))[0]
  if (!own) return []
  const pageIdentifier = new Map(pages.map((p) => [p.entity_id, p.identifier]))
  const trail: CmsBreadcrumb[] = []
  const seen = new Set<number>([own.entity_id])
  for (let node = byId.get(Number(own.body.parent_id)); node && !seen.has(node.entity_id); node = byId.get(Number(node.body.parent_id))) {
    seen.add(node.entity_id)
    const target = typeof node.body.page_id === 'number' ? (pageIdentifier.get(node.body.page_id) ?? null) : null
    trail.unshift({ title: node.title, identifier: target })
  }
  return trail
}

export class ContentModule implements WorkerModule {
  private pull: FeedPull<Pulled> | null = null
  private readonly reviews: ProductReviews

  constructor(private readonly deps: ContentModuleDeps) {
    this.reviews = new ProductReviews({
      collection: () => this.collection,
      api: () => deps.session.store.api,
      index: () => deps.session.store.storeView.index,
      isOnline: deps.isOnline,
      asCustomer: deps.asCustomer ?? (() => false),
      // tests of the other content reads wire no outbox: a review then is not stored
      enqueueTask: deps.enqueueTask ?? (() => Promise.reject(new Error('no outbox'))),
      now: deps.session.now,
    })
  }

  private get collection() {
    return this.deps.session.store.db.cms
  }

  private get projection(): Projection {
    return this.deps.session.store.config.replicationMode === 'kiosk' ? 'full' : 'light'
  }

  /** The leader replicates the content (paused while offline). */
  lead(): void {
    if (this.deps.replicate === false) return
    const { db, api, storeView } = this.deps.session.store
    const projection = this.projection
    const checkpointRecord = contentCheckpointRecord(projection)
    const pull = new FeedPull<Pulled>({
      label: 'content',
      pull: createCatalogPullHandler<Pulled>({ api, collection: 'cms', index: storeView.index, projection, toLocal: toContentRecord }),
      write: (docs) => writeContent(db.cms, docs),
      checkpoint: sessionCheckpoint(db, checkpointRecord),
      batchSize: PULL_BATCH_SIZE,
      retryAfter: this.deps.retryAfter,
    })
    this.pull = pull
    if (this.deps.isOnline()) pull.reSync()
    else void pull.pause()
  }

  /** The store view's stream, as the catalogue hands it on: RESYNC, and the `cms` collection's changes. */
  streamItem(item: FeedStreamItem): void {
    if (!this.pull) return
    if (item.kind === 'resync') this.pull.reSync()
    else if (item.collection === 'cms') {
      void this.pull.applyChanges(item.documents.map(toContentRecord)).catch((error: unknown) => console.warn('[content] live changes', error))
    }
  }

  async connectivity(online: boolean, leader: boolean): Promise<void> {
    if (!leader || !this.pull) return
    if (online) this.pull.resume()
    else await this.pull.pause()
  }

  /** This device pulled the content at least once: a page it does not hold does not exist. */
  private async pulledOnce(): Promise<boolean> {
    const { db } = this.deps.session.store
    return (await db.session.findOne(contentCheckpointRecord(this.projection)).exec()) !== null
  }

  /** The blog's lists over this store view's stored content (workers/content/blog-reads). */
  private get blog() {
    const { db, storeView } = this.deps.session.store
    return blogReads({
      collection: this.collection,
      locale: storeView.i18n.defaultLocale,
      pulledOnce$: db.session.findOne(contentCheckpointRecord(this.projection)).$.pipe(map((doc) => doc !== null)),
      isOnline: this.deps.isOnline,
    })
  }

  /** The post's categories this device holds, published ones, in the post's order. */
  private async postCategories(ids: readonly number[]): Promise<BlogCategoryView[]> {
    if (ids.length === 0) return []
    const docs = await this.collection.find({ selector: { kind: CONTENT_KINDS.blogCategory, entity_id: { $in: [...ids] } } }).exec()
    const byId = new Map(docs.map((d) => [d.entity_id, d.toJSON() as ContentDoc]))
    return ids.flatMap((id) => {
      const doc = byId.get(id)
      return doc && isPublished(doc) ? [toBlogCategory(doc)] : []
    })
  }

  private async breadcrumbs(page: ContentDoc): Promise<CmsBreadcrumb[]> {
    const nodes = (await this.collection.find({ selector: { kind: CONTENT_KINDS.hierarchy } }).exec()).map((d) => d.toJSON() as ContentDoc)
    if (nodes.length === 0) return []
    const pages = (await this.collection.find({ selector: { kind: CONTENT_KINDS.page } }).exec()).map((d) => d.toJSON() as ContentDoc)
    return breadcrumbsOf(page, nodes, pages)
  }

  /**
   * A page or post, whole, from the CMS extension, stored; 'missing' when the shop has none (or the
   * answer is an unpublished post).
   */
  private async fetchWhole(kind: OpenedKind, identifier: string): Promise<'stored' | 'missing'> {
    const { api, storeView } = this.deps.session.store
    try {
      const answer =
        kind === CONTENT_KINDS.page
          ? await api.cmsPageByIdentifier(identifier, storeView.storeId)
          : await api.cmsBlogPostByUrlKey(identifier, storeView.storeId)
      const record = toContentRecord(answerAsFeedDocument(kind, identifier, answer))
      if (!record || (kind === CONTENT_KINDS.blogPost && !isPublished(record))) return 'missing'
      await storeFetched(this.collection, record)
      return 'stored'
    } catch (error) {
      if (error instanceof ApiError && error.code === 404) return 'missing'
      throw error
    }
  }

  /**
   * A page or post by identifier, fetched whole when opened online and kept: loading, then ready
   * (stored, or fetched and stored), missing, offline-unavailable or server-trouble
   * (workers/contract/content CmsPageState). `shows` says whether a stored document may be shown
   * at all (a post must be published). Re-emits when the stored document changes. Never throws.
   */
  private subscribeOpened<V>(
    kind: OpenedKind,
    identifier: string,
    read: { shows: (doc: ContentDoc) => boolean; ready: (doc: ContentDoc) => Promise<V>; empty: (state: CmsPageState) => V },
    cb: (view: V) => void,
  ): Unsubscribe {
    const emit = distinct(safe(cb))
    let closed = false
    /** The stored version (updated_at, '' for none) this document was last fetched for. */
    let askedFor: string | null = null
    const show = async (doc: ContentDoc | null) => {
      if (closed) return
      if (doc?.has_content) {
        const view = await read.ready(doc)
        if (!closed) emit(view)
        return
      }
      // a newer stub landed while or after a fetch answered: that version is fetched in turn
      const version = doc?.updated_at ?? ''
      if (askedFor === version) return
      askedFor = version
      if (!this.deps.isOnline()) {
        emit(read.empty(doc || !(await this.pulledOnce()) ? 'offline-unavailable' : 'missing'))
        return
      }
      emit(read.empty('loading'))
      try {
        // a stored document re-emits through the query below
        if ((await this.fetchWhole(kind, identifier)) === 'missing' && !closed) emit(read.empty('missing'))
      } catch (error) {
        if (!closed) emit(read.empty(failureReason(error, this.deps.isOnline()) === 'offline' ? 'offline-unavailable' : 'server-trouble'))
      }
    }
    const query = this.collection.findOne({ selector: { kind, identifier } })
    let chain = Promise.resolve()
    const subscription = query.$.subscribe((found) => {
      const doc = found ? (found.toJSON() as ContentDoc) : null
      chain = chain.then(() => show(doc && read.shows(doc) ? doc : null)).catch(() => undefined)
    })
    return async () => {
      closed = true
      subscription.unsubscribe()
    }
  }

  readonly api = {
    /** A CMS page by identifier (subscribeOpened's states), with its place in the content hierarchy. */
    subscribeCmsPage: async (identifier: string, cb: (view: CmsPageView) => void): Promise<Unsubscribe> =>
      this.subscribeOpened<CmsPageView>(
        CONTENT_KINDS.page,
        identifier,
        {
          shows: () => true,
          ready: async (doc) => ({ state: 'ready', page: toPageContent(doc), breadcrumbs: await this.breadcrumbs(doc) }),
          empty: (state) => ({ state, page: null, breadcrumbs: [] }),
        },
        cb,
      ),

    /** A published blog post by url_key (subscribeOpened's states), with its categories. */
    subscribeBlogPost: async (urlKey: string, cb: (view: BlogPostView) => void): Promise<Unsubscribe> =>
      this.subscribeOpened<BlogPostView>(
        CONTENT_KINDS.blogPost,
        urlKey,
        {
          shows: isPublished,
          ready: async (doc) => {
            const post = toBlogPostContent(doc)
            return { state: 'ready', post, categories: await this.postCategories(post.category_ids) }
          },
          empty: (state) => ({ state, post: null, categories: [] }),
        },
        cb,
      ),

    subscribeBlogList: (query: BlogListQuery, cb: (view: BlogListView) => void): Promise<Unsubscribe> => this.blog.subscribeBlogList(query, cb),
    subscribeBlogCategories: (cb: (categories: BlogCategoryView[]) => void): Promise<Unsubscribe> => this.blog.subscribeBlogCategories(cb),
    subscribeLatestBlogPosts: (cb: (posts: BlogPostSummary[]) => void): Promise<Unsubscribe> => this.blog.subscribeLatestBlogPosts(cb),
    subscribeBlogFeed: (cb: (posts: BlogPostSummary[]) => void): Promise<Unsubscribe> => this.blog.subscribeBlogFeed(cb),

    /** The blocks of these identifiers this device holds, in the order asked; re-emits when they change. */
    subscribeCmsBlocks: async (identifiers: string[], cb: (blocks: CmsBlockView[]) => void): Promise<Unsubscribe> => {
      const emit = distinct(safe(cb))
      const query = this.collection.find({ selector: { kind: CONTENT_KINDS.block, identifier: { $in: identifiers } } })
      const subscription = query.$.subscribe((docs) => {
        const byIdentifier = new Map(docs.map((d) => [d.identifier, d.toJSON() as ContentDoc]))
        const blocks: CmsBlockView[] = []
        for (const identifier of identifiers) {
          const doc = byIdentifier.get(identifier)
          if (doc) blocks.push({ identifier, title: doc.title, content: str(doc.body.content) ?? '' })
        }
        emit(blocks)
      })
      return async () => subscription.unsubscribe()
    },

    /**
     * The active banners per slot this device holds; re-emits when they change, and once the first
     * pull has landed (`pulled`: the page stops reserving room for banners that are not coming).
     * A failed read is logged as debug (spec §9) and shows no banners.
     */
    subscribeHomeBanners: async (cb: (view: HomeBannersView) => void): Promise<Unsubscribe> => {
      const emit = distinct(safe(cb))
      const { db } = this.deps.session.store
      const pulled = db.session.findOne(contentCheckpointRecord(this.projection)).$.pipe(map((doc) => doc !== null))
      const banners = this.collection.find({ selector: { kind: CONTENT_KINDS.banner } }).$
      const subscription = combineLatest([banners, pulled]).subscribe({
        next: ([docs, pulledOnce]) =>
          emit(
            homeBannersOf(
              docs.map((d) => d.toJSON() as ContentDoc),
              pulledOnce,
            ),
          ),
        error: (error: unknown) => console.debug('[content] the banners did not load', error),
      })
      return async () => subscription.unsubscribe()
    },

    /**
     * The info banner to show (null for none): the first active one this shopper has not dismissed
     * in its present version on this device; re-emits when the banners or the dismissals change (any tab).
     */
    subscribeInfoBanner: async (cb: (banner: InfoBannerView | null) => void): Promise<Unsubscribe> => {
      const emit = distinct(safe(cb))
      const { db } = this.deps.session.store
      const banners = this.collection.find({ selector: { kind: CONTENT_KINDS.infoBanner } }).$
      const subscription = combineLatest([banners, sessionRecordValues(db, INFO_BANNER_DISMISSED_ID)]).subscribe({
        next: ([docs, dismissed]) =>
          emit(
            infoBannerToShow(
              docs.map((d) => d.toJSON() as ContentDoc),
              dismissedOf(dismissed),
            ),
          ),
        error: (error: unknown) => console.debug('[content] the info banner did not load', error),
      })
      return async () => subscription.unsubscribe()
    },

    /** A product's approved reviews (workers/content/product-reviews): kept on this device once fetched. */
    subscribeProductReviews: async (productId: number, cb: (view: ProductReviewsView) => void): Promise<Unsubscribe> => this.reviews.subscribe(productId, cb),

    /** A review the shopper wrote, into the outbox: sent once, now or when back online. */
    writeReview: (draft: ReviewDraft): Promise<ReviewWriteResult> => this.reviews.write(draft),

    /** The shopper closed info banner `id` as it read at `version`: it stays closed on this device until its content changes. */
    dismissInfoBanner: async (id: number, version: string): Promise<void> => {
      const { db } = this.deps.session.store
      await modifySessionRecord(db, INFO_BANNER_DISMISSED_ID, (value) => ({ dismissed: { ...dismissedOf(value), [String(id)]: version } }))
    },
  } satisfies Partial<DataApi>

  async close(): Promise<void> {
    await this.pull?.cancel()
    this.pull = null
  }
}
