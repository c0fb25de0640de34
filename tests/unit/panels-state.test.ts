/** Spec §2 "Panels": one state for every panel; the overlay follows the overlay panels. */
import { describe, expect, it } from 'vitest'
import { closedPanels, isOverlayOn, panelsReducer, PANELS, turnsOverlayOn } from '../../src/ui/panels-state'

describe('panels state', () => {
  it('knows all thirteen panels of the spec, all closed at first, overlay off', () => {
    expect(PANELS).toHaveLength(13)
    expect(PANELS.every((p) => closedPanels[p] === false)).toBe(true)
    expect(isOverlayOn(closedPanels)).toBe(false)
  })

  it('opening the microcart turns the overlay on; closing it turns it off', () => {
    const open = panelsReducer(closedPanels, { type: 'open', panel: 'microcart' })
    expect(open.microcart).toBe(true)
    expect(isOverlayOn(open)).toBe(true)
    const closed = panelsReducer(open, { type: 'close', panel: 'microcart' })
    expect(closed.microcart).toBe(false)
    expect(isOverlayOn(closed)).toBe(false)
  })

  it('menus and dropdowns open in place without the overlay', () => {
    for (const panel of ['megaMenu', 'submenu', 'sortBy', 'accountMenu'] as const) {
      expect(turnsOverlayOn(panel)).toBe(false)
      expect(isOverlayOn(panelsReducer(closedPanels, { type: 'open', panel }))).toBe(false)
    }
    for (const panel of ['sidebar', 'wishlist', 'searchPanel', 'newsletterPopup', 'contactUs', 'productPopup'] as const) {
      expect(turnsOverlayOn(panel)).toBe(true)
    }
  })

  it('one overlay panel at a time: opening the wishlist closes the search panel, menus stay', () => {
    let state = panelsReducer(closedPanels, { type: 'open', panel: 'searchPanel' })
    state = panelsReducer(state, { type: 'open', panel: 'megaMenu' })
    state = panelsReducer(state, { type: 'open', panel: 'wishlist' })
    expect(state.searchPanel).toBe(false)
    expect(state.wishlist).toBe(true)
    expect(state.megaMenu).toBe(true)
  })

  it('the overlay click closes the overlay panels only; closeAll closes everything', () => {
    let state = panelsReducer(closedPanels, { type: 'open', panel: 'sidebar' })
    state = panelsReducer(state, { type: 'open', panel: 'submenu' })
    const afterOverlay = panelsReducer(state, { type: 'closeOverlay' })
    expect(afterOverlay.sidebar).toBe(false)
    expect(afterOverlay.submenu).toBe(true)
    expect(isOverlayOn(afterOverlay)).toBe(false)
    expect(panelsReducer(state, { type: 'closeAll' })).toEqual(closedPanels)
  })

  it('toggle flips one panel; a no-op keeps the same state object', () => {
    const open = panelsReducer(closedPanels, { type: 'toggle', panel: 'blogCategories' })
    expect(open.blogCategories).toBe(true)
    expect(panelsReducer(open, { type: 'toggle', panel: 'blogCategories' }).blogCategories).toBe(false)
    expect(panelsReducer(open, { type: 'open', panel: 'blogCategories' })).toBe(open)
    expect(panelsReducer(closedPanels, { type: 'closeOverlay' })).toBe(closedPanels)
  })
})
