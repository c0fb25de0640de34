/** The category listing query the shop's category page sends (18 items, colour/size/price facets, price ascending). */
export function categoryQueryBody(categoryId: number) {
  return {
    _appliedFilters: [
      { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' },
      { attribute: 'status', value: { in: [0, 1] }, scope: 'default' },
      { attribute: 'category_ids', value: { in: [categoryId] }, scope: 'default' },
    ],
    _availableFilters: [
      { field: 'color', scope: 'catalog' },
      { field: 'size', scope: 'catalog' },
      { field: 'price', scope: 'catalog' },
    ],
    _appliedSort: [{ field: 'final_price', options: 'asc' }],
  }
}

/** Ids of the level-2 categories of the en store view (the ones the listings show). */
export async function listedCategoryIds(base: string): Promise<number[]> {
  const res = await fetch(`${base}/api/catalog/polder_en/category/_search?size=100`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _appliedFilters: [{ attribute: 'level', value: { eq: 2 } }] }),
  })
  if (!res.ok) throw new Error(`the category list answered ${res.status}: ${(await res.text()).slice(0, 500)}`)
  const body = (await res.json()) as { hits: { hits: { _source: { id: number } }[] } }
  return body.hits.hits.map((h) => h._source.id)
}
