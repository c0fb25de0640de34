/**
 * After a store view's writes in an import batch: its content as the batch leaves it still holds
 * together, by the rules a fixture file is held to (domain/content-references): every hierarchy
 * node's parent, level and page, every post's categories, one blog url key per post and per
 * category. Read back from storage inside the batch's transaction, so a record the batch deletes
 * and one it leaves alone are checked alike.
 *
 * A refusal names the batch's record: the upserted one that breaks a rule (a clash of url keys is
 * laid on the batch's record, not the stored one it meets), or the deletion that left a stored
 * record naming what is gone.
 */
import type { StoreViewBatch } from '../../domain/api/catalog-import.schema'
import { CmsHierarchyNodeSchema } from '../../domain/cms.schema'
import { hierarchyProblems, postCategoryProblems, urlKeyProblems, type ContentProblem } from '../../domain/content-references'
import { ImportBatchError } from './import-batch-error'
import type { BatchContext } from './import-context'

type ContentList = 'cms_hierarchy' | 'blog_categories' | 'blog_posts'

/** What a stored record is called when a deletion leaves it naming what is gone. */
const STILL_NAMED_BY: Record<ContentList, (id: number) => string> = {
  cms_hierarchy: (id) => `cms_hierarchy node id ${id} still names it`,
  blog_categories: (id) => `blog category id ${id} still names it`,
  blog_posts: (id) => `blog post id ${id} still names it`,
}

/** Live records with the place each has in the batch: the stored ones the batch does not name first, then the batch's in its order. */
function inBatchOrder<T extends { id: number }>(live: readonly T[], upserts: readonly { id: number }[] = []): { records: T[]; places: (number | null)[] } {
  const byId = new Map(live.map((r) => [r.id, r]))
  const named = new Set(upserts.map((r) => r.id))
  const records: T[] = live.filter((r) => !named.has(r.id))
  const places: (number | null)[] = records.map(() => null)
  upserts.forEach((r, index) => {
    const stored = byId.get(r.id)
    // an upsert the batch deleted again is not live
    if (!stored) return
    records.push(stored)
    places.push(index)
  })
  return { records, places }
}

/**
 * Refuses the batch over the first of `problems`, if any: one on a record of the batch before one
 * on a stored record (which the batch's other changes broke, and a deletion may explain).
 */
function refuseIfAny(
  ctx: BatchContext,
  view: StoreViewBatch,
  list: ContentList,
  places: readonly (number | null)[],
  problems: readonly ContentProblem[],
): void {
  const problem = problems.find((p) => places[p.index] !== null) ?? problems[0]
  if (!problem) return
  const at = `storeViews.${ctx.storeCode}`
  const place = places[problem.index]
  if (place !== null && place !== undefined) throw new ImportBatchError(`${at}.${list}[${place}] (id ${problem.id}): ${problem.message}`)
  const deleted = problem.missing ? (view.delete?.[problem.missing.list] ?? []).indexOf(problem.missing.id) : -1
  if (problem.missing && deleted >= 0) {
    throw new ImportBatchError(`${at}.delete.${problem.missing.list}[${deleted}] (id ${problem.missing.id}): ${STILL_NAMED_BY[list](problem.id)}`)
  }
  // a stored record the batch's other changes broke (its parent's level changed)
  throw new ImportBatchError(`${at}.${list} (stored id ${problem.id}): ${problem.message}`)
}

/** Whether the batch upserts or deletes records of this kind in the store view. */
export const touched = (view: StoreViewBatch, kind: 'cms_pages' | ContentList) => (view[kind]?.length ?? 0) + (view.delete?.[kind]?.length ?? 0) > 0

export async function checkContentReferences(ctx: BatchContext, view: StoreViewBatch): Promise<void> {
  const { repos, storeCode } = ctx
  if (touched(view, 'cms_pages') || touched(view, 'cms_hierarchy')) {
    const nodes = (await repos.cms.hierarchy.all(storeCode)).map((row) => CmsHierarchyNodeSchema.parse(row.doc))
    const pageIds = new Set((await repos.cms.pages.all(storeCode, ['id'])).map((row) => row.id))
    const { records, places } = inBatchOrder(nodes, view.cms_hierarchy)
    refuseIfAny(ctx, view, 'cms_hierarchy', places, hierarchyProblems(records, pageIds))
  }
  if (touched(view, 'blog_categories') || touched(view, 'blog_posts')) {
    const asKeyed = (row: { id: number; doc: Record<string, unknown> }) => ({ id: row.id, url_key: String(row.doc.url_key) })
    const categories = inBatchOrder((await repos.cms.blogCategories.all(storeCode, ['url_key'])).map(asKeyed), view.blog_categories)
    refuseIfAny(ctx, view, 'blog_categories', categories.places, urlKeyProblems(categories.records))
    const posts = inBatchOrder(
      (await repos.cms.blogPosts.all(storeCode, ['url_key', 'blog_category_ids'])).map((row) => ({
        ...asKeyed(row),
        blog_category_ids: row.doc.blog_category_ids as number[],
      })),
      view.blog_posts,
    )
    const categoryIds = new Set(categories.records.map((c) => c.id))
    refuseIfAny(ctx, view, 'blog_posts', posts.places, [...urlKeyProblems(posts.records), ...postCategoryProblems(posts.records, categoryIds)])
  }
}
