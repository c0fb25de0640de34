import { z } from 'zod'

export const AttributeOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  sort_order: z.number().int().optional(),
  /** a CSS colour for colour swatches */
  swatch: z.string().optional(),
})

export const AttributeSchema = z.object({
  id: z.number().int(),
  attribute_id: z.number().int(),
  attribute_code: z.string().min(1),
  frontend_input: z.enum(['select', 'multiselect', 'text', 'textarea', 'price', 'boolean', 'date']),
  frontend_label: z.string(),
  default_frontend_label: z.string().optional(),
  is_user_defined: z.boolean(),
  is_visible: z.boolean(),
  is_visible_on_front: z.boolean().optional(),
  is_comparable: z.boolean(),
  is_filterable: z.boolean(),
  options: z.array(AttributeOptionSchema),
  updated_at: z.string(),
})
export type Attribute = z.infer<typeof AttributeSchema>

/** Default filters of a category listing (spec §9). */
export const DEFAULT_FILTERS = ['color', 'erin_recommends', 'price', 'size', 'stock_status_for_filter'] as const
