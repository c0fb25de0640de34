/**
 * Whether the shop's totals of a cart are still of the cart's lines. The shop prices each order's
 * lines for its buyer (another country's VAT, a reverse charge), so its sums are the ones to show;
 * but a change made offline is not in them until the cart is synchronised, and then the device's
 * own sums count. Pure, type imports only (the checkout page loads no zod).
 */
import type { Totals } from './cart.schema'
import { roundQty } from './cart-item'

export function totalsOfLines<T extends Pick<Totals, 'items' | 'items_qty'>>(totals: T | null | undefined, lines: readonly { qty: number }[]): T | null {
  if (!totals || totals.items.length !== lines.length) return null
  const qty = roundQty(lines.reduce((sum, line) => sum + line.qty, 0))
  return roundQty(totals.items_qty) === qty ? totals : null
}
