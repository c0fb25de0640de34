/**
 * The product page: the full document from the local database (fetched on view in shopper mode),
 * variant choice for configurables through the URL's child sku, and add to cart. Before the full
 * document arrives (or when it cannot: offline, server trouble) the listing's light document is shown
 * (./product-light); with nothing on the device the page says why, in the words of its state
 * (offline, server trouble with a Retry, "Still loading…" when slow).
 */
import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { Suspense, useMemo, useRef, useState } from 'react'
import type { Product } from '../../../domain/product.schema'
import { chooseVariant, configurationOfChild, type Configuration } from '../../../domain/variant'
import { useI18nContext } from '../../../locales/i18n-react'
import { Breadcrumbs } from '../../components/breadcrumbs'
import { categoryTrail, deepestCategory } from '../../../domain/category-trail'
import { OfflineUnavailable } from '../../components/offline-unavailable'
import { ServerTrouble } from '../../components/server-trouble'
import { ListToggles } from '../../components/list-toggles'
import { Price, type PriceFreshness } from '../../components/price'
import { pricesOf } from './prices-of'
import type { ProductView } from '../../data/worker-types'
import { LazyStockAlertForm, loadProductLight, loadRelatedProducts } from '../../components/lazy-panels'
import { useRecordProductView } from '../../data/use-recently-viewed'
import { useCategories, useProduct } from '../../data/hooks'
import { useDocumentTitle } from '../../ui/document-title'
import { firstScreenCrumbs, firstScreenProduct } from '../../ui/first-screen'
import { ProductFrame } from './product-frame'
import { useSlow } from '../../ui/slow'
import { useLaterModule } from '../../ui/later-module'
import type { ProductPageSearch } from '../../ui/product-search-params'
import { notificationId, useNotifications } from '../../ui/notifications'
import { NotFoundPage } from '../not-found-page'
import { ProductGallery } from './product-gallery'
import { ProductOptions } from './product-options'
import { ProductTypeNote } from './product-panels/product-type-note'
import { ProductTypePanels } from './product-panels/product-type-panels'
import { useProductChoices } from './use-product-choices'
import { AddToCartForm } from './add-to-cart-form'

const LOW_STOCK = 5

/** The sku of the product on screen, from its full document or its light one; null while loading or with nothing to show. */
function shownSkuOf(view: ProductView): string | null {
  return (view.state === 'ready' ? view.product : view.state === 'light' ? view.light : null)?.sku ?? null
}

export function ProductRoutePage() {
  const params = useParams({ strict: false })
  const search: ProductPageSearch = useSearch({ strict: false })
  const parentSku = params.parentSku ?? ''
  // the shopper's Retry: a new attempt subscribes again, so the worker asks the server again
  const [attempt, setAttempt] = useState(0)
  const view = useProduct(parentSku, attempt)
  const retry = () => setAttempt((n) => n + 1)
  const { LL } = useI18nContext()
  // a reload of the shown product (a newer document arrived) keeps the page and the shopper's
  // choices on screen instead of flashing "loading" and starting over
  const shown = useRef<ShownView | null>(null)
  if (view.state === 'ready' && view.product) shown.current = { ...view, product: view.product }
  else if (view.state !== 'loading' || shown.current?.product.sku !== parentSku) shown.current = null
  const details = (v: ShownView) => (
    <ProductDetails
      key={v.product.sku}
      product={v.product}
      freshness={v}
      slug={params.slug ?? v.product.slug}
      childSku={params.childSku ?? null}
      colour={search.color}
    />
  )
  // recently viewed (spec: my-recently-viewed): one entry per product shown, from its full document
  // or from the light one the device holds (a shopper who leaves before the full one arrives saw it too)
  useRecordProductView(shownSkuOf(view))
  // the view from the device's light document comes after the first load: a first visit has none yet
  // (src/ui/later-module.ts); until its chunk is in, the page shows it is loading
  const light = useLaterModule(loadProductLight)
  const lightView = view.state === 'light' && view.light ? view.light : null
  const loading = view.state === 'loading' || (lightView !== null && !light)
  const slow = useSlow(loading && !shown.current)
  if (shown.current && view.state === 'loading') return details(shown.current)
  if (loading) {
    const status = (
      <p className="muted" role="status" data-testid="product-loading" data-slow={slow}>
        {slow ? LL.connection.stillLoading() : LL.product.loading()}
      </p>
    )
    // a page load of this product: its frame and main picture from the server's first-screen facts
    const first = firstScreenProduct(parentSku)
    if (!first) return status
    return (
      <ProductFrame testId="product-first-screen" crumbs={firstScreenCrumbs(first.trail, { name: first.name })} image={first.image} name={first.name}>
        {status}
      </ProductFrame>
    )
  }
  if (lightView && light)
    return (
      <light.LightProductDetails
        key={lightView.sku}
        light={lightView}
        fullDetails={view.fullDetails ?? 'loading'}
        onRetry={retry}
        AddToCartForm={AddToCartForm}
      />
    )
  // the worker loads it again when back online (workers/catalog/product-view), so the page says so
  if (view.state === 'offline-unavailable') return <OfflineUnavailable text={LL.connection.offlineProduct()} />
  if (view.state === 'server-trouble') return <ServerTrouble onRetry={retry} />
  if (view.state === 'missing' || !view.product) return <NotFoundPage />
  return details({ ...view, product: view.product })
}

