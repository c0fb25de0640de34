/**
 * What a seed produces and the server imports: the catalogue of every store view, as source data.
 * Prices are the catalogue's source prices EXCLUDING tax (store views say sourcePriceIncludesTax:
 * false); the server's indexer adds the *_incl_tax fields per store view when it imports them.
 * The same shape is the documented format of a developer's own fixture file (--fixtures).
 */
import type { Attribute } from '../../domain/attribute.schema'
import type { Category } from '../../domain/category.schema'
import type { Coupon } from '../../domain/coupon.schema'
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
}

export interface DemoShop {
  catalog: Record<StoreCode, StoreCatalog>
  taxRules: TaxRule[]
  /** the shop's coupons; left out, the stored coupons stay as they are */
  coupons?: Coupon[]
}
