/** Spec §2: breadcrumbs hold a routes list, a current entry and an is-changing flag. */
import { describe, expect, it } from 'vitest'
import { breadcrumbsReducer, initialBreadcrumbs } from '../../src/ui/breadcrumbs-state'

describe('breadcrumbs state', () => {
  it('a trail sets the routes (all but the last) and the current entry (the last)', () => {
    const state = breadcrumbsReducer(initialBreadcrumbs, {
      type: 'set',
      crumbs: [{ label: 'Clothing', slug: 'clothing-20' }, { label: 'Jackets', slug: 'jackets-21' }, { label: 'Rain jacket' }],
    })
    expect(state.routes).toEqual([
      { label: 'Clothing', slug: 'clothing-20' },
      { label: 'Jackets', slug: 'jackets-21' },
    ])
    expect(state.current).toBe('Rain jacket')
    expect(state.isChanging).toBe(false)
  })

  it('is changing from the start of a navigation until the next trail is set', () => {
    let state = breadcrumbsReducer(initialBreadcrumbs, { type: 'set', crumbs: [{ label: 'Clothing' }] })
    state = breadcrumbsReducer(state, { type: 'navigating' })
    expect(state).toMatchObject({ isChanging: true, current: 'Clothing' })
    expect(breadcrumbsReducer(state, { type: 'navigating' })).toBe(state)
    state = breadcrumbsReducer(state, { type: 'set', crumbs: [] })
    expect(state).toEqual({ routes: [], current: null, isChanging: false })
  })
})
