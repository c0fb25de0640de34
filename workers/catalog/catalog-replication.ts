/**
 * Plugs the RxDB-free catalogue pull (replication/catalog-pull) into the local database:
 * categories and attributes through RxDB's replication protocol (one pull-only
 * replicateRxCollection each), the products into their stored batches (./feed-pull: a batch is
 * one document, where the protocol writes a document and a meta document per product);
 * checkpoint {id, updatedAt}, batches of 500, live updates from the feed's server-sent events
 * (RESYNC on every (re)connect).
 *
 * Threading: replication runs only in the elected leader tab (the data service starts it once this
 * tab leads; RxDB's replications also wait for leadership themselves); the other tabs see the pulled
 * documents through RxDB's multi-instance channel. Nothing is pushed: the catalogue
 * belongs to the server.
 */
import { Subject, type Observable } from 'rxjs'
import type { RxCollection, RxReplicationPullStreamItem, WithDeleted } from 'rxdb'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import type { Checkpoint, Projection, ReplicatedCollection, ReplicatedDocument } from '../../domain/api/replication.schema'
import type { StoreView } from '../../domain/store-views'
import type { ApiClient } from '../../replication/api-client'
import { createCatalogPullHandler, openFeedStream } from '../../replication/catalog-pull'
import type { EventSourceFactory, FeedStreamItem, PullSource, ToLocal } from '../../replication/catalog-pull'
import type { ReplicationMode } from '../contract/config'
import { toAttributeDoc, toCategoryDoc, toProductDoc, type WithDeletedFlag } from '../db/catalog-docs'
import type { ProductDoc } from '../db/catalog-schemas'
import type { PolderDatabase } from '../db/database'
import { sessionCheckpoint } from '../db/session-records'
import { ProductBatchWriter } from './product-batches'
import { FeedPull } from './feed-pull'

export const PULL_BATCH_SIZE = 500

export interface CatalogReplicationOptions {
  db: PolderDatabase
  api: ApiClient
  storeView: StoreView
  mode: ReplicationMode
  /** the global EventSource in the worker; absent in tests: no live stream */
  eventSource?: EventSourceFactory
  /** the worker's one retry timer (the outbox's): the products pull backs off on it */
  retryAfter: (ms: number, run: () => void) => () => void
  onPulled?: (info: { collection: ReplicatedCollection; count: number; source: PullSource; at: number }) => void
  /**
   * The stream's items for the collections other modules replicate (the content module's `cms`),
   * and every RESYNC: the store view's one stream is opened here and shared.
   */
  onOtherStreamItem?: (item: FeedStreamItem) => void
  /** after the products pull caught up (the leader compacts the stored batches there) */
  afterProductsCaughtUp?: (writer: ProductBatchWriter) => Promise<void>
}

/** The session record holding the products pull's checkpoint, per projection (a mode change pulls anew). */
export const productsCheckpointRecord = (projection: Projection) => `pull-v2-products-${projection}`

export interface CatalogReplication {
  /** each pull's activity: true while it writes a pull */
  activity: Observable<boolean>[]
  /** resolves when every collection caught up once */
  awaitInSync(): Promise<void>
  pause(): Promise<void>
  resume(): void
  cancel(): Promise<void>
}

/** What this file does with a category or attribute replication: nothing that depends on the document type. */
type ReplicationControl = Pick<
  RxReplicationState<unknown, Checkpoint>,
  'active$' | 'awaitInSync' | 'awaitInitialReplication' | 'pause' | 'start' | 'reSync' | 'cancel'
>

