/**
 * `children_data` of the category documents the catalogue answers: each category's children, each
 * with its own children, down to the leaves, as a Magento indexer writes them (contract §3.6).
 * A VSF1 front end reads it to list a category's products together with its subcategories' and
 * to draw its menu. It is made when answered, not stored: the replication feed keeps sending the
 * flat documents the app reads (a stored tree would send the whole tree again with the root for
 * every change of any category).
 *
 * The tree of a store view is built once from its categories and built again after a change of
 * them (an import here, or another process's through the change feed's resync).
 */
import type { Storage } from '../storage'

type Doc = Record<string, unknown>
export interface CategoryNode extends Doc {
  children_data: CategoryNode[]
}

/** deeper than any shop's menu; a cycle in bad data (a category its own ancestor) stops here */
const MAX_DEPTH = 16

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : Number(value))

/** Each category's subtree by id; children in the menu's order (position, then id). */
export function categoryTrees(categories: readonly { id: number; doc: Doc }[]): Map<number, CategoryNode[]> {
  const children = new Map<number, Doc[]>()
  for (const { doc } of categories) {
    const parent = numberOf(doc.parent_id)
    const siblings = children.get(parent)
    if (siblings) siblings.push(doc)
    else children.set(parent, [doc])
  }
  const order = (a: Doc, b: Doc) => numberOf(a.position) - numberOf(b.position) || numberOf(a.id) - numberOf(b.id)
  for (const siblings of children.values()) siblings.sort(order)

  const trees = new Map<number, CategoryNode[]>()
  const subtree = (id: number, depth: number): CategoryNode[] => {
    const known = trees.get(id)
    if (known) return known
    const nodes = depth >= MAX_DEPTH ? [] : (children.get(id) ?? []).map((doc) => ({ ...doc, children_data: subtree(numberOf(doc.id), depth + 1) }))
    trees.set(id, nodes)
    return nodes
  }
  for (const { id } of categories) subtree(id, 0)
  return trees
}

export function createCategoryTrees(storage: Storage) {
  const byStore = new Map<string, Promise<Map<number, CategoryNode[]>>>()
  storage.changes.subscribe((event) => {
    if (event.collection === 'categories' || event.resync) byStore.delete(event.storeCode)
  })

  function treesOf(storeCode: string): Promise<Map<number, CategoryNode[]>> {
    let trees = byStore.get(storeCode)
    if (!trees) {
      trees = storage.categories.all(storeCode).then(categoryTrees)
      trees.catch(() => byStore.delete(storeCode))
      byStore.set(storeCode, trees)
    }
    return trees
  }

  return {
    /** The documents with their `children_data` (a leaf's is empty), in the order given. */
    async withChildren(storeCode: string, docs: readonly Doc[]): Promise<Doc[]> {
      if (docs.length === 0) return []
      const trees = await treesOf(storeCode)
      return docs.map((doc) => ({ ...doc, children_data: trees.get(numberOf(doc.id)) ?? [] }))
    },
  }
}
