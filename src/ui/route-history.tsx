/**
 * The route history of spec §2 (pure rules in route-history-state.ts) as one app-wide store: the
 * root tracks every navigation and the scroll position, and a category page calls
 * useBackNavigationRestore so that going back to it brings back the products loaded ("load more")
 * and the scroll position.
 */
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useSyncExternalStore } from 'react'
import { entryOf, initialRouteHistory, routeHistoryReducer, type RouteHistoryAction, type RouteHistoryState } from './route-history-state'

let state: RouteHistoryState = initialRouteHistory
/** between leaving a page and recording the next one: scroll events belong to neither */
let leaving = false
/**
 * The last location the router announced as rendered. The router restores its own record of the
 * window's scroll position then (it may be older than ours: a position copied over from the page
 * before a "load more"), so a category's restore waits for it and comes after.
 */
let renderedHref: string | null = null
const listeners = new Set<() => void>()

function dispatch(action: RouteHistoryAction): void {
  const next = routeHistoryReducer(state, action)
  if (next === state) return
  state = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useRouteHistory(): RouteHistoryState {
  return useSyncExternalStore(subscribe, () => state)
}

/** Mounted once at the root: records each navigation and the current page's scroll position. */
export function useRouteHistoryTracking(): void {
  const router = useRouter()
  // recorded once the navigation has settled: while it is pending the matches are the old route's
  const settled = useRouterState({ select: (s) => (s.status === 'idle' ? `${s.matches[s.matches.length - 1]?.routeId ?? ''} ${s.location.href}` : null) })
  useEffect(() => {
    if (settled === null) return
    const { location, matches } = router.state
    const name = matches[matches.length - 1]?.routeId ?? ''
    dispatch({ type: 'navigated', entry: entryOf(name, location.pathname, location.search as Record<string, unknown>) })
    leaving = false
  }, [settled, router])

  useEffect(() => {
    // the page being left keeps its scroll position: taken before the router resets it, and scroll
    // events are ignored until the new route is recorded
    const unsubscribe = router.subscribe('onBeforeNavigate', (event) => {
      if (!event.pathChanged) return
      dispatch({ type: 'scrolled', scrollY: Math.round(window.scrollY) })
      leaving = true
    })
    // subscribed after the router's own restoration, so this runs after its scrolling
    const unsubscribeRendered = router.subscribe('onRendered', (event) => {
      renderedHref = event.toLocation.href
    })
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        if (!leaving) dispatch({ type: 'scrolled', scrollY: Math.round(window.scrollY) })
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      unsubscribe()
      unsubscribeRendered()
      window.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [router])
}

/** How long a restore waits for the listing to grow tall enough (frames, about two seconds). */
const RESTORE_FRAMES = 120

/**
 * On a back navigation to this category: the loaded pages come back (the `page` query) and, once
 * the products are shown, the scroll position. `itemsShown` is the number of products rendered;
 * `loading`: the listing still shows an earlier answer than its query's (a busy device can take
 * longer than the wait below to answer for the pages restored, and scrolling as far as a shorter
 * listing reaches would leave the shopper pages away from where they were). A shopper who scrolls,
 * taps or types meanwhile keeps their own place.
 */
export function useBackNavigationRestore(itemsShown: number, loading = false): void {
  const router = useRouter()
  const history = useRouteHistory()
  const navigate = useNavigate({ from: '/c/$slug' })
  const restore = history.isBackNavigation ? history.restore : null
  const current = history.current
  const pending = restore && current && restore.path === current.path ? restore : null
  const needsPages = pending !== null && current !== null && current.loaded !== pending.loaded

  useEffect(() => {
    if (!pending || !needsPages) return
    void navigate({ search: (prev) => ({ ...prev, page: pending.loaded > 1 ? pending.loaded : undefined }), replace: true, resetScroll: false })
  }, [pending, needsPages, navigate])

  useEffect(() => {
    if (!pending) return
    const giveUp = () => dispatch({ type: 'restored' })
    const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
    for (const input of inputs) window.addEventListener(input, giveUp, { passive: true, once: true })
    return () => {
      for (const input of inputs) window.removeEventListener(input, giveUp)
    }
  }, [pending])

  useEffect(() => {
    if (!pending || needsPages || loading || itemsShown === 0) return
    let frames = 0
    let handle = requestAnimationFrame(function attempt() {
      const reachable = document.documentElement.scrollHeight - window.innerHeight
      const rendered = renderedHref === router.state.location.href
      if ((rendered && reachable >= pending.scrollY) || ++frames >= RESTORE_FRAMES) {
        window.scrollTo(0, pending.scrollY)
        // scroll listeners hear of it at the next frame; the grid's virtualiser, measuring a row
        // before then, would correct its old position by the row's change and scroll back there
        window.dispatchEvent(new Event('scroll'))
        dispatch({ type: 'restored' })
        return
      }
      handle = requestAnimationFrame(attempt)
    })
    return () => cancelAnimationFrame(handle)
  }, [pending, needsPages, loading, itemsShown, router])
}
