/**
 * Catalogue pull, RxDB-free: the pull handler and the live stream that the worker plugs into
 * RxDB's replicateRxCollection. The checkpoint is (updatedAt, id), documents come sorted by it.
 *
 * Two sources, chosen per collection on the first answer:
 * - our replication feed (/api/ext/replication/v1/...), with tombstones and a server-sent-events
 *   stream;
 * - a stock vue-storefront-api without that extension (the feed answers 404, there as express's
 *   HTML page, not our envelope): paging /api/catalog
 *   sorted by updated_at, id. That fallback cannot see deletions; a full resync fixes them.
 */
import type { SearchQuery } from '../domain/api/catalog.schema'
import type { Checkpoint, Projection, ReplicatedCollection, ReplicatedDocument, StreamEvent } from '../domain/api/replication.schema'
import type { ApiClient } from './api-client'
import { isRouteMissing } from './api-errors'

export interface PullBatch<T> {
  documents: T[]
  checkpoint: Checkpoint | undefined
}

export type ToLocal<T> = (doc: ReplicatedDocument) => T

/**
 * The catalogue's entity type a collection falls back to. The `cms` collection has none: content
 * of several kinds shares it under ids the catalogue does not have, so without the feed it stays
 * empty and a page is fetched when it is opened.
 */
const ENTITY_TYPE: Partial<Record<ReplicatedCollection, string>> = { products: 'product', categories: 'category', attributes: 'attribute' }

export type PullSource = 'unknown' | 'feed' | 'catalog'

export interface CatalogPullOptions<T> {
  api: Pick<ApiClient, 'pullReplication' | 'search'>
  collection: ReplicatedCollection
  /** the store view's catalogue index, for the fallback */
  index: string
  projection: Projection
  toLocal: ToLocal<T>
  /** told after every batch (sync status: lastPulledAt, replicating) */
  onBatch?: (info: { collection: ReplicatedCollection; count: number; source: PullSource }) => void
}

/**
 * Ids in the catalogue's order: a numeric id is sorted as a number there (and by the feed), so
 * "10" comes after "9"; other ids as strings. The fallback's checkpoint must agree with the order
 * the catalogue pages in, or the documents of one update time past the first ten are never pulled.
 */
function compareIds(a: string, b: string): number {
  const numeric = /^\d+$/.test(a) && /^\d+$/.test(b)
  if (numeric && a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}

function isAfter(doc: { updated_at: string; id: string }, cp: Checkpoint): boolean {
  return doc.updated_at > cp.updatedAt || (doc.updated_at === cp.updatedAt && compareIds(doc.id, cp.id) > 0)
}

function toReplicated(source: Record<string, unknown>): ReplicatedDocument | null {
  const id = source.id
  const updatedAt = source.updated_at
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof updatedAt !== 'string') return null
  return { ...source, id: String(id), updated_at: updatedAt, _deleted: false }
}

/** Compare like the catalogue sorts: updated_at, then id (compareIds). */
function compareReplicated(a: ReplicatedDocument, b: ReplicatedDocument): number {
  if (a.updated_at !== b.updated_at) return a.updated_at < b.updated_at ? -1 : 1
  return compareIds(a.id, b.id)
}

interface FeedBatch {
  documents: ReplicatedDocument[]
  checkpoint: Checkpoint | undefined
}

/** How long a read-ahead answer may wait for its call (a paused replication leaves it unused). */
export const READ_AHEAD_MAX_AGE_MS = 30_000
const now = () => Date.now()
const checkpointKey = (checkpoint: Checkpoint | undefined) => (checkpoint ? `${checkpoint.updatedAt}\u0000${checkpoint.id}` : '')

/**
 * The pull handler: `(checkpoint, batchSize) → {documents, checkpoint}`. A 404 from the feed
 * switches this collection to the catalogue fallback for the life of the handler.
 */
