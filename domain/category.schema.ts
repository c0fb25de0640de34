import { z } from 'zod'

export { ROOT_CATEGORY_ID } from './category-root'

export interface CategoryTreeNode extends Category {
  children_data?: CategoryTreeNode[]
}

export const CategorySchema = z.object({
  id: z.number().int().positive(),
  parent_id: z.number().int(),
  name: z.string().min(1),
  url_key: z.string().min(1),
  url_path: z.string().min(1),
  slug: z.string().min(1),
  /** "1/2/20": ids from the tree root down to this category */
  path: z.string(),
  level: z.number().int(),
  position: z.number().int(),
  is_active: z.boolean(),
  include_in_menu: z.boolean(),
  product_count: z.number().int().nonnegative(),
  children_count: z.number().int().nonnegative(),
  display_mode: z.string().optional(),
  updated_at: z.string(),
})
export type Category = z.infer<typeof CategorySchema>
