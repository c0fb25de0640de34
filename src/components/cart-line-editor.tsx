/**
 * Cart edit mode (spec §4): a configurable line's options and qty changed in place. The line is
 * edited as its configurable parent (a child's line shows the parent's choices, preset to the
 * child); Update sends one `editLine` command, Cancel or Escape closes without a change.
 */
import { useId, useMemo, useState } from 'react'
import type { CartItem } from '../../domain/cart.schema'
import { chooseVariant, configurationOfChild, type Configuration } from '../../domain/variant'
import { useI18nContext } from '../../locales/i18n-react'
import { useProduct } from '../data/hooks'
import { ProductOptions } from '../routes/product/product-options'
import { QtyField } from '../routes/product/qty-field'
import { useCartCommand } from '../ui/cart-command'

export function CartLineEditor({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const { LL } = useI18nContext()
  const view = useProduct(item.parentSku)
  const { run, busy } = useCartCommand()
  const id = useId()
  const product = view.product
  const [childSku, setChildSku] = useState(item.sku)
  const [qty, setQty] = useState(item.qty)
  const child = useMemo(() => product?.configurable_children?.find((c) => c.sku === childSku) ?? null, [product, childSku])
  const configuration: Configuration = useMemo(() => (product && child ? configurationOfChild(product, child) : {}), [product, child])

  if (!product) {
    return (
      <p className="cart-line__edit muted small" role="status">
        {view.state === 'loading' ? LL.product.loading() : LL.microcart.editUnavailable()}
      </p>
    )
  }

  const onChoose = (code: string, valueIndex: number, label: string) => {
    const wanted: Configuration = { ...configuration, [code]: { attribute_code: code, id: valueIndex, label } }
    // as on the product page: among the children with the clicked value, the closest to the rest
    const withValue = (product.configurable_children ?? []).filter((c) => String(c[code]) === String(valueIndex))
    const result = chooseVariant({ ...product, configurable_children: withValue }, { configuration: wanted }, { fallbackToFirst: false })
    if (result.child) setChildSku(result.child.sku)
  }

  const update = async () => {
    if (await run({ type: 'editLine', key: item.key, childSku, qty })) onClose()
  }

  return (
    <form
      className="cart-line__edit"
      aria-label={LL.microcart.editOptionsOf({ name: item.name })}
      data-testid="cart-line-editor"
      onSubmit={(e) => {
        e.preventDefault()
        void update()
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation()
          onClose()
        }
      }}
    >
      <ProductOptions product={product} configuration={configuration} onChoose={onChoose} />
      <div className="cart-line__edit-qty">
        <QtyField id={`${id}-qty`} value={qty} onChange={setQty} />
      </div>
      <button type="submit" className="button button--small button--primary" disabled={busy}>
        {LL.microcart.update()}
      </button>{' '}
      <button type="button" className="button button--small button--secondary" onClick={onClose}>
        {LL.microcart.cancel()}
      </button>
    </form>
  )
}
