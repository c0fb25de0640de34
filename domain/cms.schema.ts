/**
 * CMS pages and blocks (spec §3, contract §3.6): a shop's own pages (about us, terms, ...) and the
 * pieces of HTML it places (the footer's), one record per store view. `identifier` is a page's
 * slug (`/i/{identifier}`) and its request path; `content` is HTML, sanitised by the server when it
 * is imported, so what is stored and answered is always the clean text.
 */
import { z } from 'zod'

/** A page's identifier is one URL path (`about-us`, `service/returns`): no leading or trailing slash. */
const identifier = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*$/, 'lower-case letters, digits, - and _, parts separated by /')

const cmsFields = {
  id: z.number().int().positive(),
  identifier,
  title: z.string().min(1).max(255),
  /** HTML; kept only in its sanitised form */
  content: z.string().max(200_000),
  /** an inactive record is stored but never answered */
  active: z.boolean().default(true),
}

export const CmsBlockSchema = z.object(cmsFields)
export type CmsBlock = z.infer<typeof CmsBlockSchema>

export const CmsPageSchema = z.object({
  ...cmsFields,
  content_heading: z.string().max(255).optional(),
  meta_title: z.string().max(255).optional(),
  meta_description: z.string().max(500).optional(),
  meta_keywords: z.string().max(255).optional(),
})
export type CmsPage = z.infer<typeof CmsPageSchema>

/** A stored document, as /api/catalog and the CMS extension answer it: the store view's id added. */
export type CmsPageDoc = CmsPage & { store_id: number; updated_at: string }

/** Fields the server adds to every stored CMS document. */
export const CMS_STORED_FIELDS = ['store_id', 'updated_at'] as const

/**
 * One node of the CMS hierarchy (spec §3 `cms_hierarchy`, §7): the tree the shop's pages hang in
 * (Customer service → Shipping, Returns, ...). A node links a page (`page_id`) or is a heading of
 * its own (`page_id` null); `parent_id` is null at a root, and `level` counts from 1 there.
 * `identifier` is the node's own URL segment (a page node's is usually the page's identifier).
 */
export const CmsHierarchyNodeSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  parent_id: z.number().int().positive().max(2_147_483_647).nullable(),
  page_id: z.number().int().positive().max(2_147_483_647).nullable(),
  identifier: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _'),
  title: z.string().min(1).max(255),
  sort_order: z.number().int(),
  level: z.number().int().min(1).max(20),
})
export type CmsHierarchyNode = z.infer<typeof CmsHierarchyNodeSchema>

/**
 * What the server adds to a stored hierarchy node: the store view's id, the import's timestamp,
 * and the names a vue-storefront 1 client reads (Magento's hierarchy index): `node_id`,
 * `parent_node_id`, `label`, `request_url` (the identifiers from the root down, joined by /) and
 * `xpath` (the ids from the root down); and `active`, false for a node whose page is not shown
 * (such a node is stored but never answered).
 */
export const CMS_HIERARCHY_STORED_FIELDS = ['node_id', 'parent_node_id', 'label', 'request_url', 'xpath', 'active', 'store_id', 'updated_at'] as const

export type CmsHierarchyNodeDoc = CmsHierarchyNode & {
  node_id: number
  parent_node_id: number | null
  label: string
  request_url: string
  xpath: string
  active: boolean
  store_id: number
  updated_at: string
}
