import * as Comlink from 'comlink'
import { startTransition, useEffect, useState } from 'react'
import type { Unsubscribe } from '../../workers/contract/views'
import { ready } from './data-client'

/**
 * Subscribes to a reactive worker query for as long as the component is mounted (or until `key`
 * changes), passing a Comlink-proxied callback and calling the returned unsubscribe on cleanup.
 * `key` identifies the query: the subscription is renewed only when it changes.
 */
export function useSubscription<T>(
  key: string | null,
  subscribe: (cb: ((value: T) => void) & Comlink.ProxyMarked) => Promise<Unsubscribe>,
): { value: T | undefined; key: string | null; error: unknown } {
  const [state, setState] = useState<{ value: T | undefined; key: string | null; error: unknown }>({
    value: undefined,
    key: null,
    error: undefined,
  })

  useEffect(() => {
    if (key === null) return
    let active = true
    let unsubscribe: Unsubscribe | null = null
    const callback = Comlink.proxy((value: T) => {
      // a transition: the render a worker answer causes (a grid of tiles, a product page) yields to
      // the browser every few milliseconds instead of blocking the main thread in one long task
      if (active) startTransition(() => setState({ value, key, error: undefined }))
    })
    ready
      .then(() => subscribe(callback))
      .then((unsub) => {
        if (active) unsubscribe = unsub
        else void unsub().catch(() => {})
      })
      .catch((error: unknown) => {
        console.error('[data] subscription failed', key, error)
        if (active) setState((s) => ({ ...s, key, error }))
      })
    return () => {
      active = false
      if (unsubscribe) void unsubscribe().catch(() => {})
    }
    // the query is identified by key; subscribe is recreated every render on purpose
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  return state
}
