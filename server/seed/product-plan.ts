/**
 * The language-independent half of the demo catalogue: which products exist, their ids, skus,
 * types, prices, stock, variants and links. Every random draw happens here, once, so the four
 * store views rendered from these plans (product-render.ts) can only differ in words.
 */
import { round2 } from '../../domain/money'
import type { ProductType } from '../../domain/product.schema'
import { ProductStatus, Visibility } from '../../domain/product.schema'
import { BRANDS, CLOTHING_SIZES, SHOE_SIZES } from './catalogue-words'
import { leafByKey, type CategoryNode } from './categories'
import {
  drawPrice,
  drawStock,
  pickKind,
  PRICED_TYPES,
  shuffle,
  SPECIAL_WINDOWS,
  TAX_CLASS,
  typeCounts,
  UNLIMITED,
  VAT_NL,
  WINDOW_ORDER,
  type SpecialPlan,
  type StockPlan,
} from './plan-draws'
import type { NameChoice } from './product-names'
import { CUSTOM_OPTION_FAMILIES, PRODUCT_KINDS, type ListedKind, type ProductKind } from './product-kinds'
import type { Random } from './random'
import { distinguishSameNames } from './unique-names'
import { isoAt } from './timeline'

export type { SpecialPlan, StockPlan } from './plan-draws'
export { typeCounts } from './plan-draws'

export function padId(id: number): string {
  return String(id).padStart(5, '0')
}

export interface ChildPlan {
  id: number
  sku: string
  colour: string
  size: string
  price: number
  status: number
  stock: StockPlan
}

export interface LinkPlan {
  sku: string
  type: ProductType
  qty: number
  price: number
}

export interface BundleOptionPlan {
  /** the leaf category the choices come from; its name titles the option */
  leaf: CategoryNode
  links: LinkPlan[]
}

export interface ProductPlan {
  id: number
  sku: string
  type: ProductType
  kind: ProductKind
  name: NameChoice
  descriptionVariant: number
  /** index into BRANDS; undefined for the shop's own products */
  brand?: number
  leaf: CategoryNode
  top: CategoryNode
  price: number
  taxClassId: number
  special?: SpecialPlan
  stock: StockPlan
  soldQty: number
  status: number
  visibility: number
  erinRecommends: boolean
  pictureColour: string
  createdAt: string
  updatedAt: string
  children?: ChildPlan[]
  colours?: string[]
  sizes?: string[]
  links?: LinkPlan[]
  bundle?: BundleOptionPlan[]
  giftcard?: { type: 1 | 2 | 3; openAmount: boolean }
  /** carries the gift wrapping and engraving custom options (product-kinds.ts) */
  customOptions?: boolean
}

export interface PlanOptions {
  products: number
  rng: Random
  categories: readonly CategoryNode[]
}

