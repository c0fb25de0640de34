import type { Product } from '../../domain/product.schema'

/**
 * What the cart reads of a product it was not handed by a page: a grouped product's linked
 * product (a simple, virtual or downloadable product, as Magento allows in a grouped set). The
 * product store makes it from the full document when this device has one, else from the light one.
 */
export interface CartProduct {
  sku: string
  name: string
  type_id: Product['type_id']
  status: number
  image?: string
  /** what one costs now, incl. tax, decimals; absent when unknown */
  price_incl_tax?: number
}