/** a product view with its product (the page shows nothing else) */
type ShownView = ProductView & { product: Product }

function ProductDetails({
  product,
  freshness,
  slug,
  childSku,
  colour,
}: {
  product: Product
  freshness: PriceFreshness
  slug: string
  childSku: string | null
  /** the colour a filtered listing linked with (?color=), used when the address names no child */
  colour: number | undefined
}) {
  const { LL } = useI18nContext()
  const navigate = useNavigate()
  const { notify } = useNotifications()
  useDocumentTitle(product.name)
  // below the details, and only once it has products to show: after the first load
  const related = useLaterModule(loadRelatedProducts)

  const isConfigurable = product.type_id === 'configurable' && (product.configurable_children?.length ?? 0) > 0
  // the URL's child sku preselects the options; without one the first available child is shown
  // (the asked-for child is shown even when out of stock; the default prefers one in stock)
  const variant = useMemo(() => {
    if (!isConfigurable) return null
    if (childSku) return chooseVariant(product, { childSku }, { allowOutOfStock: true })
    // a filtered listing's colour (?color=) picks that colour's child, in stock first
    if (colour !== undefined) {
      const configuration: Configuration = { color: { attribute_code: 'color', id: colour } }
      const ofColour = chooseVariant(product, { configuration }, { fallbackToFirst: false })
      if (ofColour.child) return ofColour
      const soldOut = chooseVariant(product, { configuration }, { fallbackToFirst: false, allowOutOfStock: true })
      if (soldOut.child) return soldOut
    }
    const inStock = chooseVariant(product, {})
    return inStock.child ? inStock : chooseVariant(product, {}, { allowOutOfStock: true })
  }, [isConfigurable, product, childSku, colour])
  const child = variant?.child
  const configuration: Configuration = useMemo(() => (child ? configurationOfChild(product, child) : {}), [product, child])

  const onChoose = (code: string, valueIndex: number, label: string) => {
    const wanted: Configuration = { ...configuration, [code]: { attribute_code: code, id: valueIndex, label } }
    // only children carrying the clicked value qualify; among them the spec's choice decides
    const withValue = (product.configurable_children ?? []).filter((c) => String(c[code]) === String(valueIndex))
    const result = chooseVariant({ ...product, configurable_children: withValue }, { configuration: wanted }, { fallbackToFirst: false, allowOutOfStock: true })
    if (!result.child) {
      notify({ id: notificationId('no-such-configuration'), type: 'warning', key: 'noSuchConfiguration', action1: 'ok' })
      return
    }
    void navigate({
      to: '/p/$parentSku/$slug/$childSku',
      params: { parentSku: product.sku, slug, childSku: result.child.sku },
      replace: true,
      resetScroll: false,
    })
  }

  const types = useProductChoices(product, isConfigurable)

  // the chosen child's sku, stock and price, else the product's
  const shown = child ?? product
  const stock = shown.stock
  const inStock = stock.is_in_stock
  const lowStock = inStock && stock.manage_stock && stock.qty > 0 && stock.qty <= LOW_STOCK

  const { final, reference } = types.price ?? pricesOf(shown)
  const image = (child?.image as string | undefined) ?? product.image
  const categories = useCategories()
  // the deepest of the product's categories, with its ancestors (a polo: Men › Polos › the polo)
  const crumbs = useMemo(() => {
    const deepest = categories ? deepestCategory(product.category, categories) : undefined
    const trail = deepest && categories ? categoryTrail(deepest, categories).map((c) => ({ label: c.name, slug: c.slug })) : []
    return [...trail, { label: product.name }]
  }, [categories, product.category, product.name])
  // descriptions may carry back-office HTML: shown as plain text paragraphs, never injected as markup
  const description = useMemo(() => descriptionParagraphs(product.description), [product.description])

  return (
    <article className="product-page">
      <Breadcrumbs crumbs={crumbs} />
      <div className="product-page__layout">
        <ProductGallery product={product} image={image} />
        <div className="product-page__info">
          <h1>{product.name}</h1>
          <p className="muted small">{LL.product.sku({ sku: shown.sku })}</p>
          <div className="product-page__price">
            {types.isGrouped ? <span className="muted">{LL.productTypes.total()}</span> : null}
            <Price final={final} reference={reference} testId="price" large freshness={freshness} />
            {/* a gift card carries no VAT */}
            {product.type_id === 'giftcard' ? null : <span className="muted small">{LL.product.inclVat()}</span>}
          </div>
          <ProductTypeNote product={product} />
          <p className={`stock ${inStock ? (lowStock ? 'stock--low' : 'stock--in') : 'stock--out'}`} data-testid="stock">
            {!inStock ? LL.product.outOfStock() : lowStock ? LL.product.lowStock({ qty: stock.qty }) : LL.product.inStock()}
          </p>
          {variant?.error ? (
            <p className="notice notice--error" role="alert">
              {LL.messages.noAvailableVariants()}
            </p>
          ) : null}
          {isConfigurable ? <ProductOptions product={product} configuration={configuration} onChoose={onChoose} /> : null}
          {!types.available ? (
            <p className="notice notice--error" data-testid="product-unavailable">
              {LL.productTypes.unavailable()}
            </p>
          ) : (
            <AddToCartForm
              inStock={inStock}
              waiting={types.waiting}
              // the most the shop can take now: the known stock when it is managed, and the line's sale limit
              maxQty={qtyLimit(stock)}
              noQty={types.isGrouped}
              command={(qty) => types.command({ type: 'add', product, ...(child ? { childSku: child.sku } : {}), qty })}
            >
              {/* the choice panels (grouped, bundle, gift card, custom options) load with the first product that
                  has them, each its own chunk (product-panels/product-type-panels.tsx): most products are
                  simple or configurable, and draw none (nothing suspends, no loading line). The service
                  worker precaches them for offline use. */}
              <Suspense fallback={<p className="muted">{LL.product.loading()}</p>}>
                <ProductTypePanels product={product} isConfigurable={isConfigurable} form={types} />
              </Suspense>
            </AddToCartForm>
          )}
          {inStock ? null : <LazyStockAlertForm sku={shown.sku} />}
          <ListToggles sku={product.sku} name={product.name} />
          {product.description ? (
            <section className="product-page__description" aria-labelledby="product-description-title">
              <h2 id="product-description-title">{LL.product.description()}</h2>
              {description.map((text, i) => (
                <p key={i}>{text}</p>
              ))}
            </section>
          ) : null}
        </div>
      </div>
      {related ? <related.RelatedProducts sku={product.sku} productId={product.id} /> : null}
    </article>
  )
}

/** The most one add may ask for: the stock when managed and in stock, capped by the sale limit; undefined when unbounded. */
function qtyLimit(stock: Product['stock']): number | undefined {
  const limits = [stock.manage_stock && stock.qty > 0 ? Math.floor(stock.qty) : undefined, stock.max_sale_qty].filter(
    (n): n is number => n !== undefined && n >= 1,
  )
  return limits.length > 0 ? Math.min(...limits) : undefined
}

function descriptionParagraphs(html: string | undefined): string[] {
  if (!html) return []
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '$&\n'), 'text/html')
  return (doc.body.textContent ?? '')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
}
