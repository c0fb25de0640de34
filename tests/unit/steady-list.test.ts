import { describe, expect, it } from 'vitest'
import { steadyList } from '../../src/ui/steady-list'

const items = (...ids: number[]) => ids.map((id) => ({ id, name: `p${id}` }))
const ids = (list: { id: number }[]) => list.map((i) => i.id)

describe('steadyList: a list that fills in without reshuffling', () => {
  it('takes the first answer as it is, up to the size', () => {
    expect(ids(steadyList([], items(3, 1, 2), 2))).toEqual([3, 1])
  })

  it('keeps shown items in their places when a later answer orders them differently, newcomers at the end', () => {
    const shown = steadyList([], items(1, 2, 3), 5)
    expect(ids(steadyList(shown, items(4, 3, 2, 1, 5), 5))).toEqual([1, 2, 3, 4, 5])
  })

  it('leaves a full list as it is when more products arrive', () => {
    const shown = steadyList([], items(1, 2), 2)
    expect(ids(steadyList(shown, items(9, 8, 2, 1), 2))).toEqual([1, 2])
  })

  it('keeps an item a later answer pushed out of its window (more products arrived), in its place', () => {
    const shown = steadyList([], items(1, 2, 3), 4)
    expect(ids(steadyList(shown, items(9, 3, 1, 8), 4))).toEqual([1, 2, 3, 9])
  })

  it('takes the fresh copy of a kept item (a new price or stock)', () => {
    const shown = steadyList([], [{ id: 1, name: 'old' }], 3)
    expect(steadyList(shown, [{ id: 1, name: 'new' }], 3)).toEqual([{ id: 1, name: 'new' }])
  })
})
