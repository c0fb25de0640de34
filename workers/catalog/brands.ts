/**
 * Brands (spec §3 Brand: brand_id, url_key, label, img) from the local catalogue: the options of the
 * manufacturer attribute, each with the number of products a brand listing (the root category
 * filtered by that manufacturer) would show. Read from the in-memory mirror, so it works offline.
 */
import { slugify } from '../../domain/url'
import type { Brand } from '../contract/views'
import type { AttributeDoc } from '../db/catalog-schemas'
import { categoryCandidates, type ListedProduct } from './category-query'

/** Brands that list at least one product, by label (locale-aware, accents and case ignored). */
export function listBrands(products: Iterable<ListedProduct>, manufacturer: AttributeDoc | undefined, categoryIds: ReadonlySet<number>): Brand[] {
  if (!manufacturer) return []
  const counts = new Map<number, number>()
  for (const product of categoryCandidates(products, { categoryIds })) {
    for (const id of product.options.manufacturer) counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' })
  return manufacturer.options
    .map((option) => ({
      brand_id: Number(option.value),
      url_key: slugify(option.label),
      label: option.label,
      productCount: counts.get(Number(option.value)) ?? 0,
    }))
    .filter((brand) => Number.isInteger(brand.brand_id) && brand.productCount > 0)
    .sort((a, b) => collator.compare(a.label, b.label) || a.brand_id - b.brand_id)
}
