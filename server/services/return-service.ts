/**
 * Returns (withdrawal / RMA; shapes and answers in domain/api/return.schema.ts): what of a delivered
 * order may still be sent back, and a shopper's return of some of it, with its mail.
 *
 * Who: a customer's order only with their token, a guest's only with its key (order-access). When:
 * the order is complete (delivered), and the withdrawal period (`returnDays`, RETURN_DAYS) since it
 * became complete has not ended: the shop records no separate delivery date, so the moment the order
 * became complete (its updated_at, which nothing changes afterwards) stands for the delivery. What:
 * lines of the order that can be sent back, never more than ordered less what earlier returns the
 * shop did not refuse hold.
 *
 * What must stay true: two returns of one order at once are checked one after the other (the order's
 * row is locked in the transaction that checks and stores), so together they never exceed the order.
 * The mail is recorded due in the transaction that stores the return and sent after the commit,
 * through the order mails (server/services/order-mail-service.ts): once, and tried again by their
 * sweep when the mailer failed or the process died; the return stands either way (its number was
 * answered to the shopper, who sees it in the answer).
 */
import { RETURN_MESSAGES, type ReturnableResult, type ReturnRequest, type ReturnResult } from '../../domain/api/return.schema'
import { returnableLines, returnRefusal, returnUntil, withinReturnPeriod } from '../../domain/returns'
import type { Repositories, Storage } from '../storage'
import type { OrderRow } from '../storage/order-repository'
import { ConflictError, InvalidRequestError } from './errors'
import { RETURN_MAIL, type OrderMailService } from './order-mail-service'
import { findOrderFor, type OrderCaller } from './order-access'

export interface ReturnServiceOptions {
  /** the order mails: a return's mail is one of its order's (kind RETURN_MAIL + the return number) */
  mails: Pick<OrderMailService, 'due'>
  /** the withdrawal period in days from delivery */
  returnDays: number
}

export function createReturnService(storage: Storage, options: ReturnServiceOptions, clock: () => Date = () => new Date()) {
  /** The order if it may be returned now; its delivery time. */
  function deliveredWithinPeriod(order: OrderRow, now: Date): string {
    if (order.status !== 'complete') throw new ConflictError(RETURN_MESSAGES.notDelivered)
    if (!withinReturnPeriod(order.updated_at, options.returnDays, now)) throw new ConflictError(RETURN_MESSAGES.periodOver)
    return order.updated_at
  }

  async function returnableOf(repos: Repositories, order: OrderRow) {
    const lines = await repos.orders.listLines(order.id)
    return { lines, returnable: returnableLines(lines, await repos.returns.returnedOf(order.id)) }
  }

  return {
    /** What of the order may still be returned, and until when. */
    async returnable(orderNumber: string, caller: OrderCaller): Promise<ReturnableResult> {
      const order = await findOrderFor(storage, orderNumber, caller)
      const deliveredAt = deliveredWithinPeriod(order, clock())
      const { returnable } = await returnableOf(storage, order)
      return { order_id: order.increment_id, return_until: returnUntil(deliveredAt, options.returnDays), lines: returnable }
    },

    /** Stores the shopper's return and mails them its number and what to do. */
    async create(request: ReturnRequest, caller: OrderCaller): Promise<ReturnResult> {
      const order = await findOrderFor(storage, request.order_id, caller)
      const now = clock()
      deliveredWithinPeriod(order, now)
      const stored = await storage.transaction(async (repos) => {
        await repos.returns.lockOrder(order.id)
        const { lines, returnable } = await returnableOf(repos, order)
        const refusal = returnRefusal(request.lines, new Set(lines.map((l) => l.sku)), returnable)
        if (refusal) throw new InvalidRequestError(`lines (${refusal.sku}): ${refusal.message}`)
        const returnNumber = `R${order.increment_id}-${(await repos.returns.countForOrder(order.id)) + 1}`
        const row = await repos.returns.insert(
          { returnNumber, orderId: order.id, storeCode: order.store_code, reason: request.reason },
          request.lines.map((l) => ({ sku: l.sku, qty: l.qty })),
          now.toISOString(),
        )
        await repos.orderMails.schedule(order.id, `${RETURN_MAIL}${returnNumber}`, now.toISOString())
        return row
      })
      await options.mails.due(order, `${RETURN_MAIL}${stored.return_number}`)
      return { return_number: stored.return_number, status: 'requested' }
    },
  }
}
export type ReturnService = ReturnType<typeof createReturnService>
