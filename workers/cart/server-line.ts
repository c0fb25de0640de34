/**
 * A server cart line nobody has locally (added on another device) priced for the local cart: a
 * line with options (bundle selections, custom options, a gift card amount) costs what its
 * options say, from the product document this device has; a plain line costs the light
 * document's current price. Without any document, the server's price (excl. tax) is all there is.
 */
import type { ServerCartItem } from '../../domain/cart.schema'
import { giftcardAmount } from '../../domain/cart-item'
import { toCents, type Cents } from '../../domain/money'
import { hasPricedOptions, unitPrice } from '../../domain/option-price'
import type { Product } from '../../domain/product.schema'

export function serverLinePriceCents(server: ServerCartItem, product: Product | null, lightCents: Cents | undefined): Cents {
  const ext = server.product_option?.extension_attributes
  const withOptions = !!(ext?.bundle_options?.length || ext?.custom_options?.length || ext?.mageworx_giftcard_item_option)
  if (
    withOptions &&
    product &&
    hasPricedOptions(product) &&
    (product.bundle_options?.length || product.custom_options?.length || product.type_id === 'giftcard')
  ) {
    return toCents(unitPrice(product, server.product_option).incl)
  }
  // a gift card sells at its amount (multi-purpose vouchers carry no VAT)
  const amount = giftcardAmount(server.product_option)
  if (amount !== null && server.product_type === 'giftcard') return toCents(amount)
  return lightCents ?? toCents(server.price)
}
