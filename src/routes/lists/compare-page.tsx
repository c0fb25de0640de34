/**
 * /compare, "Compare Products" (spec §2): one column per product on the compare list (at most 5),
 * rows for the picture and name, the price incl. VAT and every comparable attribute that at least
 * one of them has. A real table: product names are column headers, row labels are row headers.
 */
import { Link } from '@tanstack/react-router'
import { useI18nContext } from '../../../locales/i18n-react'
import { Price } from '../../components/price'
import { ProductImage } from '../../components/product-image'
import { useListCommand } from '../../components/list-toggles'
import { useCompareView } from '../../data/use-lists'
import { useDocumentTitle } from '../../ui/document-title'
import { compareValue } from './compare-values'
import '../../components/lists.css'
import { ListCartButton } from '../../components/list-cart-button'
import { ProductLink } from '../../components/shop-links'

export function ComparePage() {
  const { LL } = useI18nContext()
  const view = useCompareView()
  const run = useListCommand()
  useDocumentTitle(LL.lists.compareTitle())
  const items = view?.items ?? []
  const products = new Map((view?.products ?? []).map((p) => [p.sku, p]))
  const rows = (view?.attributes ?? [])
    .map((attribute) => ({ attribute, values: items.map((item) => compareValue(attribute, products.get(item.sku), item)) }))
    .filter((row) => row.values.some((v) => v !== null))
    .sort((a, b) => a.attribute.frontend_label.localeCompare(b.attribute.frontend_label))

  return (
    <section className="compare-page">
      <h1>{LL.lists.compareTitle()}</h1>
      {view === undefined ? null : items.length === 0 ? (
        <div className="empty-state">
          <p>{LL.lists.compareEmpty()}</p>
          <Link to="/" className="button button--primary">
            {LL.lists.continueShopping()}
          </Link>
        </div>
      ) : (
        <>
          <div className="compare-table-wrap" role="region" aria-labelledby="compare-caption" tabIndex={0}>
            <table className="compare-table" data-testid="compare-table">
              <caption id="compare-caption">{LL.lists.compareCaption({ count: items.length })}</caption>
              <thead>
                <tr>
                  <td />
                  {items.map((item) => (
                    <th key={item.sku} scope="col" className="compare-table__product" data-testid="compare-column" data-sku={item.sku}>
                      <ProductLink product={item}>
                        <ProductImage path={item.image} width={140} height={140} alt="" />
                        <span>{item.name}</span>
                      </ProductLink>
                      <ListCartButton item={item} />
                      <button
                        type="button"
                        className="button button--light button--small"
                        data-testid="compare-remove"
                        aria-label={LL.lists.removeFromCompare({ name: item.name })}
                        onClick={() => void run({ type: 'remove', list: 'compare', sku: item.sku })}
                      >
                        {LL.lists.remove()}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{LL.lists.price()}</th>
                  {items.map((item) => (
                    <td key={item.sku}>
                      <Price final={item.final_price_incl_tax} reference={item.omnibus_price_incl_tax} testId="price" />
                    </td>
                  ))}
                </tr>
                {rows.map(({ attribute, values }) => (
                  <tr key={attribute.attribute_code} data-testid="compare-attribute" data-code={attribute.attribute_code}>
                    <th scope="row">{attribute.frontend_label}</th>
                    {values.map((value, i) => (
                      <td key={items[i]!.sku}>
                        {value ?? (
                          <>
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">{LL.lists.notSpecified()}</span>
                          </>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="list-page__actions">
            <button type="button" className="button button--secondary" onClick={() => void run({ type: 'clear', list: 'compare' })}>
              {LL.lists.clearCompare()}
            </button>
          </p>
        </>
      )}
    </section>
  )
}
