/**
 * The choice panels of the product page, one per kind of choice: grouped pieces with their
 * quantities, bundle selections with option quantities, gift card amount and addresses, custom
 * options. Each is a controlled fieldset over the page's choices (use-product-choices.ts); prices
 * shown next to values are incl. tax in the store view's format. Validation messages show once the
 * shopper tried to add.
 *
 * Each panel is a chunk of its own (first-load JavaScript), so a product loads only the
 * panels of its type: a gift card its amount and addresses, not a bundle's selections. The page
 * shows a loading line in their place until they are in (src/routes/product/product-page.tsx).
 */
import { lazy } from 'react'
import type { Product } from '../../../../domain/product.schema'
import { useI18nContext } from '../../../../locales/i18n-react'
import type { ProductChoicesState } from '../use-product-choices'
import { FieldError } from './shared'

const GroupedPanel = lazy(() => import('./grouped-panel').then((m) => ({ default: m.GroupedPanel })))
const BundlePanel = lazy(() => import('./bundle-panel').then((m) => ({ default: m.BundlePanel })))
const GiftcardPanel = lazy(() => import('./giftcard-panel').then((m) => ({ default: m.GiftcardPanel })))
const CustomOptionsPanel = lazy(() => import('./custom-options-panel').then((m) => ({ default: m.CustomOptionsPanel })))

export function ProductTypePanels({ product, isConfigurable, form }: { product: Product; isConfigurable: boolean; form: ProductChoicesState }) {
  const { LL } = useI18nContext()
  const { choices, update, tried, issues, linked } = form
  const shownIssues = tried ? issues : null
  return (
    <>
      {form.isGrouped ? <GroupedPanel product={product} choices={choices} update={update} linked={linked} error={tried && form.lines.length === 0} /> : null}
      {product.type_id === 'bundle' ? <BundlePanel product={product} choices={choices} update={update} issues={shownIssues} linked={linked} /> : null}
      {product.type_id === 'giftcard' ? <GiftcardPanel product={product} choices={choices} update={update} issues={shownIssues} /> : null}
      {isConfigurable || (product.custom_options?.length ?? 0) === 0 ? null : (
        <CustomOptionsPanel product={product} choices={choices} update={update} issues={shownIssues} />
      )}
      <FieldError text={tried && issues.length > 0 ? LL.productTypes.fixErrors() : null} />
    </>
  )
}
