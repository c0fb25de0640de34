/**
 * The mega menu's timers (spec §2 "Panels", mega menu timings) as a small state machine with no
 * React in it: pointer movement schedules, keyboard acts at once.
 *
 * - hovering a top category sets it as the shown category after 200 ms (moving across the bar does
 *   not flash every category's columns);
 * - the menu turns on 500 ms after the pointer arrives, and off 500 ms after it leaves (the bar and
 *   the panel count as one area, so crossing the gap between them does not close it);
 * - a submenu path entry (the mobile tree's drill-down) is removed 300 ms after "back", once the
 *   slide-out has run.
 */
export const MEGA_MENU_TIMINGS = {
  categoryDelay: 200,
  hoverOnDelay: 500,
  hoverOffDelay: 500,
  submenuRemoveDelay: 300,
} as const

export interface MegaMenuState {
  /** the menu is showing */
  open: boolean
  /** the top category whose columns show */
  categoryId: number | null
  /** the mobile tree's drill-down: category ids from the top down */
  submenuPath: readonly number[]
}

export const initialMegaMenuState: MegaMenuState = { open: false, categoryId: null, submenuPath: [] }

type Timer = ReturnType<typeof setTimeout>
type TimerName = 'category' | 'hoverOn' | 'hoverOff'

export class MegaMenuMachine {
  private state: MegaMenuState = initialMegaMenuState
  private readonly timers = new Map<TimerName, Timer>()
  private readonly submenuTimers = new Set<Timer>()
  private readonly listeners = new Set<(state: MegaMenuState) => void>()

  getState = (): MegaMenuState => this.state

  subscribe = (listener: (state: MegaMenuState) => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The pointer is over a top category. */
  hoverCategory(categoryId: number): void {
    this.cancel('hoverOff')
    this.schedule('category', MEGA_MENU_TIMINGS.categoryDelay, () => this.set({ categoryId }))
    if (!this.state.open && !this.timers.has('hoverOn')) {
      this.schedule('hoverOn', MEGA_MENU_TIMINGS.hoverOnDelay, () => this.set({ open: true }))
    }
  }

  /** The pointer is over the open panel: it stays. */
  hoverPanel(): void {
    this.cancel('hoverOff')
  }

  /** The pointer left the bar and the panel. */
  leave(): void {
    this.cancel('category')
    this.cancel('hoverOn')
    this.schedule('hoverOff', MEGA_MENU_TIMINGS.hoverOffDelay, () => this.set({ open: false, categoryId: null }))
  }

  /** Keyboard or tap: show this category's columns now. */
  openNow(categoryId: number): void {
    this.cancelAll()
    this.set({ open: true, categoryId })
  }

  /** Escape, a followed link, a second tap: closed now. */
  closeNow(): void {
    this.cancelAll()
    if (this.state.open || this.state.categoryId !== null) this.set({ open: false, categoryId: null })
  }

  /** Opens a category's children in the mobile tree. */
  pushSubmenu(categoryId: number): void {
    this.set({ submenuPath: [...this.state.submenuPath, categoryId] })
  }

  /** Back one level: the last entry goes after 300 ms. */
  popSubmenu(): void {
    const timer = setTimeout(() => {
      this.submenuTimers.delete(timer)
      this.set({ submenuPath: this.state.submenuPath.slice(0, -1) })
    }, MEGA_MENU_TIMINGS.submenuRemoveDelay)
    this.submenuTimers.add(timer)
  }

  dispose(): void {
    this.cancelAll()
    for (const timer of this.submenuTimers) clearTimeout(timer)
    this.submenuTimers.clear()
  }

  private set(patch: Partial<MegaMenuState>): void {
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener(this.state)
  }

  private schedule(name: TimerName, delay: number, run: () => void): void {
    this.cancel(name)
    this.timers.set(
      name,
      setTimeout(() => {
        this.timers.delete(name)
        run()
      }, delay),
    )
  }

  private cancel(name: TimerName): void {
    const timer = this.timers.get(name)
    if (timer !== undefined) clearTimeout(timer)
    this.timers.delete(name)
  }

  private cancelAll(): void {
    for (const name of [...this.timers.keys()]) this.cancel(name)
  }
}
