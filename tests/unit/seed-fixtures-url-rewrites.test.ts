import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FixtureValidationError, validateFixtures } from '../../server/seed/fixtures'

const EXAMPLE = join(__dirname, '../../server/seed/example-fixtures.json')

function example(): { catalog: Record<string, Record<string, unknown>> } {
  return JSON.parse(readFileSync(EXAMPLE, 'utf8')) as { catalog: Record<string, Record<string, unknown>> }
}

describe('fixture files: url rewrites of their own', () => {
  it('keeps a store view’s urlRewrites and leaves them out when not given', () => {
    const data = example()
    data.catalog.en!.urlRewrites = [{ entity_type: 'category', entity_id: 3, redirect_type: 301, request_path: 'old/shop', target_path: 'new-shop' }]
    const shop = validateFixtures(data, 'shop.json')
    expect(shop.catalog.en.urlRewrites).toEqual([
      { entity_type: 'category', entity_id: 3, redirect_type: 301, request_path: 'old/shop', target_path: 'new-shop' },
    ])
    const plain = validateFixtures(example(), 'shop.json')
    expect(plain.catalog.en.urlRewrites).toBeUndefined()
  })

  it('names the store view, index, request path and field of a bad rewrite', () => {
    const data = example()
    data.catalog.en!.urlRewrites = [{ entity_type: 'product', entity_id: 1, redirect_type: 307, request_path: '/sale/', target_path: 'x.html' }]
    let problems: readonly string[] = []
    try {
      validateFixtures(data, 'shop.json')
    } catch (error) {
      if (!(error instanceof FixtureValidationError)) throw error
      problems = error.problems
    }
    expect(problems.some((p) => p.startsWith('shop.json: catalog.en.urlRewrites[0] (request_path "/sale/"): redirect_type'))).toBe(true)
    expect(problems.some((p) => p.startsWith('shop.json: catalog.en.urlRewrites[0] (request_path "/sale/"): request_path'))).toBe(true)
  })
})
