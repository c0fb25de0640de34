/**
 * The wishlist page (/wishlist) and the recently viewed page (/my-account/recently-viewed): rows
 * of products from the local lists, with remove (wishlist) and links to the product pages. Both
 * render from the worker's lists, so they work offline and survive reloads.
 */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import type { ProductListItem } from '../../data/worker-types'
import { Price } from '../../components/price'
import { ProductImage } from '../../components/product-image'
import { useListCommand } from '../../components/list-toggles'
import { useLists } from '../../data/use-lists'
import { useDocumentTitle } from '../../ui/document-title'
import '../../components/lists.css'
import { ProductLink } from '../../components/shop-links'
import { ListCartButton } from '../../components/list-cart-button'

function ListRows({
  items,
  testId,
  onRemove,
  withCart = false,
}: {
  items: ProductListItem[]
  testId: string
  onRemove?: (item: ProductListItem) => void
  /** each row offers "Add to cart" (or a link to choose its options) */
  withCart?: boolean
}) {
  const { LL } = useI18nContext()
  return (
    <ul className="list-page__items">
      {items.map((item) => (
        <li key={item.sku} className="list-row" data-testid={testId} data-sku={item.sku}>
          <ProductImage path={item.image} width={80} height={80} alt="" />
          <div>
            <ProductLink product={item} className="list-row__name">
              {item.name}
            </ProductLink>
            <Price final={item.final_price_incl_tax} reference={item.omnibus_price_incl_tax} testId="price" />
          </div>
          {withCart ? <ListCartButton item={item} /> : null}
          {onRemove ? (
            <button
              type="button"
              className="button button--light button--small"
              data-testid={`${testId}-remove`}
              aria-label={LL.lists.removeFromWishlist({ name: item.name })}
              onClick={() => onRemove(item)}
            >
              {LL.lists.remove()}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function EmptyList({ text }: { text: string }) {
  const { LL } = useI18nContext()
  return (
    <div className="empty-state">
      <p>{text}</p>
      <Link to="/" className="button button--primary">
        {LL.lists.continueShopping()}
      </Link>
    </div>
  )
}

export function WishlistPage() {
  const { LL } = useI18nContext()
  const lists = useLists()
  const run = useListCommand()
  useDocumentTitle(LL.lists.wishlist())
  const items = lists?.wishlist ?? []
  return (
    <section className="list-page">
      <h1>{LL.lists.wishlist()}</h1>
      {lists === undefined ? null : items.length === 0 ? (
        <EmptyList text={LL.lists.wishlistEmpty()} />
      ) : (
        <>
          <ListRows items={items} testId="wishlist-item" withCart onRemove={(item) => void run({ type: 'remove', list: 'wishlist', sku: item.sku })} />
          <p className="list-page__actions">
            <button type="button" className="button button--secondary" onClick={() => void run({ type: 'clear', list: 'wishlist' })}>
              {LL.lists.clearWishlist()}
            </button>
          </p>
        </>
      )}
    </section>
  )
}

export function RecentlyViewedPage() {
  const { LL } = useI18nContext()
  const lists = useLists()
  useDocumentTitle(LL.lists.recentlyViewed())
  const items = lists?.recentlyViewed ?? []
  return (
    <section className="list-page">
      <h1>{LL.lists.recentlyViewed()}</h1>
      {lists === undefined ? null : items.length === 0 ? (
        <EmptyList text={LL.lists.recentlyViewedEmpty()} />
      ) : (
        <ListRows items={items} testId="recently-viewed-item" />
      )}
    </section>
  )
}
