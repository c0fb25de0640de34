/**
 * Phones: the category tree in the sidebar panel (spec §2 "Panels": sidebar, submenu). A level shows
 * its categories; one with children opens them (a submenu path entry), "back" removes the entry
 * after the spec's 300 ms (src/ui/mega-menu-state.ts).
 */
import { useRef, type ReactNode } from 'react'
import { ROOT_CATEGORY_ID } from '../../domain/category-root'
import { useI18nContext } from '../../locales/i18n-react'
import { useCategories } from '../data/hooks'
import { useLists } from '../data/use-lists'
import { usePanel } from '../ui/panels'
import { childCategories, useMegaMenuMachine } from './category-menu'
import { SidePanel } from './side-panel'
import { WishlistPanel } from './wishlist-panel'
import './side-panel.css'
import { CategoryLink } from './shop-links'

/** `children`: more of the shop for phones (the header passes compare and the store switcher). */
export function CategorySidebar({ children }: { children?: ReactNode }) {
  const { LL } = useI18nContext()
  const sidebar = usePanel('sidebar')
  const wishlist = usePanel('wishlist')
  const lists = useLists()
  const buttonRef = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="sidebar-button"
        data-testid="sidebar-button"
        aria-haspopup="dialog"
        aria-expanded={sidebar.isOpen}
        onClick={sidebar.open}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
          <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{LL.navigation.openMenu()}</span>
      </button>
      <SidePanel
        panel="sidebar"
        title={LL.navigation.categories()}
        closeLabel={LL.navigation.closeMenu()}
        side="left"
        returnFocusTo={buttonRef}
        testId="sidebar"
      >
        <CategoryTree />
        <p className="side-panel__foot">
          <button type="button" className="button button--secondary button--block" data-testid="open-wishlist-panel" onClick={wishlist.open}>
            {LL.lists.wishlistWithCount({ count: lists?.wishlist.length ?? 0 })}
          </button>
        </p>
        {children ? <div className="side-panel__extras">{children}</div> : null}
      </SidePanel>
      <WishlistPanel returnFocusTo={buttonRef} />
    </>
  )
}

function CategoryTree() {
  const { LL } = useI18nContext()
  const categories = useCategories()
  const [machine, menu] = useMegaMenuMachine()
  const parentId = menu.submenuPath[menu.submenuPath.length - 1] ?? ROOT_CATEGORY_ID
  const parent = categories?.find((c) => c.id === parentId)
  const grandParentId = menu.submenuPath[menu.submenuPath.length - 2]
  const grandParent = grandParentId === undefined ? undefined : categories?.find((c) => c.id === grandParentId)
  const level = childCategories(categories, parentId)
  return (
    <nav aria-label={LL.header.mainMenu()} className="category-tree">
      {parent && parentId !== ROOT_CATEGORY_ID ? (
        <>
          <button type="button" className="category-tree__back" onClick={() => machine.popSubmenu()}>
            ‹ {grandParent ? LL.navigation.back({ name: grandParent.name }) : LL.navigation.backToAll()}
          </button>
          <CategoryLink category={parent} className="category-tree__all">
            {LL.navigation.allIn({ name: parent.name })}
          </CategoryLink>
        </>
      ) : null}
      <ul>
        {level.map((c) => (
          <li key={c.id}>
            <CategoryLink category={c}>{c.name}</CategoryLink>
            {childCategories(categories, c.id).length ? (
              <button
                type="button"
                className="icon-button"
                aria-label={LL.navigation.showSubcategories({ name: c.name })}
                onClick={() => machine.pushSubmenu(c.id)}
              >
                <span aria-hidden="true">›</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  )
}
