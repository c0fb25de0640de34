/**
 * The demo shop's category tree under the root (id 2): seven top categories of a Dutch/Belgian
 * lifestyle shop, each with three leaves. Products sit in a leaf and its top category. Ids are
 * fixed by the order of this list, so they are stable whatever the product count.
 */
import type { Category } from '../../domain/category.schema'
import { ROOT_CATEGORY_ID } from '../../domain/category.schema'
import type { StoreCode } from '../../domain/store-views'
import { inStore, type Text } from './catalogue-words'
import { slugify } from '../../domain/url'

interface TopDef {
  key: string
  name: Text
  leaves: ReadonlyArray<{ key: string; name: Text }>
}

const TREE: readonly TopDef[] = [
  {
    key: 'clothing',
    name: { en: 'Clothing', nl: 'Kleding', fr: 'Vêtements' },
    leaves: [
      { key: 'jackets', name: { en: 'Jackets & coats', nl: 'Jassen', fr: 'Vestes et manteaux' } },
      { key: 'tops', name: { en: 'T-shirts & polos', nl: "T-shirts en polo's", fr: 'T-shirts et polos' } },
      { key: 'knitwear', name: { en: 'Sweaters & cardigans', nl: 'Truien en vesten', be: 'Pulls en vesten', fr: 'Pulls et gilets' } },
      { key: 'trousers', name: { en: 'Trousers & jeans', nl: 'Broeken en jeans', fr: 'Pantalons et jeans' } },
    ],
  },
  {
    key: 'shoes',
    name: { en: 'Shoes', nl: 'Schoenen', fr: 'Chaussures' },
    leaves: [
      { key: 'sneakers', name: { en: 'Sneakers', nl: 'Sneakers', fr: 'Baskets' } },
      { key: 'boots', name: { en: 'Boots', nl: 'Laarzen en boots', fr: 'Bottes et bottines' } },
      { key: 'walking', name: { en: 'Walking shoes & clogs', nl: 'Wandelschoenen en klompen', fr: 'Chaussures de marche et sabots' } },
    ],
  },
  {
    key: 'bikes',
    name: { en: 'Bikes & cycling', nl: 'Fietsen', fr: 'Vélos' },
    leaves: [
      { key: 'city-bikes', name: { en: 'City & touring bikes', nl: 'Stads- en toerfietsen', fr: 'Vélos de ville et de randonnée' } },
      { key: 'e-bikes', name: { en: 'E-bikes & cargo bikes', nl: 'E-bikes en bakfietsen', fr: 'Vélos électriques et vélos cargo' } },
      { key: 'cycling-accessories', name: { en: 'Cycling accessories', nl: 'Fietsaccessoires', fr: 'Accessoires vélo' } },
    ],
  },
  {
    key: 'home',
    name: { en: 'Home & kitchen', nl: 'Wonen en keuken', fr: 'Maison et cuisine' },
    leaves: [
      { key: 'tableware', name: { en: 'Tableware', nl: 'Servies', fr: 'Vaisselle' } },
      { key: 'lighting', name: { en: 'Lighting', nl: 'Verlichting', fr: 'Luminaires' } },
      { key: 'furniture', name: { en: 'Furniture', nl: 'Meubels', be: 'Meubelen', fr: 'Mobilier' } },
    ],
  },
  {
    key: 'food',
    name: { en: 'Food & drinks', nl: 'Eten en drinken', fr: 'Épicerie et boissons' },
    leaves: [
      { key: 'coffee-tea', name: { en: 'Coffee & tea', nl: 'Koffie en thee', fr: 'Café et thé' } },
      { key: 'cheese', name: { en: 'Cheese', nl: 'Kaas', fr: 'Fromages' } },
      { key: 'sweets', name: { en: 'Chocolate & sweets', nl: 'Chocolade en snoep', be: 'Chocolade en snoepgoed', fr: 'Chocolat et douceurs' } },
    ],
  },
  {
    key: 'books',
    name: { en: 'Books & media', nl: 'Boeken en media', fr: 'Livres et médias' },
    leaves: [
      { key: 'printed-books', name: { en: 'Books', nl: 'Boeken', fr: 'Livres' } },
      { key: 'e-books', name: { en: 'E-books', nl: 'E-books', fr: 'Livres numériques' } },
      { key: 'recipes', name: { en: 'Recipes', nl: 'Recepten', fr: 'Recettes' } },
    ],
  },
  {
    key: 'gifts',
    name: { en: 'Gifts', nl: 'Cadeaus', be: 'Geschenken', fr: 'Cadeaux' },
    leaves: [
      { key: 'gift-cards', name: { en: 'Gift cards', nl: 'Cadeaukaarten', be: 'Cadeaubonnen', fr: 'Cartes cadeaux' } },
      { key: 'gift-sets', name: { en: 'Gift sets', nl: 'Cadeausets', be: 'Geschenksets', fr: 'Coffrets cadeaux' } },
      { key: 'workshops', name: { en: 'Workshops & services', nl: 'Workshops en diensten', fr: 'Ateliers et services' } },
    ],
  },
]

