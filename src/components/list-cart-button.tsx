/**
 * "Add to cart" for a product shown in a list (wishlist, compare): a product that goes in as it is
 * is added by sku (the worker loads it and says how it went, inside the microcart); one that needs
 * a choice (size, bundle pieces, gift card amount) links to its page instead; one out of stock says so.
 */
import { useI18nContext } from '../../locales/i18n-react'
import type { ProductListItem } from '../data/worker-types'
import { useCartCommand } from '../ui/cart-command'
import { ProductLink } from './shop-links'

/** Types that never need a choice on their page (required custom options are refused by the worker). */
const ADDED_AS_IS: ReadonlySet<ProductListItem['type_id']> = new Set(['simple', 'virtual', 'downloadable'])

export function ListCartButton({ item }: { item: ProductListItem }) {
  const { LL } = useI18nContext()
  const cart = useCartCommand()
  if (!item.is_in_stock) return <span className="muted small">{LL.product.outOfStock()}</span>
  if (!ADDED_AS_IS.has(item.type_id)) {
    return (
      <ProductLink
        product={item}
        className="button button--light button--small"
        aria-label={LL.lists.chooseNameOptions({ name: item.name })}
        data-testid="list-choose-options"
      >
        {LL.lists.chooseOptions()}
      </ProductLink>
    )
  }
  return (
    <button
      type="button"
      className="button button--primary button--small"
      data-testid="list-add-to-cart"
      aria-label={LL.lists.addNameToCart({ name: item.name })}
      disabled={cart.busy}
      onClick={() => void cart.run({ type: 'addSku', sku: item.sku, qty: 1 }, { openMicrocart: true })}
    >
      {cart.busy ? LL.product.adding() : LL.product.addToCart()}
    </button>
  )
}
