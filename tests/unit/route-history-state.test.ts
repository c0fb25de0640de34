/** Spec §2: current and previous route with scroll and loaded count; the back-navigation flag. */
import { describe, expect, it } from 'vitest'
import { entryOf, initialRouteHistory, routeHistoryReducer, type RouteHistoryState } from '../../src/ui/route-history-state'

const category = (search: Record<string, unknown> = {}) => entryOf('/default/c/$slug', '/en/c/jackets-10', search)
const product = entryOf('/default/p/$parentSku/$slug', '/en/p/PLD-1/polo-1', {})
const go = (state: RouteHistoryState, entry = category()) => routeHistoryReducer(state, { type: 'navigated', entry })
const scroll = (state: RouteHistoryState, scrollY: number) => routeHistoryReducer(state, { type: 'scrolled', scrollY })

describe('entryOf', () => {
  it('takes the page query as the loaded count and leaves it out of the route identity', () => {
    expect(category({ page: '3', color: ['49'] })).toMatchObject({ loaded: 3, query: 'color=["49"]' })
    expect(category({ color: ['49'] }).query).toBe(category({ page: 2, color: ['49'] }).query)
    expect(category({ page: 'x' }).loaded).toBe(1)
    expect(category().loaded).toBe(1)
  })
})

describe('route history', () => {
  it('tracks current and previous with the scroll position and loaded count', () => {
    let state = go(initialRouteHistory, category())
    state = go(state, category({ page: 3 }))
    state = scroll(state, 1800)
    expect(state.current).toMatchObject({ loaded: 3, scrollY: 1800 })
    expect(state.previous).toBeNull()
    state = go(state, product)
    expect(state.previous).toMatchObject({ path: '/en/c/jackets-10', loaded: 3, scrollY: 1800 })
    expect(state.current?.path).toBe('/en/p/PLD-1/polo-1')
    expect(state.isBackNavigation).toBe(false)
  })

  it('flags going back to the previous route (paths differ) and keeps what to restore', () => {
    let state = go(go(initialRouteHistory, category({ page: 3 })), product)
    state = scroll(state, 250)
    // the link back has no page query: it still matches apart from the loaded count
    state = go(state, category())
    expect(state.isBackNavigation).toBe(true)
    expect(state.restore).toMatchObject({ loaded: 3, path: '/en/c/jackets-10' })
    state = routeHistoryReducer(state, { type: 'restored' })
    expect(state.restore).toBeNull()
    expect(state.isBackNavigation).toBe(true)
  })

  it('is no back navigation when the route differs in anything else', () => {
    const state = go(go(initialRouteHistory, category({ color: ['49'] })), product)
    const other = go(state, category({ color: ['52'] }))
    expect(other.isBackNavigation).toBe(false)
    expect(other.restore).toBeNull()
    const third = go(state, entryOf('/default/c/$slug', '/en/c/shirts-11', {}))
    expect(third.isBackNavigation).toBe(false)
  })

  it('a query change on the same page stays the current route (no new previous)', () => {
    let state = go(go(initialRouteHistory, product), category())
    state = scroll(state, 900)
    state = go(state, category({ page: 2 }))
    expect(state.previous?.path).toBe('/en/p/PLD-1/polo-1')
    expect(state.current).toMatchObject({ loaded: 2, scrollY: 900 })
  })

  it('the next forward move clears the flag', () => {
    let state = go(go(go(initialRouteHistory, category()), product), category())
    expect(state.isBackNavigation).toBe(true)
    state = go(state, entryOf('/default/c/$slug', '/en/c/shirts-11', {}))
    expect(state.isBackNavigation).toBe(false)
  })
})
