/**
 * The store view a data worker has opened (init): its configuration, database and API client,
 * shared by every module of the worker (workers/data-service.ts composes them). Created once per
 * init, so the modules build their collaborators once per opened store view, not per call.
 */
import type { StoreView } from '../domain/store-views'
import type { ApiClient } from '../replication/api-client'
import type { WorkerConfig } from './contract/config'
import type { PolderDatabase } from './db/database'

export interface OpenedStore {
  config: WorkerConfig
  storeView: StoreView
  db: PolderDatabase
  api: ApiClient
}

/** init() was not called (or failed) before another API call. */
export class DataServiceNotReadyError extends Error {
  override readonly name = 'DataServiceNotReadyError'
  constructor() {
    super('The data worker is not initialised: call init(config) first')
  }
}

/** What every module gets: the opened store view (or the not-ready error), the clock and ids. */
export interface WorkerSession {
  /** the opened store view; throws DataServiceNotReadyError before init */
  readonly store: OpenedStore
  readonly now: () => number
  newId(): string
}

/** The session over whatever store view `current` has opened. */
export function workerSession(current: () => OpenedStore | null, now: () => number): WorkerSession {
  return {
    get store() {
      const store = current()
      if (!store) throw new DataServiceNotReadyError()
      return store
    },
    now,
    newId: () => `${now()}-${Math.random().toString(36).slice(2, 8)}`,
  }
}

/** The life cycle the composition root drives, in module order. */
export interface WorkerModule {
  /** a store view was opened: build collaborators and start reading the database */
  open?(store: OpenedStore): void | Promise<void>
  /** this tab was elected leader: network work starts here */
  lead?(): void
  /** the worker's online state changed (only the leader does network work) */
  connectivity?(online: boolean, leader: boolean): void | Promise<void>
  close?(): void | Promise<void>
}

/** What a module builds per opened store view: read with `get()` (not-ready error before open). */
export class PerStore<T> {
  private value: T | null = null
  get(): T {
    if (this.value === null) throw new DataServiceNotReadyError()
    return this.value
  }
  /** the value, or null before open and after close */
  peek(): T | null {
    return this.value
  }
  set(value: T | null): void {
    this.value = value
  }
}

/** A UI callback that throws (or a closed tab's proxy) must not break the worker's streams. */
export function safe<T>(cb: (value: T) => void): (value: T) => void {
  return (value) => {
    try {
      const result = cb(value) as unknown
      if (result instanceof Promise) result.catch(() => undefined)
    } catch {
      // the page is gone or its handler failed; the next emission tries again
    }
  }
}

/**
 * Passes a view on only when it says something new: a value whose JSON text is the last one passed
 * is dropped. For views that are plain data, computed again on every catalogue change (the mirror
 * tells often while products arrive): each one passed is a message to the page, a structured
 * clone on its main thread and a render of every component that shows it, so the same categories,
 * lists or status sent again cost the page's first seconds for nothing.
 */
export function distinct<T>(cb: (value: T) => void): (value: T) => void {
  let last: string | undefined
  return (value) => {
    const text = JSON.stringify(value)
    if (text === last) return
    last = text
    cb(value)
  }
}

/**
 * Passes a value on only when it is not the very object passed last: for views answered from a
 * cache (a category page's listing), where the same object means the same view, at no cost.
 */
export function distinctObject<T>(cb: (value: T) => void): (value: T) => void {
  let last: { value: T } | null = null
  return (value) => {
    if (last && last.value === value) return
    last = { value }
    cb(value)
  }
}

/** A set of listeners, each removed by the function `add` returns. */
export class Listeners<T extends unknown[] = []> {
  private readonly set = new Set<(...args: T) => void>()
  add(listener: (...args: T) => void): () => void {
    this.set.add(listener)
    return () => void this.set.delete(listener)
  }
  emit(...args: T): void {
    for (const listener of this.set) listener(...args)
  }
  clear(): void {
    this.set.clear()
  }
}
