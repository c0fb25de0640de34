import { summary, type Latency } from './stats'
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

/**
 * Listings the server has not seen: each category with one of its colours as a filter, first page
 * of 18 (up to 180 of them). Nothing of them is kept yet, so each reads its counts and facets, its
 * order and its documents from the database.
 */
export async function newListings(base: string, ids: readonly number[]): Promise<Latency> {
  const ask = (body: object) => timedCategoryQuery(base, body, 18)
  const colourFilter = (colour: number | string) => ({ attribute: 'color', value: { in: [colour] }, scope: 'catalog' })
  const colours = await Promise.all(
    ids.map(async (id) => {
      const { answer } = await ask(categoryQueryBody(id))
      const body = JSON.parse(answer) as { aggregations?: Record<string, { buckets?: { key: number | string }[] }> }
      const keys = ['agg_terms_color_options', 'agg_terms_color'].flatMap((agg) => (body.aggregations?.[agg]?.buckets ?? []).map((b) => b.key))
      return [...new Set(keys)]
    }),
  )
  const times: number[] = []
  for (let round = 0; times.length < 180; round++) {
    const asked = times.length
    for (const [i, id] of ids.entries()) {
      const colour = colours[i]![round]
      if (colour === undefined || times.length >= 180) continue
      const body = categoryQueryBody(id)
      times.push((await ask({ ...body, _appliedFilters: [...body._appliedFilters, colourFilter(colour)] })).elapsed)
    }
    if (times.length === asked) break
  }
  return summary(times)
}

/**
 * One product search of the en store view, timed from the request to the last byte of the answer.
 * An error answer throws (it is quick: timing it would flatter the figures).
 */
export async function timedCategoryQuery(base: string, body: object, size: number): Promise<{ elapsed: number; answer: string }> {
  const t0 = performance.now()
  const res = await fetch(`${base}/api/catalog/polder_en/product/_search?size=${size}&from=0`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await res.text()
  const elapsed = performance.now() - t0
  if (!res.ok) throw new Error(`the category query answered ${res.status}: ${answer.slice(0, 500)}`)
  return { elapsed, answer }
}
