import { describe, expect, it } from 'vitest'
import { categoryTrees } from '../../server/services/category-tree'

const cat = (id: number, parent_id: number, position: number) => ({ id, doc: { id, parent_id, position, name: `c${id}` } })
const ids = (nodes: { id?: unknown; children_data: unknown[] }[] | undefined): unknown =>
  (nodes ?? []).map((n) => [n.id, ids(n.children_data as { id?: unknown; children_data: unknown[] }[])])

describe('categoryTrees', () => {
  it('gives each category its children in menu order, each with its own children down to the leaves', () => {
    const trees = categoryTrees([cat(2, 1, 1), cat(10, 2, 2), cat(11, 2, 1), cat(12, 11, 1), cat(13, 12, 1), cat(14, 2, 1)])
    // position first, then id
    expect(ids(trees.get(2))).toEqual([
      [11, [[12, [[13, []]]]]],
      [14, []],
      [10, []],
    ])
    expect(ids(trees.get(12))).toEqual([[13, []]])
    expect(trees.get(13)).toEqual([])
    // the nodes are the documents, whole
    expect(trees.get(11)?.[0]).toMatchObject({ id: 12, parent_id: 11, name: 'c12' })
  })

  it('stops a cycle in bad data instead of recursing for ever', () => {
    const trees = categoryTrees([cat(5, 6, 1), cat(6, 5, 1)])
    let depth = 0
    for (let nodes = trees.get(5); nodes && nodes.length > 0; nodes = nodes[0]!.children_data) depth += 1
    expect(depth).toBeGreaterThan(0)
    expect(depth).toBeLessThanOrEqual(16)
  })
})
