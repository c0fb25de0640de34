import { formatDate, type Cents } from '../../domain/money'
import { useI18nContext } from '../../locales/i18n-react'
import { usePriceFormatter, useStoreView } from '../ui/store-view'
import type { ProductView } from '../data/worker-types'
import './price.css'

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

/**
 * A price; during a reduction the price history backs, the reference price (the lowest of the 30
 * days before it) struck through and named as such (Omnibus rule). Nothing else is ever struck through.
 */
export function Price({
  final,
  reference,
  testId,
  large,
  freshness,
  from,
}: {
  final: Cents
  /** the reduction's reference price (domain/omnibus), when its price history backs it */
  reference?: Cents | null
  testId?: string
  large?: boolean
  /** the lowest price of several (grouped and bundle products on tiles): "From €6.99" */
  from?: boolean
  /** product pages only: adds the "not current" note when the shop could not confirm the price */
  freshness?: PriceFreshness
}) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const old = typeof reference === 'number' && reference > final ? reference : null
  const special = old !== null
  return (
    <p
      className={`price${large ? ' price--large' : ''}${special ? ' price--special' : ''}`}
      data-price-current={freshness ? String(freshness.priceIsCurrent ?? 'unknown') : undefined}
    >
      {old !== null ? (
        <>
          {/* named by the lowest-price line below it */}
          <del className="price__old">{format(old)}</del>{' '}
        </>
      ) : null}
      {from ? <span className="price__from">{LL.listing.priceFrom()} </span> : null}
      <span className="price__final" data-testid={testId}>
        {format(final)}
      </span>
      {old !== null ? (
        // a span: it sits inside the price's <p>
        <span className="price__reference">{LL.product.lowestPrice30Days({ price: format(old) })}</span>
      ) : null}
      {freshness ? <PriceFreshnessNote freshness={freshness} /> : null}
    </p>
  )
}
