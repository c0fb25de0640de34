/**
 * The cart's business settings (spec §9 "Shop"): out-of-stock lines may stay in the cart, removing a
 * line asks first, lines are reconfigurable (options changed from the cart), and the microcart's
 * count is the sum of quantities or the number of lines.
 */
import type { CartItem } from './cart.schema'

export const MICROCART_COUNTS = ['quantities', 'items'] as const
export type MicrocartCount = (typeof MICROCART_COUNTS)[number]

export const CART_CONFIG = {
  /** spec §9: "Minicart counts quantities" */
  microcartCounts: 'quantities' as MicrocartCount,
  /** spec §9: "Ask before removing a cart item: yes" */
  askBeforeRemove: true,
  /** spec §9: "Cart is reconfigurable" (a configurable line's options can be changed from the cart) */
  reconfigurable: true,
} as const

/** The number on the cart button: lines, or the sum of their quantities. */
export function microcartCount(items: readonly Pick<CartItem, 'qty'>[], counts: MicrocartCount = CART_CONFIG.microcartCounts): number {
  if (counts === 'items') return items.length
  return items.reduce((sum, item) => sum + item.qty, 0)
}