export function planProducts({ products: total, rng, categories }: PlanOptions): ProductPlan[] {
  const counts = typeCounts(total)
  const types = shuffle(
    rng,
    (Object.keys(counts) as ProductType[]).flatMap((t) => Array<ProductType>(counts[t]).fill(t)),
  )
  const byId = new Map(categories.map((c) => [c.id, c]))
  let nextChildId = total + 1
  let specialCount = 0

  const drawSpecial = (): SpecialPlan | undefined => {
    if (!rng.chance(0.15)) return undefined
    // The first specials cycle through every window state so even a small shop has all of them.
    const state =
      specialCount < WINDOW_ORDER.length ? WINDOW_ORDER[specialCount]! : rng.pick(['active', 'active', 'active', 'expired', 'future', 'openEnded'] as const)
    specialCount++
    return { discount: rng.int(2, 8) * 0.05, ...SPECIAL_WINDOWS[state] }
  }

  const base = (id: number, type: ProductType, kind: ProductKind): ProductPlan => {
    const leaf = leafByKey(categories, kind.leaf)
    const created = isoAt((id - 1) * 17)
    const ownProduct = kind.family === 'giftcard' || kind.family === 'set' || kind.family === 'workshop' || kind.family === 'repair'
    const name: NameChoice = {}
    if (kind.naming === 'composed') {
      name.adjective = rng.pick(kind.adjectives)
      if (type === 'simple') name.colour = rng.pick(kind.palette)
    } else {
      name.phrase = rng.int(0, kind.phrases.length - 1)
      if (kind.suffixes) name.suffix = rng.int(0, kind.suffixes.length - 1)
    }
    const rareOff = rng.chance(0.01)
    const hidden = rng.chance(0.02)
    return {
      id,
      sku: `PLD-${padId(id)}`,
      type,
      kind,
      name,
      descriptionVariant: rng.int(0, 8),
      ...(ownProduct ? {} : { brand: rng.int(0, BRANDS.length - 1) }),
      leaf,
      top: byId.get(leaf.parentId)!,
      price: drawPrice(rng, kind.retail, kind.tax),
      taxClassId: TAX_CLASS[kind.tax],
      stock: drawStock(rng),
      soldQty: Math.floor(rng.next() ** 2 * 501),
      status: rareOff ? ProductStatus.Disabled : ProductStatus.Enabled,
      visibility: hidden ? rng.pick([Visibility.Catalog, Visibility.Search]) : Visibility.Both,
      erinRecommends: rng.chance(0.1),
      pictureColour: name.colour ?? rng.pick(kind.palette),
      createdAt: created,
      updatedAt: isoAt((id - 1) * 17 + rng.int(0, 60 * 24 * 30)),
    }
  }

  const plans: ProductPlan[] = new Array(total)
  const kindsOf = (type: ProductType) => PRODUCT_KINDS.filter((k) => k.type === type)

  // First everything that stands alone, so grouped and bundle products can link to real simple skus.
  types.forEach((type, index) => {
    if (type === 'grouped' || type === 'bundle') return
    const id = index + 1
    const kind = pickKind(rng, kindsOf(type))
    const plan = base(id, type, kind)
    if (PRICED_TYPES.has(type)) {
      const special = drawSpecial()
      if (special) plan.special = special
    }
    if (type === 'configurable') addChildren(plan)
    if (type === 'downloadable') plan.stock = UNLIMITED
    if (type === 'giftcard') {
      const gcType = ((index % 3) + 1) as 1 | 2 | 3
      plan.giftcard = { type: gcType, openAmount: rng.chance(0.5) }
      plan.name.suffix = gcType - 1
      plan.stock = UNLIMITED
      plan.price = 25
    }
    plans[index] = plan
  })

  function addChildren(plan: ProductPlan): void {
    const kind = plan.kind
    const colours = rng.sample(kind.palette, rng.int(2, 3))
    const all = kind.sizes === 'shoes' ? SHOE_SIZES : CLOTHING_SIZES
    const length = kind.sizes === 'shoes' ? rng.int(5, 7) : rng.int(4, 5)
    const start = rng.int(0, all.length - length)
    const sizes = all.slice(start, start + length)
    const retailBase = plan.price * (1 + VAT_NL[kind.tax])
    const children: ChildPlan[] = []
    for (const colour of colours) {
      for (const size of sizes) {
        // The largest sizes use more material and cost a little more.
        const bigger = size === 'XXL' || size === '45' || size === '46'
        children.push({
          id: nextChildId++,
          sku: `${plan.sku}-${colour.toUpperCase()}-${size}`,
          colour,
          size,
          price: bigger ? round2((retailBase + 5) / (1 + VAT_NL[kind.tax])) : plan.price,
          status: rng.chance(0.03) ? ProductStatus.Disabled : ProductStatus.Enabled,
          stock: drawStock(rng),
        })
      }
    }
    plan.children = children
    plan.colours = colours
    plan.sizes = sizes
    plan.pictureColour = colours[0]!
    plan.price = Math.min(...children.map((c) => c.price))
    const inStock = children.filter((c) => c.stock.is_in_stock)
    plan.stock = { qty: inStock.reduce((sum, c) => sum + c.stock.qty, 0), is_in_stock: inStock.length > 0, manage_stock: true }
  }

  // Composite products link to enabled simple products of the leaves their kind names.
  const simples = plans.filter((p): p is ProductPlan => p !== undefined && p.type === 'simple' && p.status === ProductStatus.Enabled)
  const simplesIn = (leafKey: string) => simplesByLeaf.get(leafKey) ?? simples
  const stockOf = new Map(simples.map((p) => [p.sku, p.stock.is_in_stock]))
  const simplesByLeaf = new Map<string, ProductPlan[]>()
  for (const p of simples) {
    const inLeaf = simplesByLeaf.get(p.leaf.key)
    if (inLeaf) inLeaf.push(p)
    else simplesByLeaf.set(p.leaf.key, [p])
  }
  const link = (p: ProductPlan, qty: number): LinkPlan => ({ sku: p.sku, type: p.type, qty, price: p.price })

  types.forEach((type, index) => {
    if (type !== 'grouped' && type !== 'bundle') return
    const kind = pickKind(rng, kindsOf(type)) as ListedKind
    const plan = base(index + 1, type, kind)
    const leaves = kind.linkLeaves ?? []
    if (type === 'grouped') {
      const pool = leaves.flatMap((key) => simplesIn(key))
      const linked = rng.sample([...new Set(pool)], rng.int(2, 4))
      plan.links = linked.map((p) => link(p, rng.int(1, 2)))
      plan.price = Math.min(...linked.map((p) => p.price))
      plan.stock = { qty: 0, is_in_stock: linked.some((p) => p.stock.is_in_stock), manage_stock: false }
    } else {
      const optionLeaves = rng.sample(leaves, rng.int(2, 3)).map((key) => leafByKey(categories, key))
      plan.bundle = optionLeaves.map((leaf) => ({ leaf, links: rng.sample(simplesIn(leaf.key), rng.int(2, 3)).map((p) => link(p, 1)) }))
      const defaults = plan.bundle.map((o) => o.links[0]!)
      plan.price = round2(defaults.reduce((sum, l) => sum + l.price * l.qty, 0))
      plan.stock = { qty: 0, is_in_stock: defaults.every((l) => stockOf.get(l.sku) === true), manage_stock: false }
    }
    plans[index] = plan
  })

  // Custom options on every third enabled home or cycling simple that no grouped or bundle product
  // links to (a set cannot ask for its pieces' options). No random draw: earlier draws stay put.
  const linked = new Set(plans.flatMap((p) => [...(p.links ?? []), ...(p.bundle ?? []).flatMap((o) => o.links)].map((l) => l.sku)))
  for (const p of simples) {
    if (p.id % 3 === 0 && CUSTOM_OPTION_FAMILIES.includes(p.kind.family) && !linked.has(p.sku)) p.customOptions = true
  }

  distinguishSameNames(plans)
  return plans
}
