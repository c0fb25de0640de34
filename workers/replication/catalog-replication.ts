/**
 * Plugs the RxDB-free catalogue pull (replication/catalog-pull) into RxDB's replication protocol:
 * one pull-only replicateRxCollection per catalogue collection, checkpoint {id, updatedAt},
 * batches of 500, live updates from the feed's server-sent events (RESYNC on every (re)connect).
 *
 * Threading: replication runs only in the elected leader tab (waitForLeadership); the other tabs
 * see the pulled documents through RxDB's multi-instance channel. Nothing is pushed: the catalogue
 * belongs to the server.
 */
import { Subject } from 'rxjs'
import type { RxCollection, RxReplicationPullStreamItem } from 'rxdb'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import type { Checkpoint, ReplicatedCollection } from '../../domain/api/replication.schema'
import type { StoreView } from '../../domain/store-views'
import type { ApiClient } from '../../replication/api-client'
import { createCatalogPullHandler, openFeedStream } from '../../replication/catalog-pull'
import type { EventSourceFactory, PullSource } from '../../replication/catalog-pull'
import type { ReplicationMode } from '../contract/config'
import { toAttributeDoc, toCategoryDoc, toProductDoc } from '../db/catalog-docs'
import type { PolderDatabase } from '../db/database'

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
}

export interface CatalogReplication {
  states: RxReplicationState<unknown, Checkpoint>[]
  /** resolves when every collection caught up once */
  awaitInSync(): Promise<void>
  pause(): Promise<void>
  resume(): void
  cancel(): Promise<void>
}

export function startCatalogReplication(options: CatalogReplicationOptions): CatalogReplication {
  const { db, api, storeView, mode } = options
  const projection = mode === 'kiosk' ? 'full' : 'light'
  const keepFull = mode === 'kiosk'
  const converters = {
    products: (doc: Record<string, unknown>) => toProductDoc(doc, keepFull),
    categories: toCategoryDoc,
    attributes: toAttributeDoc,
  } as const
  const streams = {
    products: new Subject<RxReplicationPullStreamItem<unknown, Checkpoint>>(),
    categories: new Subject<RxReplicationPullStreamItem<unknown, Checkpoint>>(),
    attributes: new Subject<RxReplicationPullStreamItem<unknown, Checkpoint>>(),
  }

  let closeStream: (() => void) | null = null
  if (options.eventSource) {
    closeStream = openFeedStream(options.eventSource, api.replicationStreamUrl(projection), (item) => {
      if (item.kind === 'resync') {
        for (const stream of Object.values(streams)) stream.next('RESYNC')
        return
      }
      const convert = converters[item.collection]
      streams[item.collection].next({ documents: item.documents.map((d) => convert(d)), checkpoint: item.checkpoint })
    })
  }

  const start = <K extends ReplicatedCollection>(name: K) => {
    const handler = createCatalogPullHandler({
      api,
      collection: name,
      index: storeView.index,
      projection,
      toLocal: (doc) => converters[name](doc),
      onBatch: (info) => {
        // a back end without the feed has no stream either: stop EventSource's reconnect loop
        if (info.source === 'catalog' && closeStream) {
          closeStream()
          closeStream = null
        }
        options.onPulled?.({ ...info, at: Date.now() })
      },
    })
    const collection = db[name] as unknown as RxCollection<unknown>
    return replicateRxCollection<unknown, Checkpoint>({
      collection,
      // a schema version bump starts the pull over, so fields added by the bump get their values
      replicationIdentifier: `polder-catalog-v1-${storeView.storeCode}-${name}-${projection}${collection.schema.version ? `-s${collection.schema.version}` : ''}`,
      live: true,
      retryTime: options.retryTimeMs ?? 5000,
      waitForLeadership: true,
      autoStart: true,
      pull: {
        batchSize: PULL_BATCH_SIZE,
        handler: handler as (cp: Checkpoint | undefined, size: number) => Promise<{ documents: never[]; checkpoint: Checkpoint | undefined }>,
        stream$: streams[name].asObservable(),
      },
    })
  }

  const states = [start('categories'), start('attributes'), start('products')]
  return {
    states,
    awaitInSync: async () => {
      await Promise.all(states.map((s) => s.awaitInSync()))
    },
    pause: async () => {
      await Promise.all(states.map((s) => s.pause()))
    },
    resume: () => {
      for (const state of states) {
        void state.start()
        state.reSync()
      }
    },
    cancel: async () => {
      closeStream?.()
      await Promise.all(states.map((s) => s.cancel()))
      for (const stream of Object.values(streams)) stream.complete()
    },
  }
}
