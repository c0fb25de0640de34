/**
 * A part of a page the page can do without at first (kept out of the first-load JavaScript), such as a
 * product's related products under its details: its chunk is fetched once the first load has ended
 * (src/offline-warmup.ts firstLoadEnded), so it is never among the first load's scripts. Undefined
 * until it is in. A failed fetch (offline before the offline warm-up brought the chunk in) is tried
 * again when the part is next shown.
 */
import { useEffect, useState } from 'react'
import { firstLoadEnded } from '../offline-warmup'

const loaded = new Map<() => Promise<unknown>, unknown>()

/** The module `load` imports, once the first load has ended and it is in. `load` must be the same function at every render. */
export function useLaterModule<T>(load: () => Promise<T>): T | undefined {
  const [module, setModule] = useState(() => loaded.get(load) as T | undefined)
  useEffect(() => {
    if (module !== undefined) return
    let active = true
    firstLoadEnded.then(load).then(
      (value) => {
        loaded.set(load, value)
        if (active) setModule(value)
      },
      (error: unknown) => console.warn('[app] a part of the page did not load', error),
    )
    return () => {
      active = false
    }
  }, [load, module])
  return module
}
