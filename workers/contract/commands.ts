/** The writes the UI asks of the data worker, each a closed union of named commands (STYLE.md). */
import type { ProductOption } from '../../domain/cart.schema'
import type { Product } from '../../domain/product.schema'

/** Every change to the cart goes through one command (STYLE.md). */
export type CartCommand =
  | {
      type: 'add'
      /** the product as shown (full document); for a configurable, the chosen child's sku */
      product: Product
      childSku?: string
      qty: number
      productOption?: ProductOption
      /** what the shopper chose, readable (bundle selections, custom options); derived when left out */
      labels?: { label: string; value: string }[]
    }
  /** a grouped product: each linked sku with a qty above 0 becomes its own line */
  | { type: 'addGrouped'; product: Product; lines: { sku: string; qty: number }[] }
  /**
   * a product by sku (wishlist, compare, a product page shown from its light document), added as it
   * is; one that needs a choice on its page is refused with `chooseOptions`, one the device cannot
   * load with `listProductUnknown`. Without a full document (offline, server trouble) a simple,
   * virtual or downloadable product goes in from its light document; other types are refused with
   * `needsFullDetails`
   */
  | { type: 'addSku'; sku: string; qty: number }
  | { type: 'setQty'; key: string; qty: number }
  /**
   * cart edit mode (spec §4): a configurable line's variant and qty changed from the cart. The line
   * is edited as its configurable parent: another child replaces it (merging into a line of that
   * child if there is one), checked for price and stock as an add is; refused, the line stays
   */
  | { type: 'editLine'; key: string; childSku: string; qty: number }
  | { type: 'remove'; key: string }
  /** needs the network (spec §4 "Coupon"): offline, the shopper is told so and nothing changes */
  | { type: 'applyCoupon'; code: string }
  | { type: 'removeCoupon' }
  /** needs the network too (a card's balance is checked by the shop); an empty code does nothing (spec §5) */
  | { type: 'applyGiftCard'; code: string }
  | { type: 'removeGiftCard'; code: string }
  /** the shopper has been told of these cart notices (CartView.notices) */
  | { type: 'dismissNotices'; ids: string[] }

/** The shopper's lists (spec §4 "Wishlist and compare"); products identified by sku. */
export type ListName = 'wishlist' | 'compare'

/**
 * Every change to the wishlist or the compare list. Adding a sku already present is ignored (no
 * notification); a 6th compare product is refused with a `compareLimit` warning ({count: 5}).
 */
export type ListCommand = { type: 'add' | 'remove'; list: ListName; sku: string } | { type: 'clear'; list: ListName }
