/**
 * A store view's content (CMS pages, blocks and hierarchy; blog categories and posts), written by
 * the shop import in its transaction: validated with the domain schemas, their HTML sanitised and
 * their plain-text fields made text, the store view's id and the fields vue-storefront 1 clients
 * read set, upserted, and whatever the import no longer holds turned into tombstones.
 *
 * The HTML is sanitised here, once, rather than when answered: every way out (the catalogue's
 * answers, which copy the stored document, the CMS extension, the url map, a later replication
 * feed) then carries the clean text and none of them can forget it. A change of the allow-list
 * takes effect at the next import.
 */
import type { BlogCategory, BlogCategoryDoc, BlogPost, BlogPostDoc } from '../../domain/blog.schema'
import type { CmsBlock, CmsHierarchyNode, CmsHierarchyNodeDoc, CmsPage } from '../../domain/cms.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { Repositories } from '../storage'
import type { ChangeRow } from '../storage/change-feed'
import type { DocRow, DocTableRepository } from '../storage/doc-table'
import { hierarchyProblems } from '../../domain/content-references'
import { toPlainText as plainText } from '../../domain/plain-text'
import { sanitiseHtml } from './html-sanitiser'

export interface CmsImportSummary {
  written: number
  deleted: number
  /** the rows written and tombstoned, with their content kind, for the replication feed's `cms` collection */
  changed: ChangeRow[]
}

/** A CMS record as its stored row: HTML sanitised, the store view's id set. */
export function cmsRowOf(record: CmsPage | CmsBlock, storeId: number, nowIso: string): DocRow {
  return { id: record.id, doc: { ...record, content: sanitiseHtml(record.content), store_id: storeId, updated_at: nowIso }, updated_at: nowIso }
}

export interface StoreContent {
  pages: readonly CmsPage[]
  blocks: readonly CmsBlock[]
  hierarchy: readonly CmsHierarchyNode[]
  blogCategories: readonly BlogCategory[]
  blogPosts: readonly BlogPost[]
}

export class ContentImportError extends Error {
  override name = 'ContentImportError'
}

type Doc = Record<string, unknown>

/** The plain-text fields of a record that has them, as text. */
function textFields<T extends { title: string; meta_title?: string; meta_description?: string }>(record: T): T {
  const out: T = { ...record, title: plainText(record.title) }
  if (record.meta_title !== undefined) out.meta_title = plainText(record.meta_title)
  if (record.meta_description !== undefined) out.meta_description = plainText(record.meta_description)
  return out
}

export function blogCategoryDoc(record: BlogCategory, storeId: number, nowIso: string): BlogCategoryDoc {
  const clean = textFields(record)
  return {
    ...clean,
    ...(record.description === undefined ? {} : { description: sanitiseHtml(record.description) }),
    name: clean.title,
    store_id: storeId,
    updated_at: nowIso,
  }
}

export function blogPostDoc(record: BlogPost, storeId: number, nowIso: string): BlogPostDoc {
  const author = record.author === undefined ? undefined : plainText(record.author)
  return {
    ...textFields(record),
    // one form (UTC, milliseconds), so the stored text sorts as the dates do
    publish_date: new Date(record.publish_date).toISOString(),
    short_content: sanitiseHtml(record.short_content),
    content: sanitiseHtml(record.content),
    ...(author === undefined ? {} : { author, author_name: author }),
    ...(record.image === undefined ? {} : { featured_image_file: record.image }),
    store_id: storeId,
    updated_at: nowIso,
  }
}

/**
 * A node as stored, with its path from the root through `byId` (the store view's nodes):
 * `request_url` (identifiers) and `xpath` (ids). A node whose page is not live and active is
 * stored but not answered (`active` false): it would link to a page that is never shown. The walk
 * stops at a missing parent or a node seen before, so broken data yields a short path rather than
 * a hang; callers refuse such a tree (domain/content-references hierarchyProblems) before it is
 * committed.
 */
