import { toCents, type Cents } from '../../domain/money'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import { useI18nContext } from '../../locales/i18n-react'
import { usePriceFormatter } from '../ui/store-view'

/** What the shopper pays now and the regular price, incl. tax, in cents (from a wire document). */
export function pricesOf(item: Pick<Product, 'price' | 'price_incl_tax' | 'final_price_incl_tax' | 'original_price_incl_tax'> | ConfigurableChild): {
  final: Cents
  original: Cents
} {
  const final = toCents(item.final_price_incl_tax ?? item.price_incl_tax ?? item.price)
  const original = toCents(item.original_price_incl_tax ?? item.price_incl_tax ?? item.price)
  return { final, original: Math.max(original, final) }
}

/** A price with the old price struck through when a special price applies. */
export function Price({ final, original, testId, large }: { final: Cents; original: Cents; testId?: string; large?: boolean }) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const special = original > final
  return (
    <p className={`price${large ? ' price--large' : ''}${special ? ' price--special' : ''}`}>
      {special ? (
        <>
          <del className="price__old">
            <span className="visually-hidden">{LL.product.oldPrice({ price: '' })}</span>
            {format(original)}
          </del>{' '}
        </>
      ) : null}
      <span className="price__final" data-testid={testId}>
        {format(final)}
      </span>
    </p>
  )
}
