/** Spec §2 mega menu timings, on fake timers: category 200 ms, on 500 ms, off 500 ms, submenu 300 ms. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MegaMenuMachine } from '../../src/ui/mega-menu-state'

let menu: MegaMenuMachine

beforeEach(() => {
  vi.useFakeTimers()
  menu = new MegaMenuMachine()
})

afterEach(() => {
  menu.dispose()
  vi.useRealTimers()
})

describe('mega menu timers', () => {
  it('sets the hovered category after 200 ms and turns on after 500 ms', () => {
    menu.hoverCategory(20)
    vi.advanceTimersByTime(199)
    expect(menu.getState().categoryId).toBeNull()
    vi.advanceTimersByTime(1)
    expect(menu.getState().categoryId).toBe(20)
    expect(menu.getState().open).toBe(false)
    vi.advanceTimersByTime(299)
    expect(menu.getState().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(menu.getState().open).toBe(true)
  })

  it('moving across categories restarts the 200 ms category delay but not the 500 ms hover', () => {
    menu.hoverCategory(20)
    vi.advanceTimersByTime(150)
    menu.hoverCategory(30)
    vi.advanceTimersByTime(150)
    expect(menu.getState().categoryId).toBeNull()
    vi.advanceTimersByTime(50)
    expect(menu.getState().categoryId).toBe(30)
    vi.advanceTimersByTime(150)
    expect(menu.getState().open).toBe(true)
  })

  it('turns off 500 ms after the pointer leaves; coming back to the panel in time keeps it', () => {
    menu.openNow(20)
    menu.leave()
    vi.advanceTimersByTime(499)
    expect(menu.getState().open).toBe(true)
    menu.hoverPanel()
    vi.advanceTimersByTime(1000)
    expect(menu.getState()).toMatchObject({ open: true, categoryId: 20 })
    menu.leave()
    vi.advanceTimersByTime(500)
    expect(menu.getState()).toMatchObject({ open: false, categoryId: null })
  })

  it('leaving before the hover delay never opens it', () => {
    menu.hoverCategory(20)
    vi.advanceTimersByTime(100)
    menu.leave()
    vi.advanceTimersByTime(2000)
    expect(menu.getState()).toMatchObject({ open: false, categoryId: null })
  })

  it('keyboard opens and closes at once and cancels pending timers', () => {
    menu.hoverCategory(20)
    menu.openNow(30)
    expect(menu.getState()).toMatchObject({ open: true, categoryId: 30 })
    vi.advanceTimersByTime(1000)
    expect(menu.getState().categoryId).toBe(30)
    menu.leave()
    menu.closeNow()
    expect(menu.getState().open).toBe(false)
    menu.openNow(40)
    vi.advanceTimersByTime(1000)
    expect(menu.getState()).toMatchObject({ open: true, categoryId: 40 })
  })

  it('removes a submenu path entry 300 ms after back', () => {
    menu.pushSubmenu(20)
    menu.pushSubmenu(21)
    expect(menu.getState().submenuPath).toEqual([20, 21])
    menu.popSubmenu()
    vi.advanceTimersByTime(299)
    expect(menu.getState().submenuPath).toEqual([20, 21])
    vi.advanceTimersByTime(1)
    expect(menu.getState().submenuPath).toEqual([20])
  })

  it('tells subscribers about each change', () => {
    const seen: (number | null)[] = []
    const unsubscribe = menu.subscribe((state) => seen.push(state.categoryId))
    menu.openNow(20)
    menu.closeNow()
    unsubscribe()
    menu.openNow(30)
    expect(seen).toEqual([20, null])
  })
})