export function hierarchyDoc(
  node: CmsHierarchyNode,
  byId: ReadonlyMap<number, CmsHierarchyNode>,
  livePageIds: ReadonlySet<number>,
  storeId: number,
  nowIso: string,
): CmsHierarchyNodeDoc {
  const chain: CmsHierarchyNode[] = [node]
  for (let parent = node.parent_id === null ? undefined : byId.get(node.parent_id); parent && !chain.includes(parent);) {
    chain.unshift(parent)
    parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id)
  }
  const title = plainText(node.title)
  return {
    ...node,
    title,
    node_id: node.id,
    parent_node_id: node.parent_id,
    label: title,
    request_url: chain.map((n) => n.identifier).join('/'),
    xpath: chain.map((n) => n.id).join('/'),
    active: node.page_id === null || livePageIds.has(node.page_id),
    store_id: storeId,
    updated_at: nowIso,
  }
}

/** The nodes as stored; a tree that does not hold together (hierarchyProblems) is refused: the tree a client draws from it would be wrong. */
function hierarchyDocs(
  storeCode: StoreCode,
  nodes: readonly CmsHierarchyNode[],
  pages: readonly CmsPage[],
  storeId: number,
  nowIso: string,
): CmsHierarchyNodeDoc[] {
  const [problem] = hierarchyProblems(nodes, new Set(pages.map((p) => p.id)))
  if (problem) throw new ContentImportError(`Invalid cms_hierarchy node in store view "${storeCode}": id ${problem.id}: ${problem.message}`)
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const livePageIds = new Set(pages.filter((p) => p.active).map((p) => p.id))
  return nodes.map((node) => hierarchyDoc(node, byId, livePageIds, storeId, nowIso))
}

const rowOf = (doc: Doc & { id: number }, nowIso: string): DocRow => ({ id: doc.id, doc, updated_at: nowIso })

export async function importCms(repos: Repositories, storeCode: StoreCode, content: StoreContent, nowIso: string): Promise<CmsImportSummary> {
  const storeId = STORE_VIEWS[storeCode].storeId
  const withHtml = (record: CmsPage | CmsBlock) => cmsRowOf(record, storeId, nowIso).doc as Doc & { id: number }
  const tables = [
    ['page', repos.cms.pages, content.pages.map(withHtml)],
    ['block', repos.cms.blocks, content.blocks.map(withHtml)],
    ['hierarchy', repos.cms.hierarchy, hierarchyDocs(storeCode, content.hierarchy, content.pages, storeId, nowIso)],
    ['blog_category', repos.cms.blogCategories, content.blogCategories.map((c) => blogCategoryDoc(c, storeId, nowIso))],
    ['blog_post', repos.cms.blogPosts, content.blogPosts.map((p) => blogPostDoc(p, storeId, nowIso))],
  ] as const
  return writeContentTables(
    storeCode,
    tables.map(([kind, table, docs]) => [kind, table, docs.map((d) => rowOf(d, nowIso))] as const),
    nowIso,
  )
}

type ContentTable = Pick<DocTableRepository, 'upsertMany' | 'tombstoneAllExcept'>

/**
 * Content tables written as an import holds them: each row upserted, every row it no longer holds
 * a tombstone, and what changed named by its kind for the feed's `cms` collection (the kinds are
 * the feed's: server/storage/content-feed-sources).
 */
export async function writeContentTables(
  storeCode: StoreCode,
  tables: readonly (readonly [kind: string, table: ContentTable, rows: DocRow[]])[],
  nowIso: string,
): Promise<CmsImportSummary> {
  let written = 0
  let deleted = 0
  const changed: ChangeRow[] = []
  for (const [kind, table, rows] of tables) {
    const upserted = await table.upsertMany(storeCode, rows)
    const tombstoned = await table.tombstoneAllExcept(
      storeCode,
      rows.map((r) => r.id),
      nowIso,
    )
    written += upserted.length
    deleted += tombstoned.length
    for (const row of [...upserted, ...tombstoned]) changed.push({ ...row, kind })
  }
  return { written, deleted, changed }
}
