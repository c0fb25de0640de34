/**
 * Phones: the sidebar panel with the category tree (and the wishlist panel it opens), loaded when the
 * menu is first opened (src/components/lazy-panels.tsx); the menu button is in category-sidebar.tsx.
 */
import { Link } from '@tanstack/react-router'
import type { ReactNode, RefObject } from 'react'
import { ROOT_CATEGORY_ID } from '../../domain/category-root'
import { useI18nContext } from '../../locales/i18n-react'
import { useCategories } from '../data/hooks'
import { useLists } from '../data/use-lists'
import { usePanel } from '../ui/panels'
import { useMegaMenuMachine } from './category-menu'
import { childCategories } from './menu-categories'
import { SidePanel } from './side-panel'
import { WishlistPanel } from './wishlist-panel'
import './side-panel.css'
import { CategoryLink } from './shop-links'

/** `children`: more of the shop for phones (the header passes compare and the store switcher). */
export function SidebarPanels({ returnFocusTo, children }: { returnFocusTo: RefObject<HTMLElement | null>; children?: ReactNode }) {
  const { LL } = useI18nContext()
  const wishlist = usePanel('wishlist')
  const lists = useLists()
  return (
    <>
      <SidePanel
        panel="sidebar"
        title={LL.navigation.categories()}
        closeLabel={LL.navigation.closeMenu()}
        side="left"
        returnFocusTo={returnFocusTo}
        testId="sidebar"
      >
        <CategoryTree />
        {/* the blog beside the categories: in this lazily loaded menu, not in the header's first-load bar */}
        <p className="side-panel__foot">
          <Link to="/blog" className="button button--secondary button--block" data-testid="menu-blog">
            {LL.contentPages.blog()}
          </Link>
        </p>
        <p className="side-panel__foot">
          <button type="button" className="button button--secondary button--block" data-testid="open-wishlist-panel" onClick={wishlist.open}>
            {LL.lists.wishlistWithCount({ count: lists?.wishlist.length ?? 0 })}
          </button>
        </p>
        {children ? <div className="side-panel__extras">{children}</div> : null}
      </SidePanel>
      <WishlistPanel returnFocusTo={returnFocusTo} />
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
