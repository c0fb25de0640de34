/** A grouped set: a quantity per piece. */
import { useId } from 'react'
import type { Product } from '../../../../domain/product.schema'
import type { ProductListItem } from '../../../data/worker-types'
import { useI18nContext } from '../../../../locales/i18n-react'
import { usePriceFormatter } from '../../../ui/store-view'
import { groupedLinks, type ProductChoices } from '../product-choices'
import { FieldError, type Update } from './shared'
import '../product-types.css'

export function GroupedPanel({
  product,
  choices,
  update,
  linked,
  error,
}: {
  product: Product
  choices: ProductChoices
  update: Update
  linked: ProductListItem[] | null
  error: boolean
}) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const baseId = useId()
  if (linked === null) {
    return (
      <p className="muted" role="status">
        {LL.productTypes.loadingLinked()}
      </p>
    )
  }
  const bySku = new Map(linked.map((p) => [p.sku, p]))
  const rows = groupedLinks(product).filter((l) => bySku.has(l.sku))
  if (rows.length === 0) return <p className="notice">{LL.productTypes.groupedEmpty()}</p>
  return (
    <div className="product-choices" data-testid="grouped-products">
      <table className="grouped-table">
        <caption>{LL.productTypes.groupedTitle()}</caption>
        <thead>
          <tr>
            <th scope="col">{LL.productTypes.groupedProduct()}</th>
            <th scope="col">{LL.productTypes.groupedPrice()}</th>
            <th scope="col">{LL.productTypes.groupedQty()}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const item = bySku.get(row.sku)!
            return (
              <tr key={row.sku} data-sku={row.sku}>
                <th scope="row">
                  {item.name}
                  {item.is_in_stock ? null : <span className="muted small"> ({LL.product.outOfStock()})</span>}
                </th>
                <td>{format(item.final_price_incl_tax)}</td>
                <td>
                  <input
                    id={`${baseId}-${row.sku}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    className="qty-input"
                    aria-label={LL.productTypes.qtyOf({ name: item.name })}
                    value={choices.grouped[row.sku] ?? '0'}
                    onChange={(e) => update((c) => ({ ...c, grouped: { ...c.grouped, [row.sku]: e.target.value } }))}
                  />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <FieldError id={`${baseId}-error`} text={error ? LL.productTypes.groupedChooseOne() : null} />
    </div>
  )
}

// --- gift card ------------------------------------------------------------------------
