/**
 * The data worker: RxDB and all network work run here, off the main thread; the UI calls the
 * DataApi through Comlink (stack-notes Q2). Must not import main-thread code (React, src/).
 * Functions cannot be structured-cloned, so every unsubscribe handle goes back as a Comlink proxy
 * (workers/exposable, over the service's DataApi as it is, no table of calls here),
 * and UI callbacks arrive as proxies.
 */
// first: before any schema is used (domain/zod-setup)
import '../domain/zod-setup'
import * as Comlink from 'comlink'
import type { RxStorage } from 'rxdb'
import type { EventSourceLike } from '../replication/catalog-pull'
import type { DataApi } from './data-api'
import { DexieHandoffStore } from './cart/handoff-store'
import { DataService } from './data-service'
import { exposable } from './exposable'

const service = new DataService({
  fetch: (input, init) => fetch(input, init),
  eventSource: (url) => {
    const source = new EventSource(url)
    const like: EventSourceLike = {
      onmessage: null,
      onerror: null,
      close: () => source.close(),
    }
    source.onmessage = (event: MessageEvent<string>) => like.onmessage?.({ data: event.data })
    source.onerror = (event) => like.onerror?.(event)
    // the stream reconnects by itself, often before the probe would notice the network is back
    source.onopen = () => void service.serverHeard()
    return like
  },
  initialOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  handoffs: new DexieHandoffStore(),
  // dev-mode and ajv only in development: the static condition lets the production build drop them
  wrapStorage: import.meta.env.DEV ? async (storage: RxStorage<unknown, unknown>) => (await import('./db/dev-storage')).withDevMode(storage) : undefined,
})

Comlink.expose(exposable<DataApi>(service.api))
