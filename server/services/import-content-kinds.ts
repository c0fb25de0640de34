/**
 * How an import batch writes the shop's content: CMS pages, blocks and hierarchy nodes, blog
 * categories and posts, banners and info banners (IMPORT_KIND_WRITERS in import-kinds).
 *
 * What must stay true: a record is stored as the shop import stores it, through the same row
 * builders (cmsRowOf, blogCategoryDoc, blogPostDoc, hierarchyDoc, bannerRowOf, infoBannerRowOf:
 * HTML sanitised, plain-text fields made text, the fields vue-storefront 1 clients read added);
 * what a writer writes or turns into a tombstone goes out on the replication feed's `cms`
 * collection under its kind (server/storage/content-feed-sources), and an entity with a page
 * moves its url rewrites with it. The references between content records are checked once the
 * store view's writes are done (import-content-checks), over what the batch leaves.
 */
import type { BlogCategory, BlogPost } from '../../domain/blog.schema'
import { CmsHierarchyNodeSchema, type CmsBlock, type CmsHierarchyNode, type CmsPage } from '../../domain/cms.schema'
import { STORE_VIEWS } from '../../domain/store-views'
import type { UrlRewrite, UrlRewriteEntityType } from '../../domain/url-rewrite.schema'
import type { Repositories } from '../storage'
import type { DocRow, DocTableRepository } from '../storage/doc-table'
import type { StoredDocRow } from '../storage/product-repository'
import { bannerRowOf, infoBannerRowOf } from './banner-import'
import { rewritesOf } from './catalog-url-rewrites'
import { blogCategoryDoc, blogPostDoc, cmsRowOf, hierarchyDoc } from './cms-import'
import { counts, moveRewrites, type BatchContext, type ImportKindWriter, type KeyOf, type RecordOf } from './import-context'

type ContentTable = Pick<DocTableRepository, 'upsertMany' | 'liveByIds' | 'tombstoneIds'>

interface ContentKind<R extends { id: number }> {
  /** the feed's kind of its documents */
  kind: string
  table: (repos: Repositories) => ContentTable
  rowOf: (record: R, storeId: number, nowIso: string) => DocRow
  /** the url rewrites a record derives (a stored document is read as its record: the paths come from fields the record has) */
  rewrites?: { type: UrlRewriteEntityType; of: (record: R) => UrlRewrite[] }
}

function announce(ctx: BatchContext, kind: string, rows: readonly StoredDocRow[]): void {
  ctx.changes.add(
    'cms',
    rows.map((row) => ({ ...row, kind })),
  )
}

function contentWriter<R extends { id: number }>(spec: ContentKind<R>): ImportKindWriter<R, number> {
  return {
    async upsert(ctx, records) {
      const table = spec.table(ctx.repos)
      const stored = spec.rewrites
        ? await table.liveByIds(
            ctx.storeCode,
            records.map((r) => r.id),
          )
        : []
      const before = new Map(stored.map((row) => [row.id, row.doc as unknown as R]))
      const storeId = STORE_VIEWS[ctx.storeCode].storeId
      const rows = await table.upsertMany(
        ctx.storeCode,
        records.map((r) => spec.rowOf(r, storeId, ctx.nowIso)),
      )
      announce(ctx, spec.kind, rows)
      const rewrites = spec.rewrites
      if (rewrites) {
        await moveRewrites(
          ctx,
          rewrites.type,
          records.map((r) => {
            const old = before.get(r.id)
            return { id: r.id, before: old ? rewrites.of(old) : [], after: rewrites.of(r) }
          }),
        )
      }
      return counts(records.length, rows.length)
    },
    async remove(ctx, ids) {
      const rows = await spec.table(ctx.repos).tombstoneIds(ctx.storeCode, ids, ctx.nowIso)
      announce(ctx, spec.kind, rows)
      if (spec.rewrites) {
        await ctx.repos.urls.tombstoneEntities(
          ctx.storeCode,
          spec.rewrites.type,
          rows.map((r) => Number(r.id)),
          ctx.nowIso,
        )
      }
      return { deleted: rows.length, unchanged: ids.length - rows.length }
    },
  }
}

