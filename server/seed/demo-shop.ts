/**
 * What a seed produces and the server imports: the catalogue of every store view, as source data.
 * Prices are the catalogue's source prices EXCLUDING tax (store views say sourcePriceIncludesTax:
 * false); the server's indexer adds the *_incl_tax fields per store view when it imports them.
 * The same shape is the documented format of a developer's own fixture file (--fixtures).
 */
import type { Attribute } from '../../domain/attribute.schema'
import type { Banner, InfoBanner } from '../../domain/banner.schema'
import type { Category } from '../../domain/category.schema'
import type { BlogCategory, BlogPost } from '../../domain/blog.schema'
import type { CmsBlock, CmsHierarchyNode, CmsPage } from '../../domain/cms.schema'
import type { FixtureCustomer } from '../../domain/customer-fixture.schema'
import type { Coupon } from '../../domain/coupon.schema'
import type { PriceHistoryEntry } from '../../domain/price-history.schema'
import type { ReviewFixture } from '../../domain/review.schema'
import type { Product } from '../../domain/product.schema'
import type { StoreCode } from '../../domain/store-views'
import type { TaxRule } from '../../domain/tax-rule.schema'
import type { UrlRewrite } from '../../domain/url-rewrite.schema'

export interface StoreCatalog {
  products: Product[]
  /** flat list; the tree is given by parent_id/path (root id 2) */
  categories: Category[]
  attributes: Attribute[]
  /**
   * Rewrites of the shop's own on top of the derived ones (every url_path, and the legacy Magento
   * paths as 301s); one with the same request_path replaces the derived one.
   */
  urlRewrites?: UrlRewrite[]
  /** the store view's CMS pages (`/i/{identifier}`); left out: none (a re-import then removes them) */
  cms_pages?: CmsPage[]
  /** the store view's CMS blocks (the footer's, ...); left out: none */
  cms_blocks?: CmsBlock[]
  /** the tree of the store view's pages (headings and page nodes); left out: none */
  cms_hierarchy?: CmsHierarchyNode[]
  /** the blog's categories (`/blog/category/{url_key}`); left out: none */
  blog_categories?: BlogCategory[]
  /** the blog's posts (`/blog/{url_key}`); left out: none */
  blog_posts?: BlogPost[]
  /** the store view's home and product banners and head image; left out: none */
  banners?: Banner[]
  /** the store view's info banners (delivery, opening hours); left out: none */
  info_banners?: InfoBanner[]
  /**
   * regular prices of skus before this import, with the moment each took effect (the Omnibus
   * reference prices of sale products come from them); left out: the history stays as it is
   */
  price_history?: PriceHistoryEntry[]
  /** approved reviews, shown at once (a seeded shopper's: no account, no address); left out: none added */
  reviews?: ReviewFixture[]
}

/**
 * A store view's catalogue as the importer reads it: products may come one at a time (the demo
 * generator renders each as it is read), so a big shop never holds a whole store view at once.
 * A StoreCatalog is one.
 */
export interface StoreCatalogSource extends Omit<StoreCatalog, 'products'> {
  products: Iterable<Product>
}

/**
 * A shop handed to the importer one store view at a time: it asks for each catalogue in turn and
 * lets go of it before asking for the next (a DemoShop holds all four at once; at 100,000 products
 * that no longer fits in Node's default heap).
 */
export interface ShopSource {
  storeCatalog(storeCode: StoreCode): StoreCatalogSource | undefined
  taxRules: TaxRule[]
  coupons?: Coupon[]
}

export interface DemoShop {
  catalog: Record<StoreCode, StoreCatalog>
  taxRules: TaxRule[]
  /** the shop's coupons; left out, the stored coupons stay as they are */
  coupons?: Coupon[]
  /** demo customers with their addresses and past orders (server/seed/customers.ts); left out: the demo shop's two */
  customers?: FixtureCustomer[]
}

export function isShopSource(shop: DemoShop | ShopSource): shop is ShopSource {
  return typeof (shop as Partial<ShopSource>).storeCatalog === 'function'
}

/** A whole shop in memory (a fixture file, a test's shop) read as a source. */
export function shopSource(shop: DemoShop | ShopSource): ShopSource {
  if (isShopSource(shop)) return shop
  return {
    storeCatalog: (storeCode) => shop.catalog[storeCode],
    taxRules: shop.taxRules,
    ...(shop.coupons ? { coupons: shop.coupons } : {}),
  }
}
