/**
 * Whether the shop's totals of a cart are still of the cart's lines. The shop prices each order's
 * lines for its buyer (another country's VAT, a reverse charge), so its sums are the ones to show;
 * but a change made offline is not in them until the cart is synchronised, and then the device's
 * own sums count. Pure, type imports only (the checkout page loads no zod).
 */
import type { Totals } from './cart.schema'

export function totalsOfLines<T extends Pick<Totals, 'items' | 'items_qty'>>(totals: T | null | undefined, lines: readonly { qty: number }[]): T | null {
  if (!totals || totals.items.length !== lines.length) return null
  // qtys keep 4 decimals (domain/cart-item roundQty, not imported: it would bring the product pages'
  // shared chunk into the checkout's first load)
  const qty = lines.reduce((sum, line) => sum + line.qty, 0)
  return Math.abs(totals.items_qty - qty) < 0.00005 ? totals : null
}

/**
 * What the chosen shipping costs this buyer: the shop's price from its totals (the VAT in it follows
 * the goods and the buyer) when it charges one, else the method's listed price. A method chosen
 * offline after the totals were made keeps its listed price: free stays free, and a charge the
 * totals do not have yet is the listed one.
 */
export function shopShippingCents(totals: Pick<Totals, 'shipping_incl_tax'> | null, listedCents: number): number {
  if (listedCents <= 0 || !totals || !(totals.shipping_incl_tax > 0)) return listedCents
  return Math.round(totals.shipping_incl_tax * 100)
}
