/**
 * A product page shown from the listing's light document this device holds: name, price,
 * image and stock at once, while the full document is fetched or when it cannot be had (offline,
 * server trouble), with a short note that says which. A simple, virtual or downloadable product can
 * go into the cart from here (the worker's addSku falls back to the light document); other types
 * need the full document's choices, and say so.
 */
import { useMemo } from 'react'
import { categoryTrail, deepestCategory } from '../../../domain/category-trail'
import { useI18nContext } from '../../../locales/i18n-react'
import { ListToggles } from '../../components/list-toggles'
import { Price } from '../../components/price'
import type { LightProduct, ProductView } from '../../data/worker-types'
import { useCategories } from '../../data/hooks'
import { useDocumentTitle } from '../../ui/document-title'
import { useSlow } from '../../ui/slow'
import type { AddToCartForm as AddToCartFormType } from './add-to-cart-form'
import { ProductFrame } from './product-frame'

/** The types that go into the cart without choices, so without the full document. */
const PLAIN_TYPES = new Set<LightProduct['type_id']>(['simple', 'virtual', 'downloadable'])

export function LightProductDetails({
  light,
  fullDetails,
  onRetry,
  AddToCartForm,
}: {
  light: LightProduct
  fullDetails: NonNullable<ProductView['fullDetails']>
  onRetry: () => void
  /**
   * The product page's add-to-cart form, handed in: it is in the page's chunk, which this view
   * always comes with (an import would put it in a chunk of its own, one more request on the page).
   */
  AddToCartForm: typeof AddToCartFormType
}) {
  const { LL } = useI18nContext()
  useDocumentTitle(light.name)
  const slow = useSlow(fullDetails === 'loading')
  const categories = useCategories()
  const crumbs = useMemo(() => {
    const deepest = categories
      ? deepestCategory(
          light.category_ids.map((id) => ({ category_id: id })),
          categories,
        )
      : undefined
    const trail = deepest && categories ? categoryTrail(deepest, categories).map((c) => ({ label: c.name, slug: c.slug })) : []
    return [...trail, { label: light.name }]
  }, [categories, light.category_ids, light.name])

  const plain = PLAIN_TYPES.has(light.type_id)
  const inStock = light.is_in_stock
  const note =
    fullDetails === 'offline'
      ? LL.connection.lightOffline()
      : fullDetails === 'server-trouble'
        ? LL.connection.lightServerTrouble()
        : slow
          ? LL.connection.stillLoading()
          : LL.connection.lightLoading()

  return (
    <ProductFrame testId="product-light" crumbs={crumbs} image={light.image} name={light.name}>
      <p className="muted small">{LL.product.sku({ sku: light.sku })}</p>
      <div className="product-page__price">
        <Price final={light.final_price_incl_tax} reference={light.omnibus_price_incl_tax} testId="price" large />
        {light.type_id === 'giftcard' ? null : <span className="muted small">{LL.product.inclVat()}</span>}
      </div>
      <p className="notice notice--info" role="status" data-testid="product-light-note" data-full-details={fullDetails}>
        {note}{' '}
        {fullDetails === 'server-trouble' ? (
          <button type="button" className="button button--secondary" onClick={onRetry} data-testid="retry">
            {LL.connection.retry()}
          </button>
        ) : null}
      </p>
      <p className={`stock ${inStock ? 'stock--in' : 'stock--out'}`} data-testid="stock">
        {inStock ? LL.product.inStock() : LL.product.outOfStock()}
      </p>
      {plain ? (
        // by sku: the worker's addSku falls back to the light document
        <AddToCartForm inStock={inStock} command={(qty) => ({ type: 'addSku', sku: light.sku, qty })} />
      ) : (
        <p className="notice notice--info" data-testid="product-needs-full">
          {LL.connection.lightNeedsFull()}
        </p>
      )}
      <ListToggles sku={light.sku} name={light.name} />
    </ProductFrame>
  )
}
