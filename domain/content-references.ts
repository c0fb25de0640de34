/**
 * The references inside a store view's content that a record's schema cannot check alone: a CMS
 * hierarchy node's parent, level and page; a blog post's categories; and the url keys of blog posts
 * and of blog categories, each unique in the store view (a key addresses one path: blog/{url_key},
 * blog/category/{url_key}). A fixture file (server/seed/fixtures), the shop import
 * (server/services/cms-import) and an import batch (server/services/import-content-checks) check
 * these same rules, over the store view's content as it is to be stored.
 */
import type { BlogPost } from './blog.schema'
import type { CmsHierarchyNode } from './cms.schema'

/** A record that breaks a rule: its index in the list checked, its id, `field: why`, and the record it names that is not there. */
export interface ContentProblem {
  index: number
  id: number
  message: string
  missing?: { list: 'cms_hierarchy' | 'cms_pages' | 'blog_categories'; id: number }
}

/**
 * A node's parent is a node, its level its parent's plus one (1 at a root), its page one of
 * `pageIds`. Levels that hold make a tree: going up, a level falls by one at each step, so no
 * node can be its own ancestor.
 */
export function hierarchyProblems(nodes: readonly CmsHierarchyNode[], pageIds: ReadonlySet<number>): ContentProblem[] {
  const levels = new Map(nodes.map((n) => [n.id, n.level]))
  const problems: ContentProblem[] = []
  nodes.forEach((node, index) => {
    const problem = (message: string) => problems.push({ index, id: node.id, message })
    if (node.parent_id === null) {
      if (node.level !== 1) problem('level: a root node has level 1')
    } else if (!levels.has(node.parent_id)) {
      problems.push({ index, id: node.id, message: `parent_id: no node with id ${node.parent_id}`, missing: { list: 'cms_hierarchy', id: node.parent_id } })
    } else if (levels.get(node.parent_id)! + 1 !== node.level) problem(`level: its parent's level plus one expected`)
    if (node.page_id !== null && !pageIds.has(node.page_id)) {
      problems.push({ index, id: node.id, message: `page_id: no CMS page with id ${node.page_id}`, missing: { list: 'cms_pages', id: node.page_id } })
    }
  })
  return problems
}

/** A url key a record earlier in the list already has. */
export function urlKeyProblems(records: readonly { id: number; url_key: string }[]): ContentProblem[] {
  const keys = new Set<string>()
  const problems: ContentProblem[] = []
  records.forEach((record, index) => {
    if (keys.has(record.url_key)) problems.push({ index, id: record.id, message: `url_key: "${record.url_key}" is already used` })
    keys.add(record.url_key)
  })
  return problems
}

/** A post naming a blog category that is not one of `categoryIds`. */
export function postCategoryProblems(posts: readonly Pick<BlogPost, 'id' | 'blog_category_ids'>[], categoryIds: ReadonlySet<number>): ContentProblem[] {
  const problems: ContentProblem[] = []
  posts.forEach((post, index) => {
    post.blog_category_ids.forEach((id, i) => {
      if (!categoryIds.has(id)) {
        problems.push({ index, id: post.id, message: `blog_category_ids[${i}]: no blog category with id ${id}`, missing: { list: 'blog_categories', id } })
      }
    })
  })
  return problems
}
