/**
 * Cart items: the client's (local, cents) and the server's (wire, decimals), and the totals the
 * server computes (Magento TotalsInterface shape, decimals).
 */
import { z } from 'zod'
import { PRODUCT_TYPES } from './product.schema'

export const ConfigurableItemOptionSchema = z.object({
  option_id: z.union([z.string(), z.number()]).transform(String),
  option_value: z.union([z.string(), z.number()]).transform(String),
  label: z.string().optional(),
  value: z.string().optional(),
})

export const CustomItemOptionSchema = z.object({
  option_id: z.union([z.string(), z.number()]).transform(String),
  option_value: z.union([z.string(), z.number()]).transform(String),
})

export const BundleItemOptionSchema = z.object({
  option_id: z.union([z.string(), z.number()]).transform(String),
  option_qty: z.number().nonnegative(),
  option_selections: z.array(z.number().int()),
})

export const GiftcardItemOptionSchema = z.object({
  card_amount: z.number().nonnegative().optional(),
  card_amount_other: z.number().nonnegative().optional(),
  mail_delivery_date: z.string().nullable().optional(),
  /** sender and recipient of the card, and the message printed or mailed with it */
  mail_from: z.string().max(100).optional(),
  mail_from_email: z.string().max(254).optional(),
  mail_to: z.string().max(100).optional(),
  mail_to_email: z.string().max(254).optional(),
  mail_message: z.string().max(500).optional(),
})

export const ProductOptionSchema = z.object({
  extension_attributes: z.object({
    configurable_item_options: z.array(ConfigurableItemOptionSchema).optional(),
    custom_options: z.array(CustomItemOptionSchema).optional(),
    bundle_options: z.array(BundleItemOptionSchema).optional(),
    mageworx_giftcard_item_option: GiftcardItemOptionSchema.optional(),
  }),
})
export type ProductOption = z.infer<typeof ProductOptionSchema>

/** A cart line as the server stores and returns it (contract §2.2 CartItem). */
export const ServerCartItemSchema = z.object({
  item_id: z.number().int(),
  quote_id: z.string(),
  sku: z.string(),
  qty: z.number().positive(),
  name: z.string(),
  price: z.number(),
  product_type: z.enum(PRODUCT_TYPES),
  product_option: ProductOptionSchema.optional(),
})
export type ServerCartItem = z.infer<typeof ServerCartItemSchema>

/** A cart line in the browser's local database (money in cents). */
export interface CartItem {
  /** local key: sku + checksum, stable for the same product and options */
  key: string
  sku: string
  parentSku: string
  name: string
  type_id: (typeof PRODUCT_TYPES)[number]
  qty: number
  prev_qty?: number
  price_incl_tax: number
  image?: string
  product_option?: ProductOption
  /** human-readable options, e.g. [{label:'Color', value:'Red'}] */
  options: { label: string; value: string }[]
  checksum: string
  server_item_id?: number
  server_cart_id?: string
  is_in_stock?: boolean
  /** message keys from the last stock or server check */
  errors?: Record<string, string>
  info?: Record<string, string>
  mageworx_gc_type?: number
  added_at: number
}

const money = z.number()

export const TotalsItemSchema = z.object({
  item_id: z.number().int(),
  name: z.string(),
  qty: z.number(),
  price: money,
  base_price: money,
  price_incl_tax: money,
  row_total: money,
  row_total_incl_tax: money,
  base_row_total_incl_tax: money,
  row_total_with_discount: money,
  tax_amount: money,
  tax_percent: z.number(),
  discount_amount: money,
  discount_percent: z.number(),
  /** JSON string of [{label, value}] */
  options: z.string(),
})

export const TotalSegmentSchema = z.object({
  code: z.string(),
  title: z.string(),
  value: money,
  area: z.string().optional(),
  extension_attributes: z.record(z.string(), z.unknown()).optional(),
})

/** Magento TotalsInterface, returned at the top level of /api/cart/totals. */
export const TotalsSchema = z.object({
  grand_total: money,
  base_grand_total: money,
  subtotal: money,
  base_subtotal: money,
  subtotal_incl_tax: money,
  base_subtotal_incl_tax: money,
  subtotal_with_discount: money,
  discount_amount: money,
  base_discount_amount: money,
  shipping_amount: money,
  shipping_discount_amount: money,
  shipping_tax_amount: money,
  shipping_incl_tax: money,
  tax_amount: money,
  base_tax_amount: money,
  weee_tax_applied_amount: money.nullable(),
  base_currency_code: z.literal('EUR'),
  quote_currency_code: z.literal('EUR'),
  coupon_code: z.string().optional(),
  items_qty: z.number(),
  items: z.array(TotalsItemSchema),
  total_segments: z.array(TotalSegmentSchema),
})
export type Totals = z.infer<typeof TotalsSchema>
