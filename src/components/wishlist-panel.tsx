/** The wishlist side panel (spec §2 "Panels": wishlist): the saved products, each a link to its page. */
import { Link } from '@tanstack/react-router'
import type { RefObject } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { useLists } from '../data/use-lists'
import { usePanel } from '../ui/panels'
import { Price } from './price'
import { SidePanel } from './side-panel'
import { ProductLink } from './shop-links'

export function WishlistPanel({ returnFocusTo }: { returnFocusTo?: RefObject<HTMLElement | null> }) {
  const { LL } = useI18nContext()
  const lists = useLists()
  const { close } = usePanel('wishlist')
  const items = lists?.wishlist ?? []
  return (
    <SidePanel
      panel="wishlist"
      title={LL.lists.wishlist()}
      closeLabel={LL.navigation.closeWishlist()}
      side="right"
      returnFocusTo={returnFocusTo}
      testId="wishlist-panel"
    >
      {items.length === 0 ? (
        <p>{LL.lists.wishlistEmpty()}</p>
      ) : (
        <ul className="wishlist-panel__items">
          {items.map((item) => (
            <li key={item.sku} data-testid="wishlist-panel-item">
              <ProductLink product={item} onClick={close}>
                {item.name}
              </ProductLink>
              <Price final={item.final_price_incl_tax} reference={item.omnibus_price_incl_tax} />
            </li>
          ))}
        </ul>
      )}
      <Link to="/wishlist" className="button button--primary button--block" onClick={close}>
        {LL.navigation.viewWishlist()}
      </Link>
    </SidePanel>
  )
}
