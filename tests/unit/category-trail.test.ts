import { describe, expect, it } from 'vitest'
import { categoryTrail, deepestCategory, pathIds } from '../../domain/category-trail'

const cat = (id: number, path: string, level: number) => ({ id, path, level })
const root = cat(1, '1', 0)
const shopRoot = cat(2, '1/2', 1)
const men = cat(20, '1/2/20', 2)
const polos = cat(25, '1/2/20/25', 3)
const sale = cat(30, '1/2/30', 2)
const all = [root, shopRoot, men, polos, sale]

describe('category trail', () => {
  it('reads the ids of a path, skipping what is not a number', () => {
    expect(pathIds('1/2/20/25')).toEqual([1, 2, 20, 25])
    expect(pathIds('1/x/3')).toEqual([1, 3])
  })

  it("is the category's ancestors and itself, top first, without the tree root and the store root", () => {
    expect(categoryTrail(polos, all).map((c) => c.id)).toEqual([20, 25])
    expect(categoryTrail(men, all).map((c) => c.id)).toEqual([20])
  })

  it('leaves out an ancestor the tree does not hold (a category not in this store view)', () => {
    expect(categoryTrail(polos, [root, shopRoot, polos]).map((c) => c.id)).toEqual([25])
  })

  it("a product's category is the deepest one the tree knows, whatever the order listed", () => {
    expect(deepestCategory([{ category_id: 20 }, { category_id: 25 }], all)?.id).toBe(25)
    expect(deepestCategory([{ category_id: 25 }, { category_id: 20 }], all)?.id).toBe(25)
  })

  it('on equal depth the first listed wins; unknown ids and the roots are never chosen', () => {
    expect(deepestCategory([{ category_id: 30 }, { category_id: 20 }], all)?.id).toBe(30)
    expect(deepestCategory([{ category_id: 99 }, { category_id: 2 }], all)).toBeUndefined()
    expect(deepestCategory([], all)).toBeUndefined()
  })
})
