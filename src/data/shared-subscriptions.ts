/**
 * Worker subscriptions shared by key: components mounted at the same time that ask for the same
 * query (the same key) share one worker subscription (see useSubscription).
 */
import * as Comlink from 'comlink'
import type { Unsubscribe } from '../../workers/contract/views'

export type ProxiedCallback = ((value: unknown) => void) & Comlink.ProxyMarked
export type Subscribe = (cb: ProxiedCallback) => Promise<Unsubscribe>

export interface Listener {
  value(value: unknown): void
  error(error: unknown): void
}

/** One worker subscription, shared by every mounted component that asked for its key. */
interface Shared {
  listeners: Set<Listener>
  /** the last value the worker sent, given at once to a component that joins later */
  last: { value: unknown } | null
  unsubscribe: Promise<Unsubscribe | null>
  /** the last component left: the worker subscription ends unless another joins within the turn */
  releasing: ReturnType<typeof setTimeout> | null
}

/**
 * `join(key, subscribe, listener)` joins the worker subscription for `key`, opening it (once `ready`
 * settles) if no mounted component has it open, and answers the way to leave. The sync status, the
 * categories or the cart are shown by several components on every page (header, notes, menus, the
 * page itself): one subscription each sent every change to the page as many times, each a message
 * and a structured clone on the main thread.
 */
export function sharedSubscriptions(ready: Promise<void>) {
  const shared = new Map<string, Shared>()

  function join(key: string, subscribe: Subscribe, listener: Listener): () => void {
    let entry = shared.get(key)
    if (!entry) {
      const opened: Shared = { listeners: new Set(), last: null, unsubscribe: Promise.resolve(null), releasing: null }
      const callback = Comlink.proxy((value: unknown) => {
        opened.last = { value }
        for (const l of opened.listeners) l.value(value)
      })
      opened.unsubscribe = ready
        .then(() => subscribe(callback))
        .catch((error: unknown) => {
          console.error('[data] subscription failed', key, error)
          // the components that joined hear of it; the next one to ask subscribes again
          if (shared.get(key) === opened) shared.delete(key)
          for (const l of opened.listeners) l.error(error)
          return null
        })
      shared.set(key, opened)
      entry = opened
    } else {
      if (entry.releasing) clearTimeout(entry.releasing)
      entry.releasing = null
      if (entry.last) listener.value(entry.last.value)
    }
    const joined = entry
    joined.listeners.add(listener)
    return () => {
      joined.listeners.delete(listener)
      if (joined.listeners.size > 0 || joined.releasing) return
      // a route change unmounts one page and mounts the next in one commit: a subscription both use
      // (the categories, the status) is kept across it rather than closed and opened again
      joined.releasing = setTimeout(() => {
        joined.releasing = null
        if (joined.listeners.size > 0) return
        if (shared.get(key) === joined) shared.delete(key)
        void joined.unsubscribe.then((unsubscribe) => unsubscribe?.()).catch(() => {})
      }, 0)
    }
  }

  /** the last value of the open subscription for `key`: a component mounting shows it on its first render */
  const peek = (key: string): { value: unknown } | null => shared.get(key)?.last ?? null

  /** how many worker subscriptions are open (tests) */
  const open = () => shared.size

  return { join, peek, open }
}
