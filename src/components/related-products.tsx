/**
 * Up-sell ("You may also like") and cross-sell ("Customers also bought") blocks under a product
 * page (spec §9: 4 on desktop, 3–4 on mobile). The worker picks the products (local first, the
 * recommendation service for cross-sell when online); asked again when the product or the
 * connection changes. A block with nothing to show is left out. The product banners come after
 * them, in this chunk too (product-banners.tsx). The product's reviews come before them: this chunk
 * is the part of a product page loaded after the first load, and it loads the reviews' own chunk
 * with their words (product-reviews.tsx), which the first load's budget has no room for.
 */
import { useId } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { withLaterWords } from '../dictionary'
import { useLaterModule } from '../ui/later-module'
import type { ProductListItem } from '../data/worker-types'
import { useSyncStatus } from '../data/hooks'
import { useRelatedProducts } from '../data/use-related-products'
import { ProductBanners } from './product-banners'
import { ProductTile } from './product-tile'
import './related-products.css'

/** Spec §9: up-sell and cross-sell show 4 on desktop (3–4 on mobile: the grid wraps 2 × 2). */
export const RELATED_TILES = 4

function RelatedBlock({ title, items, testId }: { title: string; items: ProductListItem[]; testId: string }) {
  const id = useId()
  if (items.length === 0) return null
  return (
    <section className="related-products" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="related-products__title">
        {title}
      </h2>
      <ul className="product-grid related-products__grid">
        {items.map((item) => (
          <li key={item.sku}>
            <ProductTile item={item} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** a product's reviews and their words (a later part of the dictionary) */
const loadProductReviews = () => withLaterWords(import('./product-reviews'), ['reviews'])

export function RelatedProducts({ sku, productId }: { sku: string; productId: number }) {
  const { LL } = useI18nContext()
  const online = useSyncStatus()?.online
  const related = useRelatedProducts(sku, RELATED_TILES, online)
  const reviews = useLaterModule(loadProductReviews)
  return (
    <>
      {reviews ? <reviews.ProductReviews key={productId} productId={productId} /> : null}
      {related ? (
        <div className="related-products__blocks">
          <RelatedBlock title={LL.related.upsellTitle()} items={related.upsell} testId="upsell" />
          <RelatedBlock title={LL.related.crosssellTitle()} items={related.crosssell} testId="crosssell" />
        </div>
      ) : null}
      <ProductBanners />
    </>
  )
}
