/**
 * Cancelling an order that waits for its payment (a cancelled, failed or expired payment, or a
 * payment the provider would not create), with its stock and its gift card payments given back (spec §4 Payment),
 * and any gift card it bought that nobody used switched off.
 *
 * Once: the status change is a conditional update from the awaiting statuses, and the stock is given
 * back in the same transaction only when that update changed the order. A repeated webhook, a
 * status call after it, or a late "cancelled" after "paid" finds the order no longer awaiting and
 * gives nothing back; two at the same time wait on the order row, and the second finds it cancelled.
 */
import { stockNeeds, stockTurns } from '../../domain/order'
import type { Repositories } from '../storage'
import type { OrderRow } from '../storage/order-repository'
import type { StockDocumentChanges } from './stock-documents'

/**
 * Inside a transaction: moves the order from one of `from` to canceled with `comment`, and gives its
 * lines' quantities back to stock; the documents of skus that become orderable again go into
 * `stockDocs`, for the caller to publish after the commit. The cancelled order, or null when it was not awaiting (nothing done).
 */
export async function cancelAwaitingOrder(
  repos: Repositories,
  orderId: number,
  from: readonly string[],
  comment: string,
  now: string,
  stockDocs: StockDocumentChanges,
): Promise<OrderRow | null> {
  const cancelled = await repos.orders.changeStatus(orderId, from, 'canceled', now)
  if (!cancelled) return null
  await repos.payments.addComment(orderId, 'canceled', comment, now)
  // gift cards before stock, as placing an order takes them: one lock order, no deadlock
  await repos.giftcards.lockForOrder(orderId)
  const returns = stockNeeds(await repos.orders.listLines(orderId))
  const levels = await repos.stock.lockForUpdate([...returns.keys()])
  await repos.stock.giveBack(returns, now)
  await stockDocs.follow(repos, stockTurns(levels, returns, 'give-back'), now)
  // what gift cards paid of it goes back on them, and gift cards it bought that are still whole end
  await repos.giftcards.refundOrder(orderId, now)
  await repos.giftcardIssues.voidUnusedForOrder(orderId, now)
  return cancelled
}
