/**
 * What the product page needs for grouped, bundle, gift card and custom-option products, as data:
 * the choice state and its setter, the validation issues, the linked pieces, the live price with
 * those choices and the cart command to send. The panels (product-panels/) render it; the page
 * only asks "which price" and "which command".
 */
import { useMemo, useState } from 'react'
import { formatDate, toCents, type Cents } from '../../../domain/money'
import { lineLabels } from '../../../domain/cart-line-options'
import { groupedTotalCents, hasPricedOptions, unitPrice, validateOptions } from '../../../domain/option-price'
import type { Product } from '../../../domain/product.schema'
import type { CartCommand } from '../../data/worker-types'
import { useI18nContext } from '../../../locales/i18n-react'
import { usePriceFormatter, useStoreView } from '../../ui/store-view'
import { groupedLines, initialChoices, linkedSkus, productOptionOf } from './product-choices'
import { useLinkedProducts } from '../../data/use-linked-products'
import { pricesOf } from './prices-of'

export type ProductChoicesState = ReturnType<typeof useProductChoices>

export function useProductChoices(product: Product, isConfigurable: boolean) {
  const { LL } = useI18nContext()
  const format = usePriceFormatter()
  const { storeView } = useStoreView()
  const [choices, setChoices] = useState(() => initialChoices(product))
  const [tried, setTried] = useState(false)
  const linked = useLinkedProducts(useMemo(() => linkedSkus(product), [product]))
  const isGrouped = product.type_id === 'grouped'
  const pricedByOptions = !isConfigurable && hasPricedOptions(product)
  // spec §4 "Product availability": status 2 or higher is unavailable
  const available = product.status < 2
  const productOption = useMemo(() => productOptionOf(product, choices), [product, choices])
  const issues = useMemo(
    () => (pricedByOptions ? validateOptions(product, productOption, { today: formatDate(new Date(), 'YYYY-MM-DD') }) : []),
    [pricedByOptions, product, productOption],
  )
  const lines = useMemo(
    () => (isGrouped ? groupedLines(product, choices, new Set((linked ?? []).map((p) => p.sku))) : []),
    [isGrouped, product, choices, linked],
  )

  /** The live price with the choices (null: the page's own price stands). */
  const price = useMemo((): { final: Cents; reference: Cents | null } | null => {
    if (pricedByOptions) {
      const final = toCents(unitPrice(product, productOption).incl)
      // the reference is the same choices at the product's reference price, while the history backs it
      if (pricesOf(product).reference === null) return { final, reference: null }
      const atReference = { ...product, final_price: product.omnibus_price ?? product.price, final_price_incl_tax: product.omnibus_price_incl_tax ?? undefined }
      return { final, reference: toCents(unitPrice(atReference, productOption).incl) }
    }
    if (isGrouped && linked) {
      const prices = new Map(linked.map((p) => [p.sku, p.final_price_incl_tax]))
      const total = groupedTotalCents(lines.map((l) => ({ priceCents: prices.get(l.sku) ?? 0, qty: l.qty })))
      return { final: total, reference: null }
    }
    return null
  }, [pricedByOptions, product, productOption, isGrouped, linked, lines])

  const labels = useMemo(() => {
    const names = new Map((linked ?? []).map((p) => [p.sku, p.name]))
    return lineLabels(product, productOption, {
      linkedName: (sku) => names.get(sku),
      giftcard: {
        amount: LL.productTypes.giftcardAmount(),
        recipient: LL.productTypes.recipientName(),
        recipientEmail: LL.productTypes.recipientEmail(),
        message: LL.productTypes.message(),
        deliveryDate: LL.productTypes.deliveryDate(),
        formatAmount: (amount) => format(toCents(amount)),
        formatDate: (date) =>
          new Intl.DateTimeFormat(storeView.i18n.defaultLocale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`)),
      },
    })
  }, [productOption, linked, product, LL, format, storeView])

  /**
   * The cart command for `qty`, or null when the choices are incomplete (the panels then show
   * why). Configurables and plain products get the page's own command (`plain`).
   */
  const command = (plain: Extract<CartCommand, { type: 'add' }>): CartCommand | null => {
    if (!available) return null
    if ((isGrouped && lines.length === 0) || issues.length > 0) {
      setTried(true)
      return null
    }
    if (isGrouped) return { type: 'addGrouped', product, lines }
    if (!pricedByOptions || !productOption) return plain
    return { ...plain, productOption, ...(labels.length > 0 ? { labels } : {}) }
  }

  return {
    choices,
    update: setChoices,
    /** the shopper tried to add: the panels now show what is missing */
    tried,
    issues,
    linked,
    /** the grouped lines the shopper asked for */
    lines,
    price,
    command,
    available,
    isGrouped,
    /** a grouped product's pieces are still being read */
    waiting: isGrouped && linked === null,
  }
}
