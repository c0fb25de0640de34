/**
 * Phones: the category tree in the sidebar panel (spec §2 "Panels": sidebar, submenu). A level shows
 * its categories; one with children opens them (a submenu path entry), "back" removes the entry
 * after the spec's 300 ms (src/ui/mega-menu-state.ts). The panels are their own chunk
 * (src/components/sidebar-panels.tsx), mounted from the first opening on.
 */
import type { ReactNode } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { LazySidebarPanels } from './lazy-panels'
import { usePanelButton } from './panel-button'

/** `children`: more of the shop for phones (the header passes compare and the store switcher). */
export function CategorySidebar({ children }: { children?: ReactNode }) {
  const { LL } = useI18nContext()
  const sidebar = usePanelButton('sidebar')
  return (
    <>
      <button {...sidebar.buttonProps} className="sidebar-button" data-testid="sidebar-button">
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
          <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{LL.navigation.openMenu()}</span>
      </button>
      <LazySidebarPanels returnFocusTo={sidebar.ref}>{children}</LazySidebarPanels>
    </>
  )
}
