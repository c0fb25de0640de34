/**
 * A return's own rules: until when a delivered order may be returned, what of it may still be sent
 * back, and whether a shopper's return asks for no more than that. Pure: the server loads and
 * stores, these decide.
 */
import { roundQty } from './cart-item'
import { RETURN_MESSAGES, type ReturnableLine } from './api/return.schema'

/** Lines nothing physical was sent for, or whose value is already spent: never sent back. */
export const NOT_RETURNABLE_TYPES: readonly string[] = ['virtual', 'downloadable', 'giftcard']

const DAY_MS = 24 * 60 * 60 * 1000

/** The last moment of the withdrawal period: `days` whole days after delivery. */
export function returnUntil(deliveredAt: string, days: number): string {
  return new Date(Date.parse(deliveredAt) + days * DAY_MS).toISOString()
}

export function withinReturnPeriod(deliveredAt: string, days: number, now: Date): boolean {
  return now.getTime() <= Date.parse(returnUntil(deliveredAt, days))
}

/**
 * What of an order may be returned, per sku (two lines of one sku are one), in the order's line
 * order: ordered less `returned` (the quantities of its returns the shop has not refused). Lines
 * that cannot be returned are left out.
 */
export function returnableLines(
  lines: readonly { sku: string; name: string; qty: number; product_type: string }[],
  returned: ReadonlyMap<string, number>,
): ReturnableLine[] {
  const bySku = new Map<string, ReturnableLine>()
  for (const line of lines) {
    if (NOT_RETURNABLE_TYPES.includes(line.product_type)) continue
    const seen = bySku.get(line.sku)
    if (seen) seen.ordered = roundQty(seen.ordered + line.qty)
    else bySku.set(line.sku, { sku: line.sku, name: line.name, ordered: line.qty, returnable: 0 })
  }
  for (const line of bySku.values()) line.returnable = Math.max(0, roundQty(line.ordered - (returned.get(line.sku) ?? 0)))
  return [...bySku.values()]
}

/** A line of a return request that the order cannot give: its sku and why; null when every line fits. */
export function returnRefusal(
  asked: readonly { sku: string; qty: number }[],
  orderSkus: ReadonlySet<string>,
  returnable: readonly ReturnableLine[],
): { sku: string; message: string } | null {
  const left = new Map(returnable.map((l) => [l.sku, l.returnable]))
  const wanted = new Map<string, number>()
  for (const line of asked) wanted.set(line.sku, roundQty((wanted.get(line.sku) ?? 0) + line.qty))
  for (const [sku, qty] of wanted) {
    if (!orderSkus.has(sku)) return { sku, message: RETURN_MESSAGES.notOfOrder }
    const max = left.get(sku)
    if (max === undefined) return { sku, message: RETURN_MESSAGES.notReturnable }
    if (qty > max) return { sku, message: RETURN_MESSAGES.tooMany }
  }
  return null
}
