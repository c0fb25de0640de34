/**
 * The import endpoint's `reviews` kind: a moderator's decisions on reviews of one store view.
 * An "upsert" names a review by id and sets its status (approved shows it once its guest, if any,
 * confirmed it; rejected or pending hides it); a deletion removes it (never shown again, and its
 * author may write another). A review the store view does not have refuses the whole batch, so a
 * moderator never believes an approval landed that did not.
 *
 * What must stay true: a batch that changed what the catalogue's `review` entity answers announces
 * it after the commit (StoreViewChanges.touchAnswers), so cached catalogue answers are dropped.
 */
import type { ReviewModeration } from '../../domain/api/review.schema'
import { ImportBatchError } from './import-batch-error'
import { counts, type ImportKindWriter } from './import-context'

export const reviewModeration: ImportKindWriter<ReviewModeration, number> = {
  async upsert(ctx, records) {
    const live = await ctx.repos.reviews.liveIds(
      ctx.storeCode,
      records.map((r) => r.id),
    )
    for (const [index, record] of records.entries()) {
      if (!live.has(record.id))
        throw new ImportBatchError(`storeViews.${ctx.storeCode}.reviews[${index}] (id ${record.id}): no review with this id in this store view`)
    }
    const changed = await ctx.repos.reviews.setStatuses(ctx.storeCode, records, ctx.nowIso)
    if (changed.length > 0) ctx.changes.touchAnswers()
    return counts(records.length, changed.length)
  },
  async remove(ctx, ids) {
    const removed = await ctx.repos.reviews.tombstoneIds(ctx.storeCode, ids, ctx.nowIso)
    if (removed.length > 0) ctx.changes.touchAnswers()
    return { deleted: removed.length, unchanged: ids.length - removed.length }
  },
}
