import { formatDate, toCents, type Cents } from '../../domain/money'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import { useI18nContext } from '../../locales/i18n-react'
import { usePriceFormatter, useStoreView } from '../ui/store-view'
import type { ProductView } from '../data/worker-types'
import './price.css'

/** What the shopper pays now and the regular price, incl. tax, in cents (from a wire document). */
export function pricesOf(item: Pick<Product, 'price' | 'price_incl_tax' | 'final_price_incl_tax' | 'original_price_incl_tax'> | ConfigurableChild): {
  final: Cents
  original: Cents
} {
  const final = toCents(item.final_price_incl_tax ?? item.price_incl_tax ?? item.price)
  const original = toCents(item.original_price_incl_tax ?? item.price_incl_tax ?? item.price)
  return { final, original: Math.max(original, final) }
}

/**
 * Whether a product page's prices were confirmed by the shop (spec §4: prices are marked current or
 * not after the platform price refresh): the worker's flags on the product view.
 */
export type PriceFreshness = Pick<ProductView, 'priceIsCurrent' | 'priceRefreshedAt'>

/** A discreet note under a price that is not current; nothing when it is, or when nobody said. */
function PriceFreshnessNote({ freshness }: { freshness: PriceFreshness }) {
  const { LL } = useI18nContext()
  const { storeView } = useStoreView()
  if (freshness.priceIsCurrent !== false) return null
  const at = freshness.priceRefreshedAt ? new Date(freshness.priceRefreshedAt) : null
  return (
    // a span: it sits inside the price's <p>
    <span className="price__note" data-testid="price-not-current">
      {at && !Number.isNaN(at.getTime()) ? LL.related.priceCheckedAt({ date: formatDate(at, storeView.i18n.dateFormat) }) : LL.related.priceNotChecked()}
    </span>
  )
}

/** A price with the old price struck through when a special price applies. */
export function Price({
  final,
  original,
  testId,
  large,
  freshness,
  from,
}: {
  final: Cents
  original: Cents
  testId?: string
  large?: boolean
  /** the lowest price of several (grouped and bundle products on tiles): "From €6.99" */
  from?: boolean
  /** product pages only: adds the "not current" note when the shop could not confirm the price */
  freshness?: PriceFreshness
}) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const special = original > final
  return (
    <p
      className={`price${large ? ' price--large' : ''}${special ? ' price--special' : ''}`}
      data-price-current={freshness ? String(freshness.priceIsCurrent ?? 'unknown') : undefined}
    >
      {special ? (
        <>
          <del className="price__old">
            <span className="visually-hidden">{LL.product.oldPrice({ price: '' })}</span>
            {format(original)}
          </del>{' '}
        </>
      ) : null}
      {from ? <span className="price__from">{LL.listing.priceFrom()} </span> : null}
      <span className="price__final" data-testid={testId}>
        {format(final)}
      </span>
      {freshness ? <PriceFreshnessNote freshness={freshness} /> : null}
    </p>
  )
}
