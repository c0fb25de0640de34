/**
 * A category's product_count (shown on home's category cards) is what its page lists: products
 * visible in the catalogue, enabled, not end-of-life — one rule, domain/listing isListable, for the
 * server's counts and the worker's pages.
 */
import { describe, expect, it } from 'vitest'
import { isListable } from '../../domain/listing'
import { startGeneratedShopServer, useTestServer } from './helpers'

const server = useTestServer(() => startGeneratedShopServer(400))

interface Hits<T> {
  hits: { total: { value: number } | number; hits: { _source: T }[] }
}

async function search<T>(entity: string, body: object, size: number): Promise<Hits<T>['hits']> {
  const res = await server.app.inject({ method: 'POST', url: `/api/catalog/polder_nl/${entity}/_search?size=${size}`, payload: body })
  expect(res.statusCode, res.body).toBe(200)
  return (JSON.parse(res.body) as Hits<T>).hits
}

describe('category counts', () => {
  it('count exactly the products each category lists, and the demo shop has products that are not listed', async () => {
    const categories = await search<{ id: number; product_count: number; name: string }>('category', {}, 200)
    const products = await search<{ category_ids: number[]; visibility: number; status: number; eol?: number }>('product', {}, 4000)
    const unlisted = products.hits.filter((h) => !isListable(h._source))
    // without unlisted products this test could not tell the rules apart
    expect(unlisted.length).toBeGreaterThan(0)
    let compared = 0
    for (const { _source: category } of categories.hits) {
      const listed = products.hits.filter((h) => h._source.category_ids.includes(category.id) && isListable(h._source)).length
      expect(category.product_count, category.name).toBe(listed)
      if (listed > 0) compared += 1
    }
    expect(compared).toBeGreaterThan(3)
  })
})
