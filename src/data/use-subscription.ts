import type * as Comlink from 'comlink'
import { startTransition, useEffect, useState } from 'react'
import type { Unsubscribe } from '../../workers/contract/views'
import { ready } from './data-client'
import { sharedSubscriptions, type Subscribe } from './shared-subscriptions'

const subscriptions = sharedSubscriptions(ready)

/**
 * Subscribes to a reactive worker query for as long as the component is mounted (or until `key`
 * changes), passing a Comlink-proxied callback and calling the returned unsubscribe on cleanup.
 * `key` identifies the query: the subscription is renewed only when it changes, and components
 * mounted at the same time with the same key share one worker subscription. So a key names one
 * query app-wide: two calls with the same key must ask the worker the same thing (fixed names such
 * as `categories` or `lists`, a category page's JSON object, a search's JSON array, `product:{sku}#{n}`).
 */
export function useSubscription<T>(
  key: string | null,
  subscribe: (cb: ((value: T) => void) & Comlink.ProxyMarked) => Promise<Unsubscribe>,
): { value: T | undefined; key: string | null; error: unknown } {
  // a query another mounted component has open is shown at once (no first render without it: a
  // tile mounted by a scroll shows its heart filled from the start)
  const [state, setState] = useState<{ value: T | undefined; key: string | null; error: unknown }>(() => {
    const known = key === null ? null : subscriptions.peek(key)
    return known ? { value: known.value as T, key, error: undefined } : { value: undefined, key: null, error: undefined }
  })

  useEffect(() => {
    if (key === null) return
    let active = true
    const leave = subscriptions.join(key, subscribe as Subscribe, {
      value: (value) => {
        // a transition: the render a worker answer causes (a grid of tiles, a product page) yields to
        // the browser every few milliseconds instead of blocking the main thread in one long task
        // (the value the first render already showed is not set again)
        if (active) startTransition(() => setState((s) => (s.key === key && s.value === value ? s : { value: value as T, key, error: undefined })))
      },
      error: (error) => {
        if (active) setState((s) => ({ ...s, key, error }))
      },
    })
    return () => {
      active = false
      leave()
    }
    // the query is identified by key; subscribe is recreated every render on purpose
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  return state
}
