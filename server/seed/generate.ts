/**
 * The deterministic demo shop: `generateDemoShop({ products, seed })` returns the same catalogue
 * for the same options on every machine (seeded PRNG, fixed 2026 timeline, no clock reads).
 * `products` counts parent and standalone products; configurable children come on top, nested in
 * their parents. Plans are drawn once (product-plan.ts) and rendered per store view, so ids, skus,
 * prices, stock and structure are identical across en, nl, be and fr. `planDemoShop` keeps only
 * the plans (small) and renders a store view's products one at a time as the importer reads them,
 * so `npm run seed -- --products 100000` never holds more than one product per store view.
 */
import { STORE_CODES, type StoreCode } from '../../domain/store-views'
import { renderAttributes } from './attributes'
import { buildCategoryNodes, renderCategories, type CategoryNode } from './categories'
import type { DemoShop, ShopSource, StoreCatalog, StoreCatalogSource } from './demo-shop'
import { demoPriceHistory } from './price-history'
import { planProducts, type ProductPlan } from './product-plan'
import { renderProduct, type CategoryPositions } from './product-render'
import { createRandom } from './random'
import { demoCms } from './content'
import { demoBanners, demoInfoBanners, featuredProducts } from './content/banners'
import { demoCoupons } from './coupons'
import { demoTaxRules } from './tax-rules'
import { isoAt } from './timeline'
import { demoReviews, reviewedProducts } from './reviews/demo-reviews'

export const DEFAULT_PRODUCT_COUNT = 2000
export const DEFAULT_SEED = 20260101

export interface GenerateOptions {
  products?: number
  seed?: number
}

export class InvalidSeedOptionsError extends Error {
  override name = 'InvalidSeedOptionsError'
}

/** Positions of products within each category (1-based, in id order), and counts including descendants. */
function categoryIndex(plans: readonly ProductPlan[], nodes: readonly CategoryNode[]) {
  const positions = new Map<number, Map<number, number>>()
  const counts = new Map<number, number>()
  const byId = new Map(nodes.map((n) => [n.id, n]))
  for (const plan of plans) {
    for (const category of [plan.top, plan.leaf]) {
      let inCategory = positions.get(category.id)
      if (!inCategory) positions.set(category.id, (inCategory = new Map()))
      inCategory.set(plan.id, inCategory.size + 1)
    }
    // Every ancestor of the leaf counts the product once (the root included).
    for (const id of plan.leaf.pathIds) {
      if (byId.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1)
    }
  }
  return { positions: positions as CategoryPositions, counts }
}

function checkOptions(options: GenerateOptions): { products: number; seed: number } {
  const products = options.products ?? DEFAULT_PRODUCT_COUNT
  const seed = options.seed ?? DEFAULT_SEED
  if (!Number.isInteger(products) || products < 20) throw new InvalidSeedOptionsError(`products must be an integer of at least 20, got ${products}`)
  if (!Number.isInteger(seed)) throw new InvalidSeedOptionsError(`seed must be an integer, got ${seed}`)
  return { products, seed }
}

/** The demo shop as plans, rendered per store view on demand (each product as it is read). */
export interface DemoShopPlan extends ShopSource {
  storeCatalog(storeCode: StoreCode): StoreCatalogSource
  /** products (parents and standalone) per store view, and configurable children on top */
  counts: { products: number; children: number; categories: number; attributes: number }
}

export function planDemoShop(options: GenerateOptions = {}): DemoShopPlan {
  const { products, seed } = checkOptions(options)
  const rng = createRandom(seed)
  const nodes = buildCategoryNodes()
  const plans = planProducts({ products, rng, categories: nodes })
  const { positions, counts } = categoryIndex(plans, nodes)
  const updatedAt = isoAt(0)
  const children = plans.reduce((sum, plan) => sum + (plan.children?.length ?? 0), 0)
  const priceHistory = demoPriceHistory(plans)
  const reviewed = reviewedProducts(plans, seed)
  const featured = featuredProducts(plans.map((plan) => ({ ...plan, topId: plan.top.id, picture: plan.kind.picture })))

  return {
    storeCatalog: (store) => ({
      products: {
        *[Symbol.iterator]() {
          for (const plan of plans) yield renderProduct(plan, store, positions)
        },
      },
      categories: renderCategories(nodes, store, counts, updatedAt),
      attributes: renderAttributes(store, updatedAt),
      ...demoCms(store),
      banners: demoBanners(
        store,
        nodes,
        featured.map((plan) => renderProduct(plan, store, positions)),
      ),
      info_banners: demoInfoBanners(store),
      price_history: priceHistory,
      reviews: demoReviews(reviewed, store, seed),
    }),
    taxRules: demoTaxRules(updatedAt),
    coupons: demoCoupons(),
    counts: {
      products: plans.length,
      children,
      categories: renderCategories(nodes, 'en', counts, updatedAt).length,
      attributes: renderAttributes('en', updatedAt).length,
    },
  }
}

/** The whole demo shop in memory, all four store views (tests; small shops). */
export function generateDemoShop(options: GenerateOptions = {}): DemoShop {
  const plan = planDemoShop(options)
  const catalogFor = (store: StoreCode): StoreCatalog => {
    const source = plan.storeCatalog(store)
    return { ...source, products: [...source.products] }
  }
  const catalog = Object.fromEntries(STORE_CODES.map((code) => [code, catalogFor(code)])) as Record<StoreCode, StoreCatalog>
  return { catalog, taxRules: plan.taxRules, coupons: plan.coupons }
}
