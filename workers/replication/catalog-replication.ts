/**
 * Plugs the RxDB-free catalogue pull (replication/catalog-pull) into the local database:
 * categories and attributes through RxDB's replication protocol (one pull-only
 * replicateRxCollection each), the products into their stored batches (./product-pull: a batch is
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
import type { RxCollection, RxReplicationPullStreamItem } from 'rxdb'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import type { Checkpoint, Projection, ReplicatedCollection } from '../../domain/api/replication.schema'
import type { StoreView } from '../../domain/store-views'
import type { ApiClient } from '../../replication/api-client'
import { createCatalogPullHandler, openFeedStream } from '../../replication/catalog-pull'
import type { EventSourceFactory, PullSource } from '../../replication/catalog-pull'
import type { ReplicationMode } from '../contract/config'
import { toAttributeDoc, toCategoryDoc, toProductDoc } from '../db/catalog-docs'
import type { PolderDatabase } from '../db/database'
import { modifySessionRecord } from '../db/session-records'
import { ProductBatchWriter } from '../catalog/product-batches'
import { ProductPull } from './product-pull'

export const PULL_BATCH_SIZE = 500

export interface CatalogReplicationOptions {
  db: PolderDatabase
  api: ApiClient
  storeView: StoreView
  mode: ReplicationMode
  /** the global EventSource in the worker; absent in tests: no live stream */
  eventSource?: EventSourceFactory
  retryTimeMs?: number
  onPulled?: (info: { collection: ReplicatedCollection; count: number; source: PullSource; at: number }) => void
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

export function startCatalogReplication(options: CatalogReplicationOptions): CatalogReplication {
  const { db, api, storeView, mode } = options
  const retryTime = options.retryTimeMs ?? 5000
  const projection = mode === 'kiosk' ? 'full' : 'light'
  const keepFull = mode === 'kiosk'
  const converters = {
    products: (doc: Record<string, unknown>) => toProductDoc(doc, keepFull),
    categories: toCategoryDoc,
    attributes: toAttributeDoc,
  } as const
  const streams = {
    categories: new Subject<RxReplicationPullStreamItem<unknown, Checkpoint>>(),
    attributes: new Subject<RxReplicationPullStreamItem<unknown, Checkpoint>>(),
  }

  let closeStream: (() => void) | null = null

  const handlerOf = <K extends ReplicatedCollection>(name: K) =>
    createCatalogPullHandler({
      api,
      collection: name,
      index: storeView.index,
      projection,
      toLocal: (doc) => converters[name](doc) as ReturnType<(typeof converters)[K]>,
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
  const products = new ProductPull({
    pull: handlerOf('products'),
    write: (docs) => writer.append(docs),
    checkpoint: {
      read: async () => ((await db.session.findOne(checkpointId).exec())?.value as { checkpoint?: Checkpoint } | undefined)?.checkpoint,
      write: async (checkpoint) => {
        await modifySessionRecord(db, checkpointId, () => ({ checkpoint }))
      },
    },
    batchSize: PULL_BATCH_SIZE,
    retryTimeMs: retryTime,
    afterCatchUp: options.afterProductsCaughtUp && (() => options.afterProductsCaughtUp!(writer)),
  })

  const start = <K extends 'categories' | 'attributes'>(name: K) => {
    const handler = handlerOf(name)
    const collection = db[name] as unknown as RxCollection<unknown>
    return replicateRxCollection<unknown, Checkpoint>({
      collection,
      // a schema version bump starts the pull over, so fields added by the bump get their values
      replicationIdentifier: `polder-catalog-v1-${storeView.storeCode}-${name}-${projection}${collection.schema.version ? `-s${collection.schema.version}` : ''}`,
      live: true,
      retryTime,
      waitForLeadership: true,
      autoStart: true,
      pull: {
        batchSize: PULL_BATCH_SIZE,
        handler: handler as (cp: Checkpoint | undefined, size: number) => Promise<{ documents: never[]; checkpoint: Checkpoint | undefined }>,
        stream$: streams[name].asObservable(),
      },
    })
  }

  const states: RxReplicationState<unknown, Checkpoint>[] = [start('categories'), start('attributes')]
  // the products after the categories and attributes (one small pull each), so a listing filled by
  // the pull has its facets' labels and its categories from the start; a cancelled replication never gets there
  const productsMayPull = Promise.all(states.map((s) => s.awaitInitialReplication())).then(
    () => true,
    () => false,
  )
  const pullProducts = () => void productsMayPull.then((may) => may && products.reSync())
  pullProducts()

  if (options.eventSource) {
    closeStream = openFeedStream(options.eventSource, api.replicationStreamUrl(projection), (item) => {
      if (item.kind === 'resync') {
        for (const stream of Object.values(streams)) stream.next('RESYNC')
        pullProducts()
        return
      }
      if (item.collection === 'products') {
        void products
          .applyChanges(item.documents.map((d) => converters.products(d)))
          .catch((error: unknown) => console.warn('[catalog] live product changes', error))
        return
      }
      const convert = converters[item.collection]
      streams[item.collection].next({ documents: item.documents.map((d) => convert(d)), checkpoint: item.checkpoint })
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
      for (const stream of Object.values(streams)) stream.complete()
    },
  }
}
