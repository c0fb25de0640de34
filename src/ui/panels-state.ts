/**
 * The open/closed panels of spec §2 "Panels" as one pure state: opening most of them turns the
 * overlay on, and the overlay follows the panels (it is on exactly while an overlay panel is open).
 * Overlay panels are side panels and popups: one at a time, so opening one closes the other.
 */
export const PANELS = [
  'sidebar',
  'accountMenu',
  'microcart',
  'wishlist',
  'clientService',
  'sortBy',
  'searchPanel',
  'contactUs',
  'newsletterPopup',
  'megaMenu',
  'submenu',
  'productPopup',
  'blogCategories',
] as const
export type PanelName = (typeof PANELS)[number]

/** Panels that open in place (menus, dropdowns) and leave the overlay off. */
const IN_PLACE: ReadonlySet<PanelName> = new Set<PanelName>(['accountMenu', 'sortBy', 'megaMenu', 'submenu'])

export function turnsOverlayOn(panel: PanelName): boolean {
  return !IN_PLACE.has(panel)
}

export type PanelsState = Readonly<Record<PanelName, boolean>>

export const closedPanels: PanelsState = Object.fromEntries(PANELS.map((p) => [p, false])) as Record<PanelName, boolean>

export type PanelAction =
  | { type: 'open'; panel: PanelName }
  | { type: 'close'; panel: PanelName }
  | { type: 'toggle'; panel: PanelName }
  /** the overlay was clicked or Escape pressed: every overlay panel closes */
  | { type: 'closeOverlay' }
  /** a move to another page */
  | { type: 'closeAll' }

export function panelsReducer(state: PanelsState, action: PanelAction): PanelsState {
  switch (action.type) {
    case 'open': {
      if (state[action.panel]) return state
      const next: Record<PanelName, boolean> = { ...state, [action.panel]: true }
      if (turnsOverlayOn(action.panel)) {
        for (const p of PANELS) if (p !== action.panel && turnsOverlayOn(p)) next[p] = false
      }
      return next
    }
    case 'close':
      return state[action.panel] ? { ...state, [action.panel]: false } : state
    case 'toggle':
      return panelsReducer(state, { type: state[action.panel] ? 'close' : 'open', panel: action.panel })
    case 'closeOverlay': {
      if (!isOverlayOn(state)) return state
      const next: Record<PanelName, boolean> = { ...state }
      for (const p of PANELS) if (turnsOverlayOn(p)) next[p] = false
      return next
    }
    case 'closeAll':
      return PANELS.some((p) => state[p]) ? closedPanels : state
  }
}

/** The overlay follows the panels. */
export function isOverlayOn(state: PanelsState): boolean {
  return PANELS.some((p) => state[p] && turnsOverlayOn(p))
}
