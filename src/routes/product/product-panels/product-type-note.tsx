import type { Product } from '../../../../domain/product.schema'
import { useI18nContext } from '../../../../locales/i18n-react'

/** Virtual and downloadable products say that nothing ships. */
export function ProductTypeNote({ product }: { product: Product }) {
  const { LL } = useI18nContext()
  if (product.type_id !== 'virtual' && product.type_id !== 'downloadable') return null
  return (
    <p className="product-type-note muted" data-testid="no-shipping-note">
      {product.type_id === 'virtual' ? LL.productTypes.virtualNote() : LL.productTypes.downloadableNote()}
    </p>
  )
}