export function createCatalogPullHandler<T>(options: CatalogPullOptions<T>) {
  let source: PullSource = 'unknown'

  const askFeed = async (checkpoint: Checkpoint | undefined, batchSize: number): Promise<FeedBatch> => {
    const result = await options.api.pullReplication(options.collection, checkpoint, batchSize, options.projection)
    return { documents: result.documents, checkpoint: result.checkpoint ?? checkpoint }
  }

  // Read-ahead: while RxDB writes a full batch into IndexedDB, the next one is already asked for
  // (the server's answer and the local write overlap instead of taking turns: at 10,000 products
  // each took about half of the first replication). Only after a full batch, so a catalogue in sync
  // costs no extra request. The answer is used only for the very checkpoint it was asked after, and
  // within READ_AHEAD_MAX_AGE_MS; a failed read-ahead is asked again. An answer a little older than
  // the call is still right: whatever changed since carries a later updated_at and comes after it.
  let ahead: { after: string; batchSize: number; at: number; answer: Promise<FeedBatch> } | null = null
  const fromFeed = async (checkpoint: Checkpoint | undefined, batchSize: number): Promise<FeedBatch> => {
    const taken = ahead
    ahead = null
    const usable = taken && taken.after === checkpointKey(checkpoint) && taken.batchSize === batchSize && now() - taken.at <= READ_AHEAD_MAX_AGE_MS
    const batch = usable ? await taken.answer.catch(() => askFeed(checkpoint, batchSize)) : await askFeed(checkpoint, batchSize)
    if (batch.documents.length >= batchSize && batch.checkpoint) {
      const answer = askFeed(batch.checkpoint, batchSize)
      answer.catch(() => undefined) // told when used (asked again then), or dropped
      ahead = { after: checkpointKey(batch.checkpoint), batchSize, at: now(), answer }
    }
    return batch
  }

  // The search-query format only has numeric ranges, so the fallback cannot filter on
  // updated_at: it pages through the sorted catalogue and skips what the checkpoint already covers.
  // A batch holds at least batchSize documents unless the catalogue ends there: a shorter one tells
  // the caller it caught up. Where the last page ended is remembered, so the pulls of one session do
  // not page through the whole catalogue each time; documents updated since then moved to the end of
  // the sorted catalogue, taking the checkpoint's place back with them, so a pull first looks at the
  // document just before that place and steps back while it is already after the checkpoint.
  let resume: { checkpoint: Checkpoint | undefined; from: number } = { checkpoint: undefined, from: 0 }
  const searchPage = async (entityType: string, from: number, size: number) => {
    const query: SearchQuery = { _appliedFilters: [], _availableFilters: [], _appliedSort: [] }
    const page = await options.api.search(options.index, entityType, query, { size, from, sort: 'updated_at:asc,id:asc' })
    const docs = page.documents
      .map(toReplicated)
      .filter((d): d is ReplicatedDocument => d !== null)
      .sort(compareReplicated)
    return { docs, count: page.documents.length }
  }
  /** 0, or a remembered place with nothing after the checkpoint before it. */
  const startOf = async (entityType: string, checkpoint: Checkpoint | undefined, batchSize: number): Promise<number> => {
    const sameCheckpoint = resume.checkpoint?.id === checkpoint?.id && resume.checkpoint?.updatedAt === checkpoint?.updatedAt
    if (!checkpoint || !sameCheckpoint) return 0
    for (let from = resume.from; from > 0; from = Math.max(0, from - batchSize)) {
      const [before] = (await searchPage(entityType, from - 1, 1)).docs
      if (before && !isAfter(before, checkpoint)) return from
    }
    return 0
  }
  const fromCatalog = async (checkpoint: Checkpoint | undefined, batchSize: number): Promise<FeedBatch> => {
    // collections the catalogue's search does not hold (the CMS content) have no fallback
    const entityType = ENTITY_TYPE[options.collection]
    if (!entityType) return { documents: [], checkpoint }
    const fresh: ReplicatedDocument[] = []
    let from = await startOf(entityType, checkpoint, batchSize)
    for (;;) {
      const page = await searchPage(entityType, from, batchSize)
      from += page.count
      fresh.push(...(checkpoint ? page.docs.filter((d) => isAfter(d, checkpoint)) : page.docs))
      if (fresh.length >= batchSize || page.count < batchSize) break
    }
    const last = fresh[fresh.length - 1]
    const next = last ? { id: last.id, updatedAt: last.updated_at } : checkpoint
    resume = { checkpoint: next, from }
    return { documents: fresh, checkpoint: next }
  }

  return async (checkpoint: Checkpoint | undefined, batchSize: number): Promise<PullBatch<T>> => {
    let batch: FeedBatch
    if (source === 'catalog') {
      batch = await fromCatalog(checkpoint, batchSize)
    } else {
      try {
        batch = await fromFeed(checkpoint, batchSize)
        source = 'feed'
      } catch (error) {
        if (!isRouteMissing(error) || source === 'feed') throw error
        source = 'catalog'
        batch = await fromCatalog(checkpoint, batchSize)
      }
    }
    options.onBatch?.({ collection: options.collection, count: batch.documents.length, source })
    return { documents: batch.documents.map(options.toLocal), checkpoint: batch.checkpoint }
  }
}

/** What the worker needs of EventSource (injected: the worker passes the global one). */
export interface EventSourceLike {
  onmessage: ((event: { data: string }) => void) | null
  onerror: ((event: unknown) => void) | null
  onopen?: ((event: unknown) => void) | null
  close(): void
}
export type EventSourceFactory = (url: string) => EventSourceLike

export type FeedStreamItem = { kind: 'resync' } | { kind: 'changes'; collection: ReplicatedCollection; documents: ReplicatedDocument[]; checkpoint: Checkpoint }

/**
 * Opens the feed's server-sent-events stream and hands out its items. The server says RESYNC when
 * a connection opens; a dropped connection (onerror) also means RESYNC, because events may have
 * been missed while EventSource reconnects by itself.
 */
export function openFeedStream(open: EventSourceFactory, url: string, listener: (item: FeedStreamItem) => void): () => void {
  const source = open(url)
  source.onmessage = (event) => {
    let parsed: StreamEvent
    try {
      parsed = JSON.parse(event.data) as StreamEvent
    } catch {
      return
    }
    if (parsed.type === 'RESYNC') listener({ kind: 'resync' })
    else if (parsed.type === 'changes' && Array.isArray(parsed.documents)) {
      listener({ kind: 'changes', collection: parsed.collection, documents: parsed.documents, checkpoint: parsed.checkpoint })
    }
  }
  source.onerror = () => listener({ kind: 'resync' })
  return () => source.close()
}
