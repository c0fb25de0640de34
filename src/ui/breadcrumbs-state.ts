/**
 * Breadcrumbs state (spec §2 "Navigation behaviour"): a routes list (the linked trail), the current
 * entry (the page itself) and an is-changing flag, on from the start of a navigation until the new
 * page sets its trail. A pure reducer plus a tiny app-wide store.
 */
export interface BreadcrumbRoute {
  label: string
  /** a category slug */
  slug?: string
}

export interface BreadcrumbsState {
  routes: readonly BreadcrumbRoute[]
  current: string | null
  isChanging: boolean
}

export const initialBreadcrumbs: BreadcrumbsState = { routes: [], current: null, isChanging: false }

export type BreadcrumbsAction = { type: 'navigating' } | { type: 'set'; crumbs: readonly BreadcrumbRoute[] }

export function breadcrumbsReducer(state: BreadcrumbsState, action: BreadcrumbsAction): BreadcrumbsState {
  if (action.type === 'navigating') return state.isChanging ? state : { ...state, isChanging: true }
  const last = action.crumbs[action.crumbs.length - 1]
  return { routes: action.crumbs.slice(0, -1), current: last ? last.label : null, isChanging: false }
}

let state: BreadcrumbsState = initialBreadcrumbs
const listeners = new Set<() => void>()

export function dispatchBreadcrumbs(action: BreadcrumbsAction): void {
  const next = breadcrumbsReducer(state, action)
  if (next === state) return
  state = next
  for (const listener of listeners) listener()
}

export function subscribeBreadcrumbs(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getBreadcrumbs(): BreadcrumbsState {
  return state
}
