/**
 * The app's one panel state (spec §2 "Panels"; the pure rules in panels-state.ts) and its single
 * overlay element: a click on it, or Escape, closes the open overlay panel. While the overlay is on
 * the page behind it does not scroll.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react'
import { closedPanels, isOverlayOn, panelsReducer, type PanelAction, type PanelName, type PanelsState } from './panels-state'

interface PanelsContextValue {
  state: PanelsState
  dispatch: (action: PanelAction) => void
}

const PanelsContext = createContext<PanelsContextValue | null>(null)

export function PanelsProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(panelsReducer, closedPanels)
  const overlay = isOverlayOn(state)
  useEffect(() => {
    if (!overlay) return
    document.body.classList.add('has-overlay')
    return () => document.body.classList.remove('has-overlay')
  }, [overlay])
  const value = useMemo(() => ({ state, dispatch }), [state])
  return <PanelsContext.Provider value={value}>{children}</PanelsContext.Provider>
}

function usePanelsContext(): PanelsContextValue {
  const value = useContext(PanelsContext)
  if (!value) throw new Error('panel hooks outside PanelsProvider')
  return value
}

export interface PanelControls {
  isOpen: boolean
  open: () => void
  close: () => void
  toggle: () => void
}

/** One panel's state and stable handlers (effects that close a panel must not re-run on each toggle). */
export function usePanel(panel: PanelName): PanelControls {
  const { state, dispatch } = usePanelsContext()
  const open = useCallback(() => dispatch({ type: 'open', panel }), [dispatch, panel])
  const close = useCallback(() => dispatch({ type: 'close', panel }), [dispatch, panel])
  const toggle = useCallback(() => dispatch({ type: 'toggle', panel }), [dispatch, panel])
  const isOpen = state[panel]
  return useMemo(() => ({ isOpen, open, close, toggle }), [isOpen, open, close, toggle])
}

/** Closes every panel (a move to another page). */
export function useCloseAllPanels(): () => void {
  const { dispatch } = usePanelsContext()
  return useCallback(() => dispatch({ type: 'closeAll' }), [dispatch])
}

/**
 * The single overlay. Rendered inside the sticky header's stacking context, under the panels that
 * live there (microcart, search panel, wishlist panel, sidebar).
 */
export function Overlay() {
  const { state, dispatch } = usePanelsContext()
  const on = isOverlayOn(state)
  useEffect(() => {
    if (!on) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) dispatch({ type: 'closeOverlay' })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [on, dispatch])
  if (!on) return null
  return <div className="overlay" data-testid="overlay" onClick={() => dispatch({ type: 'closeOverlay' })} aria-hidden="true" />
}
