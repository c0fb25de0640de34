/**
 * The main menu: top categories, each with a mega menu of its subcategories in columns (spec §2
 * "Panels": mega menu, timings in src/ui/mega-menu-state.ts). Pointer: the menu follows hover with
 * the spec's delays. Keyboard: Tab reaches each category link and, for categories with children,
 * its toggle button (aria-expanded); Enter or Space opens the columns at once, Escape closes them
 * and puts focus back on the toggle, and focus leaving the menu closes it.
 */
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { useCategories } from '../data/hooks'
import { MegaMenuMachine } from '../ui/mega-menu-state'
import { usePanel } from '../ui/panels'
import './category-menu.css'
import { CategoryLink } from './shop-links'
import { childCategories, topCategories } from './menu-categories'

/**
 * The open menu's columns are a chunk of their own, out of the first load: asked for as soon as the
 * pointer or the focus enters the menu (the hover's delay covers its fetch), and by the offline
 * warm-up after the first page (src/components/lazy-panels.tsx).
 */
export const loadMegaMenuPanel = () => import('./mega-menu-panel')
const MegaMenuPanel = lazy(() => loadMegaMenuPanel().then((m) => ({ default: m.MegaMenuPanel })))
const fetchPanel = () => void loadMegaMenuPanel().catch(() => undefined)

/** A machine per mounted menu, its state as React state; pending timers die with the menu. */
export function useMegaMenuMachine(): [MegaMenuMachine, ReturnType<MegaMenuMachine['getState']>] {
  const [machine] = useState(() => new MegaMenuMachine())
  const state = useSyncExternalStore(machine.subscribe, machine.getState)
  useEffect(() => () => machine.dispose(), [machine])
  return [machine, state]
}

export function CategoryMenu() {
  const { LL } = useI18nContext()
  const categories = useCategories()
  const top = topCategories(categories)
  const [machine, menu] = useMegaMenuMachine()
  const panel = usePanel('megaMenu')
  const toggles = useRef(new Map<number, HTMLButtonElement>())

  // the mega menu is one of the app's panels: it opens with the machine, and a page change that
  // closes every panel closes it too
  const { open: openPanel, close: closePanel, isOpen: panelOpen } = panel
  useEffect(() => {
    if (menu.open) openPanel()
    else closePanel()
  }, [menu.open, openPanel, closePanel])
  const wasPanelOpen = useRef(false)
  useEffect(() => {
    if (wasPanelOpen.current && !panelOpen) machine.closeNow()
    wasPanelOpen.current = panelOpen
  }, [panelOpen, machine])

  // a followed link (here or anywhere) closes the menu and drops pending hover timers, so it does
  // not pop open over the new page under a pointer that stayed on the bar
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => machine.closeNow(), [pathname, machine])

  const shown = menu.open && menu.categoryId !== null ? top.find((c) => c.id === menu.categoryId) : undefined
  const columns = shown ? childCategories(categories, shown.id) : []

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !menu.open) return
    event.preventDefault()
    const id = menu.categoryId
    machine.closeNow()
    if (id !== null) toggles.current.get(id)?.focus()
  }
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (menu.open && !event.currentTarget.contains(event.relatedTarget as Node | null)) machine.closeNow()
  }

  return (
    <nav
      className="category-menu"
      aria-label={LL.header.mainMenu()}
      onMouseEnter={fetchPanel}
      onFocus={fetchPanel}
      onMouseLeave={() => machine.leave()}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <ul>
        {top.map((c) => {
          const hasChildren = childCategories(categories, c.id).length > 0
          const expanded = shown?.id === c.id
          return (
            <li key={c.id} onMouseEnter={() => (hasChildren ? machine.hoverCategory(c.id) : machine.leave())}>
              <CategoryLink
                category={c}
                data-testid="category-link"
                onClick={() => machine.closeNow()}
                activeProps={{ 'aria-current': 'page', className: 'is-active' }}
              >
                {c.name}
              </CategoryLink>
              {hasChildren ? (
                <button
                  ref={(node) => {
                    if (node) toggles.current.set(c.id, node)
                    else toggles.current.delete(c.id)
                  }}
                  type="button"
                  className="category-menu__toggle"
                  data-testid="mega-menu-toggle"
                  aria-expanded={expanded}
                  aria-controls={expanded ? 'mega-menu' : undefined}
                  aria-label={LL.navigation.showSubcategories({ name: c.name })}
                  onClick={() => (expanded ? machine.closeNow() : machine.openNow(c.id))}
                >
                  <svg aria-hidden="true" focusable="false" viewBox="0 0 12 12" width="12" height="12">
                    <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </button>
              ) : null}
              {expanded && shown ? (
                <Suspense fallback={null}>
                  <MegaMenuPanel category={shown} columns={columns} categories={categories} machine={machine} />
                </Suspense>
              ) : null}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