const docRow = (doc: Record<string, unknown> & { id: number }, nowIso: string): DocRow => ({ id: doc.id, doc, updated_at: nowIso })

/**
 * Every live node of the store view derived again, with `upserts` in place of their stored
 * versions: a node's request_url and xpath run through its ancestors and its `active` follows its
 * page, so a change of a node or a page can change nodes the batch does not name. Unchanged nodes
 * keep their rows. Answers the rows written.
 */
export async function writeHierarchy(ctx: BatchContext, upserts: readonly CmsHierarchyNode[]): Promise<StoredDocRow[]> {
  const { repos, storeCode, nowIso } = ctx
  const stored = await repos.cms.hierarchy.all(storeCode)
  // a stored document holds the record's fields and what the import added; the schema keeps the record's
  const nodes = new Map(stored.map((row) => [row.id, CmsHierarchyNodeSchema.parse(row.doc)]))
  for (const node of upserts) nodes.set(node.id, node)
  if (nodes.size === 0) return []
  const livePageIds = new Set((await repos.cms.pages.all(storeCode, ['active'])).filter((row) => row.doc.active === true).map((row) => row.id))
  const storeId = STORE_VIEWS[storeCode].storeId
  const rows = await repos.cms.hierarchy.upsertMany(
    storeCode,
    [...nodes.values()].map((node) => docRow(hierarchyDoc(node, nodes, livePageIds, storeId, nowIso), nowIso)),
  )
  announce(ctx, 'hierarchy', rows)
  return rows
}

const cmsHierarchy: ImportKindWriter<RecordOf<'cms_hierarchy'>, KeyOf<'cms_hierarchy'>> = {
  async upsert(ctx, records) {
    const named = new Set(records.map((r) => r.id))
    const rows = await writeHierarchy(ctx, records)
    return counts(records.length, rows.filter((row) => named.has(Number(row.id))).length)
  },
  async remove(ctx, ids) {
    const rows = await ctx.repos.cms.hierarchy.tombstoneIds(ctx.storeCode, ids, ctx.nowIso)
    announce(ctx, 'hierarchy', rows)
    return { deleted: rows.length, unchanged: ids.length - rows.length }
  },
}

/** The content kinds' writers, in the order a batch runs them: pages before the hierarchy that names them, blog categories before their posts. */
export const CONTENT_KIND_WRITERS = {
  cms_pages: contentWriter<CmsPage>({
    kind: 'page',
    table: (repos) => repos.cms.pages,
    rowOf: cmsRowOf,
    rewrites: { type: 'cms-page', of: (page) => rewritesOf({ cmsPage: page }) },
  }),
  cms_blocks: contentWriter<CmsBlock>({ kind: 'block', table: (repos) => repos.cms.blocks, rowOf: cmsRowOf }),
  cms_hierarchy: cmsHierarchy,
  blog_categories: contentWriter<BlogCategory>({
    kind: 'blog_category',
    table: (repos) => repos.cms.blogCategories,
    rowOf: (c, storeId, nowIso) => docRow(blogCategoryDoc(c, storeId, nowIso), nowIso),
    rewrites: { type: 'blog-category', of: (category) => rewritesOf({ blogCategory: category }) },
  }),
  blog_posts: contentWriter<BlogPost>({
    kind: 'blog_post',
    table: (repos) => repos.cms.blogPosts,
    rowOf: (p, storeId, nowIso) => docRow(blogPostDoc(p, storeId, nowIso), nowIso),
    rewrites: { type: 'blog-post', of: (post) => rewritesOf({ blogPost: post }) },
  }),
  banners: contentWriter<RecordOf<'banners'>>({ kind: 'banner', table: (repos) => repos.banners, rowOf: bannerRowOf }),
  info_banners: contentWriter<RecordOf<'info_banners'>>({ kind: 'info_banner', table: (repos) => repos.infoBanners, rowOf: infoBannerRowOf }),
}
