/**
 * The current and previous route (spec §2 "Navigation behaviour"), with the scroll position and the
 * number of category products loaded (pages of the listing), as pure state.
 *
 * The back-navigation flag: the new route matches the previous one except for those two values,
 * and its path differs from the current one (category → product → the same category again, by the
 * browser's back button or a link such as a breadcrumb). Then `restore` holds what the shopper had
 * on the category: how many pages were loaded and where the page was scrolled to.
 */
export interface RouteEntry {
  /** the matched route's id (its name) */
  name: string
  /** pathname without the store prefix's trailing slash */
  path: string
  /** the query without the loaded-pages parameter */
  query: string
  scrollY: number
  /** pages of category products loaded (1 elsewhere) */
  loaded: number
}

export interface RouteHistoryState {
  current: RouteEntry | null
  previous: RouteEntry | null
  isBackNavigation: boolean
  /** on a back navigation: the entry whose loaded count and scroll position come back */
  restore: RouteEntry | null
}

export const initialRouteHistory: RouteHistoryState = { current: null, previous: null, isBackNavigation: false, restore: null }

/** Same route apart from scroll position and loaded count. */
export function sameRoute(a: RouteEntry, b: RouteEntry): boolean {
  return a.name === b.name && a.path === b.path && a.query === b.query
}

export type RouteHistoryAction =
  | { type: 'navigated'; entry: RouteEntry }
  | { type: 'scrolled'; scrollY: number }
  /** the back-navigation restore has been applied (or given up) */
  | { type: 'restored' }

export function routeHistoryReducer(state: RouteHistoryState, action: RouteHistoryAction): RouteHistoryState {
  switch (action.type) {
    case 'navigated': {
      const { entry } = action
      const current = state.current
      // the same page with another query (filters, "load more"): still the current route
      if (current && current.name === entry.name && current.path === entry.path) {
        return { ...state, current: { ...entry, scrollY: current.scrollY } }
      }
      const back = Boolean(state.previous && current && sameRoute(state.previous, entry) && entry.path !== current.path)
      return { current: entry, previous: current, isBackNavigation: back, restore: back ? state.previous : null }
    }
    case 'scrolled':
      if (!state.current || state.current.scrollY === action.scrollY) return state
      return { ...state, current: { ...state.current, scrollY: action.scrollY } }
    case 'restored':
      return state.restore ? { ...state, restore: null } : state
  }
}

/** The entry of a location: the `page` query is the loaded count, the rest identifies the route. */
export function entryOf(name: string, path: string, search: Record<string, unknown>, scrollY = 0): RouteEntry {
  const { page, ...rest } = search
  const loaded = Number(page)
  const query = Object.keys(rest)
    .sort()
    .map((key) => `${key}=${JSON.stringify(rest[key])}`)
    .join('&')
  return { name, path, query, scrollY, loaded: Number.isInteger(loaded) && loaded >= 1 ? loaded : 1 }
}