export function startCatalogReplication(options: CatalogReplicationOptions): CatalogReplication {
  const { db, api, storeView, mode } = options
  // RxDB's own replications (categories, attributes) retry by themselves after this long
  const retryTime = 5000
  const projection = mode === 'kiosk' ? 'full' : 'light'
  const keepFull = mode === 'kiosk'
  const toProduct = (doc: ReplicatedDocument) => toProductDoc(doc, keepFull)

  let closeStream: (() => void) | null = null

  const pullHandler = <T>(name: ReplicatedCollection, toLocal: ToLocal<T>) =>
    createCatalogPullHandler({
      api,
      collection: name,
      index: storeView.index,
      projection,
      toLocal,
      onBatch: (info) => {
        // a back end without the feed has no stream either: stop EventSource's reconnect loop
        if (info.source === 'catalog' && closeStream) {
          closeStream()
          closeStream = null
        }
        options.onPulled?.({ ...info, at: Date.now() })
      },
    })

  const writer = new ProductBatchWriter(db.productBatches)
  const checkpointId = productsCheckpointRecord(projection)
  const products = new FeedPull<WithDeletedFlag<ProductDoc>>({
    label: 'products',
    pull: pullHandler('products', toProduct),
    write: (docs) => writer.append(docs),
    checkpoint: sessionCheckpoint(db, checkpointId),
    batchSize: PULL_BATCH_SIZE,
    retryAfter: options.retryAfter,
    afterCatchUp: options.afterProductsCaughtUp && (() => options.afterProductsCaughtUp!(writer)),
  })

  /**
   * One pull-only RxDB replication of `name` into its collection, with the live stream the feed
   * feeds: typed by the collection's document, so the converter and the collection agree.
   */
  const lane = <T>(name: 'categories' | 'attributes', collection: RxCollection<T>, toLocal: (doc: ReplicatedDocument) => WithDeleted<T>) => {
    const stream = new Subject<RxReplicationPullStreamItem<T, Checkpoint>>()
    const state: ReplicationControl = replicateRxCollection<T, Checkpoint>({
      collection,
      // a schema version bump starts the pull over, so fields added by the bump get their values
      replicationIdentifier: `polder-catalog-v1-${storeView.storeCode}-${name}-${projection}${collection.schema.version ? `-s${collection.schema.version}` : ''}`,
      live: true,
      retryTime,
      waitForLeadership: true,
      autoStart: true,
      pull: {
        batchSize: PULL_BATCH_SIZE,
        handler: pullHandler(name, toLocal),
        stream$: stream.asObservable(),
      },
    })
    return {
      state,
      changes: (documents: ReplicatedDocument[], checkpoint: Checkpoint) => stream.next({ documents: documents.map((d) => toLocal(d)), checkpoint }),
      resync: () => stream.next('RESYNC'),
      complete: () => stream.complete(),
    }
  }

  const lanes = { categories: lane('categories', db.categories, toCategoryDoc), attributes: lane('attributes', db.attributes, toAttributeDoc) }
  const states = Object.values(lanes).map((l) => l.state)
  const productsMayPull = Promise.all(states.map((s) => s.awaitInitialReplication())).then(
    () => true,
    () => false,
  )
  const pullProducts = () => void productsMayPull.then((may) => may && products.reSync())
  pullProducts()

  if (options.eventSource) {
    closeStream = openFeedStream(options.eventSource, api.replicationStreamUrl(projection), (item) => {
      if (item.kind === 'resync') {
        for (const l of Object.values(lanes)) l.resync()
        pullProducts()
        options.onOtherStreamItem?.(item)
        return
      }
      if (item.collection === 'products') {
        void products.applyChanges(item.documents.map((d) => toProduct(d))).catch((error: unknown) => console.warn('[catalog] live product changes', error))
        return
      }
      if (item.collection === 'categories' || item.collection === 'attributes') lanes[item.collection].changes(item.documents, item.checkpoint)
      else options.onOtherStreamItem?.(item)
    })
  }

  return {
    activity: [...states.map((s) => s.active$), products.active$],
    awaitInSync: async () => {
      await Promise.all([...states.map((s) => s.awaitInSync()), products.awaitInSync()])
    },
    pause: async () => {
      await Promise.all([...states.map((s) => s.pause()), products.pause()])
    },
    resume: () => {
      for (const state of states) {
        void state.start()
        state.reSync()
      }
      products.resume()
    },
    cancel: async () => {
      closeStream?.()
      await Promise.all([...states.map((s) => s.cancel()), products.cancel()])
      for (const l of Object.values(lanes)) l.complete()
    },
  }
}
