/**
 * A product as it travels on the wire and lives in the catalogue index (VSF / vsbridge document
 * shape): decimal prices, snake_case fields. Unknown extra attributes pass through, because the
 * contract lets any enabled attribute appear by its code. Local storage converts prices to cents.
 */
import { z } from 'zod'

export const PRODUCT_TYPES = ['simple', 'configurable', 'grouped', 'bundle', 'virtual', 'downloadable', 'giftcard'] as const
export type ProductType = (typeof PRODUCT_TYPES)[number]

/** Magento visibility: 1 not visible alone, 2 catalog, 3 search, 4 both. Status: 1 on, ≥2 off. */
export const Visibility = { NotVisible: 1, Catalog: 2, Search: 3, Both: 4 } as const
export const ProductStatus = { Enabled: 1, Disabled: 2 } as const

const isoDate = z.string().nullable().optional()

export const StockSchema = z.object({
  product_id: z.number().int().optional(),
  qty: z.number(),
  is_in_stock: z.boolean(),
  manage_stock: z.boolean().default(true),
  /** 1 in stock, 0 out (Magento stock_status) */
  stock_status: z.number().int().optional(),
  /** Magento stock item sale rules (contract §3.6): decimal qtys allowed, fewest and most per cart line */
  is_qty_decimal: z.boolean().optional(),
  min_sale_qty: z.number().nonnegative().optional(),
  max_sale_qty: z.number().positive().optional(),
})
export type Stock = z.infer<typeof StockSchema>

/** Price fields shared by products and configurable children (decimals, as on the wire). */
const priceFields = {
  price: z.number(),
  final_price: z.number().optional(),
  regular_price: z.number().optional(),
  special_price: z.number().nullable().optional(),
  special_from_date: isoDate,
  special_to_date: isoDate,
  tax_class_id: z.number().int().default(2),
  // Computed by the server per store view (tax rule of the store's default country).
  price_incl_tax: z.number().optional(),
  price_tax: z.number().optional(),
  original_price: z.number().optional(),
  original_price_incl_tax: z.number().optional(),
  original_final_price: z.number().optional(),
  original_special_price: z.number().nullable().optional(),
  special_price_incl_tax: z.number().nullable().optional(),
  final_price_incl_tax: z.number().optional(),
  // The lowest regular price of the 30 days before an applying special price (domain/omnibus).
  omnibus_price: z.number().nullable().optional(),
  omnibus_price_incl_tax: z.number().nullable().optional(),
}

export const ConfigurableChildSchema = z
  .object({
    id: z.number().int(),
    sku: z.string().min(1),
    name: z.string(),
    status: z.number().int(),
    visibility: z.number().int().optional(),
    url_key: z.string().optional(),
    image: z.string().optional(),
    stock: StockSchema,
    ...priceFields,
  })
  .catchall(z.unknown())
export type ConfigurableChild = z.infer<typeof ConfigurableChildSchema>

export const ConfigurableOptionSchema = z.object({
  id: z.number().int().optional(),
  attribute_id: z.number().int(),
  attribute_code: z.string(),
  label: z.string(),
  position: z.number().int().optional(),
  values: z.array(z.object({ value_index: z.number().int(), label: z.string(), default_label: z.string().optional() })),
})
export type ConfigurableOption = z.infer<typeof ConfigurableOptionSchema>

export const ProductLinkSchema = z.object({
  sku: z.string(),
  link_type: z.enum(['related', 'upsell', 'crosssell', 'associated']),
  linked_product_sku: z.string(),
  linked_product_type: z.string().optional(),
  position: z.number().int().optional(),
  qty: z.number().optional(),
})

export const BundleOptionSchema = z.object({
  option_id: z.number().int(),
  title: z.string(),
  type: z.enum(['select', 'radio', 'checkbox', 'multi']),
  required: z.boolean(),
  position: z.number().int().optional(),
  product_links: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      qty: z.number(),
      can_change_quantity: z.number().int().optional(),
      is_default: z.boolean(),
      price: z.number().optional(),
      price_type: z.number().int().optional(),
      position: z.number().int().optional(),
    }),
  ),
})

export const CustomOptionSchema = z.object({
  option_id: z.number().int(),
  title: z.string(),
  type: z.string(),
  is_require: z.boolean(),
  sort_order: z.number().int().optional(),
  price: z.number().optional(),
  price_type: z.enum(['fixed', 'percent']).optional(),
  max_characters: z.number().int().optional(),
  values: z
    .array(
      z.object({
        option_type_id: z.number().int(),
        title: z.string(),
        price: z.number(),
        price_type: z.enum(['fixed', 'percent']),
        sort_order: z.number().int().optional(),
      }),
    )
    .optional(),
})

export const MediaGalleryEntrySchema = z.object({
  image: z.string(),
  pos: z.number().int(),
  typ: z.literal('image'),
  lab: z.string().nullable().optional(),
})

export const ProductSchema = z
  .object({
    id: z.number().int().positive(),
    sku: z.string().min(1),
    name: z.string().min(1),
    type_id: z.enum(PRODUCT_TYPES),
    status: z.number().int(),
    visibility: z.number().int().min(1).max(4),
    url_key: z.string().min(1),
    url_path: z.string().min(1),
    slug: z.string().min(1),
    description: z.string().optional(),
    short_description: z.string().optional(),
    image: z.string().optional(),
    small_image: z.string().optional(),
    thumbnail: z.string().optional(),
    media_gallery: z.array(MediaGalleryEntrySchema).optional(),
    ...priceFields,
    category_ids: z.array(z.number().int()),
    category: z.array(z.object({ category_id: z.number().int(), name: z.string(), position: z.number().int().optional() })),
    stock: StockSchema,
    configurable_children: z.array(ConfigurableChildSchema).optional(),
    configurable_options: z.array(ConfigurableOptionSchema).optional(),
    product_links: z.array(ProductLinkSchema).optional(),
    bundle_options: z.array(BundleOptionSchema).optional(),
    custom_options: z.array(CustomOptionSchema).optional(),
    /** gift cards: allowed fixed amounts and whether a custom amount is allowed; type 1 virtual, 2 e-mail, 3 physical */
    giftcard_amounts: z.array(z.number()).optional(),
    giftcard_allow_open_amount: z.boolean().optional(),
    giftcard_open_amount_min: z.number().optional(),
    giftcard_open_amount_max: z.number().optional(),
    mageworx_gc_type: z.number().int().optional(),
    /** attribute option ids; configurables carry `<code>_options` with every child's value */
    color: z.number().int().optional(),
    size: z.number().int().optional(),
    manufacturer: z.number().int().optional(),
    erin_recommends: z.number().int().optional(),
    color_options: z.array(z.number().int()).optional(),
    size_options: z.array(z.number().int()).optional(),
    sold_qty: z.number().int().default(0),
    eol: z.number().int().default(0),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .catchall(z.unknown())
export type Product = z.infer<typeof ProductSchema>
