/**
 * The options of an order's lines as the shopper chose them, for the order mail: the
 * configurable's choice, custom options, bundle selections and gift card details
 * (domain/cart-line-options), named from the store view's catalogue in its language.
 */
import type { ProductOption } from '../../domain/cart.schema'
import { lineLabels } from '../../domain/cart-line-options'
import { formatPrice, toCents } from '../../domain/money'
import type { ConfigurableChild, Product } from '../../domain/product.schema'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { wordsFor } from '../payments/payment-words'
import type { Repositories } from '../storage'
import type { OrderLineRow } from '../storage/order-repository'
import type { OrderLineLabels } from './order-mail'

export async function orderLineLabels(repos: Pick<Repositories, 'products'>, store: StoreCode, lines: readonly OrderLineRow[]): Promise<OrderLineLabels> {
  const words = wordsFor(store)
  const view = STORE_VIEWS[store]
  const skus = [...new Set(lines.flatMap((l) => [l.sku, ...(l.parent_sku ? [l.parent_sku] : [])]))]
  const docs = (await repos.products.findBySkus(store, skus)) as Product[]
  const linked = new Map(docs.map((d) => [d.sku, d.name]))
  const out = new Map<number, ReturnType<typeof lineLabels>>()
  for (const line of lines) {
    const product = docs.find((d) => d.sku === line.sku || (d.configurable_children ?? []).some((c) => c.sku === line.sku))
    if (!product) continue
    const child: ConfigurableChild | null = product.sku === line.sku ? null : ((product.configurable_children ?? []).find((c) => c.sku === line.sku) ?? null)
    out.set(
      line.id,
      lineLabels(product, line.product_option as ProductOption | null, {
        child,
        linkedName: (sku) => linked.get(sku),
        giftcard: {
          amount: words.productTypes.giftcardAmount(),
          recipient: words.productTypes.recipientName(),
          recipientEmail: words.productTypes.recipientEmail(),
          message: words.productTypes.message(),
          deliveryDate: words.productTypes.deliveryDate(),
          formatAmount: (amount) => formatPrice(toCents(amount), view.i18n),
          formatDate: (date) => new Intl.DateTimeFormat(view.i18n.defaultLocale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`)),
        },
      }),
    )
  }
  return out
}
