/**
 * The content module: owns the `cms` collection (workers/content/content-record), replicates it in
 * the leader like the catalogue (the feed's `cms` collection: every page's stub and every block
 * in shopper mode, everything in kiosk mode; live changes from the store view's one stream, which
 * the catalogue opens and hands on), fetches a page's HTML when it is opened and keeps it, so a
 * page visited once reads offline later. Its DataApi slice: a page by identifier (with its place in
 * the content hierarchy), blocks by identifier, the home banners and the info banner (./banners).
 */
import { combineLatest, map } from 'rxjs'
import type { Projection } from '../../domain/api/replication.schema'
import { ApiError, failureReason } from '../../replication/api-errors'
import { createCatalogPullHandler, type FeedStreamItem } from '../../replication/catalog-pull'
import type { CmsBlockView, CmsBreadcrumb, CmsPageContent, CmsPageView, HomeBannersView, InfoBannerView } from '../contract/content'
import type { Unsubscribe } from '../contract/views'
import type { DataApi } from '../data-api'
import type { WithDeletedFlag } from '../db/catalog-docs'
import { modifySessionRecord, sessionCheckpoint, sessionRecordValues } from '../db/session-records'
import { PULL_BATCH_SIZE } from '../catalog/catalog-replication'
import { FeedPull } from '../catalog/feed-pull'
import { distinct, safe, type WorkerModule, type WorkerSession } from '../worker-session'
import { dismissedOf, homeBannersOf, INFO_BANNER_DISMISSED_ID, infoBannerToShow } from './banners'
import { CONTENT_KINDS, pageAnswerAsFeedDocument, toContentRecord, type ContentDoc, type ContentRecord } from './content-record'
import { storeFetchedPage, writeContent } from './content-store'

/** The session record holding the content pull's checkpoint, per projection (a mode change pulls anew). */
export const contentCheckpointRecord = (projection: Projection) => `pull-v1-cms-${projection}`

export interface ContentModuleDeps {
  session: WorkerSession
  isOnline: () => boolean
  /** tests: no replication */
  replicate?: boolean
  /** the worker's one retry timer (the outbox's) */
  retryAfter: (ms: number, run: () => void) => () => void
}

type Pulled = WithDeletedFlag<ContentRecord> | null

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

  constructor(private readonly deps: ContentModuleDeps) {}

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

  private async breadcrumbs(page: ContentDoc): Promise<CmsBreadcrumb[]> {
    const nodes = (await this.collection.find({ selector: { kind: CONTENT_KINDS.hierarchy } }).exec()).map((d) => d.toJSON() as ContentDoc)
    if (nodes.length === 0) return []
    const pages = (await this.collection.find({ selector: { kind: CONTENT_KINDS.page } }).exec()).map((d) => d.toJSON() as ContentDoc)
    return breadcrumbsOf(page, nodes, pages)
  }

  /** The page's HTML from the CMS extension, stored; 'missing' when the shop has no such page. */
  private async fetchPage(identifier: string): Promise<'stored' | 'missing'> {
    const { api, storeView } = this.deps.session.store
    try {
      const answer = await api.cmsPageByIdentifier(identifier, storeView.storeId)
      const record = toContentRecord(pageAnswerAsFeedDocument(answer))
      if (!record) return 'missing'
      await storeFetchedPage(this.collection, record)
      return 'stored'
    } catch (error) {
      if (error instanceof ApiError && error.code === 404) return 'missing'
      throw error
    }
  }

  readonly api = {
    /**
     * A CMS page by identifier: loading, then ready (stored, or fetched and stored when online),
     * missing, offline-unavailable or server-trouble (workers/contract/content CmsPageState).
     * Re-emits when the stored page changes. Never throws.
     */
    subscribeCmsPage: async (identifier: string, cb: (view: CmsPageView) => void): Promise<Unsubscribe> => {
      const emit = distinct(safe(cb))
      const empty = (state: CmsPageView['state']): CmsPageView => ({ state, page: null, breadcrumbs: [] })
      let closed = false
      /** The stored version (updated_at, '' for none) this page was last fetched for. */
      let askedFor: string | null = null
      const show = async (doc: ContentDoc | null) => {
        if (closed) return
        if (doc?.has_content) {
          const breadcrumbs = await this.breadcrumbs(doc)
          if (!closed) emit({ state: 'ready', page: toPageContent(doc), breadcrumbs })
          return
        }
        // a newer stub landed while or after a fetch answered: that version is fetched in turn
        const version = doc?.updated_at ?? ''
        if (askedFor === version) return
        askedFor = version
        if (!this.deps.isOnline()) {
          emit(empty(doc || !(await this.pulledOnce()) ? 'offline-unavailable' : 'missing'))
          return
        }
        emit(empty('loading'))
        try {
          // a stored page re-emits through the query below
          if ((await this.fetchPage(identifier)) === 'missing' && !closed) emit(empty('missing'))
        } catch (error) {
          if (!closed) emit(empty(failureReason(error, this.deps.isOnline()) === 'offline' ? 'offline-unavailable' : 'server-trouble'))
        }
      }
      const query = this.collection.findOne({ selector: { kind: CONTENT_KINDS.page, identifier } })
      let chain = Promise.resolve()
      const subscription = query.$.subscribe((doc) => {
        const value = doc ? (doc.toJSON() as ContentDoc) : null
        chain = chain.then(() => show(value)).catch(() => undefined)
      })
      return async () => {
        closed = true
        subscription.unsubscribe()
      }
    },

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
