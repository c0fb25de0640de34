/** The lines of a cart or an order as a table: product (with its chosen options), quantity, row total incl. VAT. */
import { useI18nContext } from '../../locales/i18n-react'
import { usePriceFormatter } from '../ui/store-view'

export interface OrderLine {
  key: string
  name: string
  qty: number
  /** one unit incl. VAT, in cents */
  price_incl_tax: number
  options: { label: string; value: string }[]
}

/** `totals`: each line's total by its key, as the worker's view carries them. */
export function OrderLinesTable({ lines, totals }: { lines: readonly OrderLine[]; totals: Readonly<Record<string, number>> }) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  return (
    <table className="checkout-lines">
      <thead>
        <tr>
          <th scope="col">{LL.checkout.product()}</th>
          <th scope="col">{LL.checkout.qty()}</th>
          <th scope="col">{LL.cart.rowTotal()}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            <th scope="row">
              {line.name}
              {line.options.length ? <span className="muted small"> ({line.options.map((o) => `${o.label}: ${o.value}`).join(', ')})</span> : null}
            </th>
            <td>{line.qty}</td>
            <td>{format(totals[line.key] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
