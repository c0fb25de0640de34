/**
 * The import endpoint's after-sale kinds, for one store view:
 * - `deliveries`: an order handed to its shopper becomes complete, and its withdrawal period starts
 *   (return-service). An order already complete is unchanged; a cancelled or refunded one, or one of
 *   another store view, refuses the whole batch.
 * - `returns`: the shop's decision on a requested return. Received gives its lines' quantities back
 *   to stock, as a cancelled order's stock is given back (stock repository giveBack, under the stock
 *   rows' lock), and a sku it makes orderable again has its documents say so (stock-documents); the
 *   batch then runs the back-in-stock sweep (its stockSkus). Refused only ends it;
 *   its quantities may be returned again. A return decided already is unchanged: stock comes back
 *   once. A return the store view does not have refuses the whole batch. Returns are never deleted.
 */
import type { Delivery, ReturnDecision } from '../../domain/api/return.schema'
import { stockNeeds, stockTurns } from '../../domain/order'
import { ImportBatchError } from './import-batch-error'
import { counts, type ImportKindWriter } from './import-context'

export const deliveries: ImportKindWriter<Delivery, string> = {
  async upsert(ctx, records) {
    let changed = 0
    for (const [index, record] of records.entries()) {
      const at = `storeViews.${ctx.storeCode}.deliveries[${index}] (order ${record.order_number})`
      const order = await ctx.repos.orders.findByIncrementId(record.order_number)
      if (!order || order.store_code !== ctx.storeCode) throw new ImportBatchError(`${at}: no order with this number in this store view`)
      if (order.status === 'complete') continue
      // a cash-on-delivery or bank transfer order is 'pending' until paid: delivered, it is paid
      if (!(await ctx.repos.orders.changeStatus(order.id, ['pending', 'processing'], 'complete', ctx.nowIso)))
        throw new ImportBatchError(`${at}: a ${order.status} order cannot be delivered`)
      changed++
    }
    return counts(records.length, changed)
  },
  async remove(ctx) {
    throw new ImportBatchError(`storeViews.${ctx.storeCode}.delete.deliveries: a delivery cannot be deleted`)
  },
}

export const returnDecisions: ImportKindWriter<ReturnDecision, string> = {
  async upsert(ctx, records) {
    const stored = new Map(
      (
        await ctx.repos.returns.findByNumbers(
          ctx.storeCode,
          records.map((r) => r.return_number),
        )
      ).map((r) => [r.return_number, r]),
    )
    for (const [index, record] of records.entries()) {
      if (!stored.has(record.return_number))
        throw new ImportBatchError(`storeViews.${ctx.storeCode}.returns[${index}] (${record.return_number}): no return with this number in this store view`)
    }
    let changed = 0
    for (const record of records) {
      const decided = await ctx.repos.returns.decide(stored.get(record.return_number)!.id, record.status, ctx.nowIso)
      if (!decided) continue
      changed++
      if (record.status !== 'received') continue
      const back = stockNeeds(await ctx.repos.returns.listLines(decided.id))
      const levels = await ctx.repos.stock.lockForUpdate([...back.keys()])
      await ctx.repos.stock.giveBack(back, ctx.nowIso)
      await ctx.stockDocs.follow(ctx.repos, stockTurns(levels, back, 'give-back'), ctx.nowIso)
      for (const sku of back.keys()) ctx.stockSkus.add(sku)
    }
    return counts(records.length, changed)
  },
  async remove(ctx) {
    throw new ImportBatchError(`storeViews.${ctx.storeCode}.delete.returns: a return is never deleted; refuse it instead`)
  },
}