export interface CategoryNode {
  id: number
  key: string
  name: Text
  parentId: number
  level: number
  position: number
  /** ids from the tree root ("1") down to this category */
  pathIds: number[]
  childIds: number[]
}

const ROOT_NAME: Text = { en: 'Default Category', nl: 'Default Category', fr: 'Default Category' }

/** The tree as language-independent nodes, root first, then each top category followed by its leaves. */
export function buildCategoryNodes(): CategoryNode[] {
  const root: CategoryNode = {
    id: ROOT_CATEGORY_ID,
    key: 'root',
    name: ROOT_NAME,
    parentId: 1,
    level: 1,
    position: 1,
    pathIds: [1, ROOT_CATEGORY_ID],
    childIds: [],
  }
  const nodes: CategoryNode[] = [root]
  // Top categories take ids 3.., leaves follow after all tops, so adding a leaf never renumbers a top.
  let nextLeafId = ROOT_CATEGORY_ID + 1 + TREE.length
  TREE.forEach((top, topIndex) => {
    const topId = ROOT_CATEGORY_ID + 1 + topIndex
    const topNode: CategoryNode = {
      id: topId,
      key: top.key,
      name: top.name,
      parentId: root.id,
      level: 2,
      position: topIndex + 1,
      pathIds: [...root.pathIds, topId],
      childIds: [],
    }
    root.childIds.push(topId)
    nodes.push(topNode)
    top.leaves.forEach((leaf, leafIndex) => {
      const id = nextLeafId++
      topNode.childIds.push(id)
      nodes.push({ id, key: leaf.key, name: leaf.name, parentId: topId, level: 3, position: leafIndex + 1, pathIds: [...topNode.pathIds, id], childIds: [] })
    })
  })
  return nodes
}

export class UnknownCategoryError extends Error {
  override name = 'UnknownCategoryError'
}

export function leafByKey(nodes: readonly CategoryNode[], key: string): CategoryNode {
  const node = nodes.find((n) => n.key === key && n.level === 3)
  if (!node) throw new UnknownCategoryError(`no leaf category "${key}"`)
  return node
}

export function categoryUrlKey(node: CategoryNode, store: StoreCode): string {
  return `${slugify(inStore(node.name, store))}-${node.id}`
}

/**
 * One store view's categories. `productCounts` maps a category id to the number of products filed
 * under it or a descendant; the root's url path is its own key (it is never shown in the menu).
 */
export function renderCategories(nodes: readonly CategoryNode[], store: StoreCode, productCounts: ReadonlyMap<number, number>, updatedAt: string): Category[] {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const descendants = (node: CategoryNode): number => node.childIds.reduce((sum, id) => sum + 1 + descendants(byId.get(id)!), 0)
  return nodes.map((node) => {
    const urlKey = categoryUrlKey(node, store)
    const keys = node.pathIds
      .filter((id) => id !== 1 && (id !== ROOT_CATEGORY_ID || node.id === ROOT_CATEGORY_ID))
      .map((id) => categoryUrlKey(byId.get(id)!, store))
    return {
      id: node.id,
      parent_id: node.parentId,
      name: inStore(node.name, store),
      url_key: urlKey,
      url_path: keys.join('/'),
      slug: urlKey,
      path: node.pathIds.join('/'),
      level: node.level,
      position: node.position,
      is_active: true,
      include_in_menu: node.id !== ROOT_CATEGORY_ID,
      product_count: productCounts.get(node.id) ?? 0,
      children_count: descendants(node),
      display_mode: 'PRODUCTS',
      updated_at: updatedAt,
    }
  })
}
