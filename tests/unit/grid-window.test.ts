/**
 * The product grid before its virtualiser is in (src/routes/catalog/grid-window.ts): the rows the
 * flow draws are the ones react-virtual's Virtualizer shows at the same scroll position, and the
 * flow (rows, gaps, spacer) is as tall as the Virtualizer's grid once it starts from the heights the
 * flow drew. If either drifts, the takeover moves what is under the shopper's eyes or below it.
 * The real Virtualizer, not a stand-in: the takeover hands it these numbers.
 */
import { Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual'
import { describe, expect, it } from 'vitest'
import { flowRowsAt, type GridWindowOptions } from '../../src/routes/catalog/grid-window'

/** A Virtualizer over the window as the grid makes it, not mounted: its layout only. */
function virtualizer(options: GridWindowOptions, at: { scrollY: number; viewportHeight: number }, heights: number[] = []) {
  const noop = () => undefined
  const resolved: VirtualizerOptions<Window, Element> = {
    ...options,
    getScrollElement: () => null,
    observeElementRect: noop,
    observeElementOffset: noop,
    scrollToFn: noop,
    initialOffset: at.scrollY,
    initialRect: { width: 412, height: at.viewportHeight },
    initialMeasurementsCache: heights.map((size, index) => ({ index, key: index, size, start: 0, end: size, lane: 0 })),
  }
  return new Virtualizer<Window, Element>(resolved)
}

const options = (count: number, scrollMargin = 371): GridWindowOptions => ({ count, estimateSize: () => 292, overscan: 3, scrollMargin, gap: 16 })

describe('the grid before its virtualiser', () => {
  it('draws the rows the virtualiser shows at that scroll position', () => {
    for (const [count, scrollY, viewportHeight, scrollMargin] of [
      [9, 0, 823, 371],
      [9, 0, 800, 180],
      [40, 0, 1300, 371],
      [40, 2000, 823, 371],
      [2, 0, 823, 371],
      [1, 0, 823, 371],
    ] as const) {
      const at = { scrollY, viewportHeight }
      const flow = flowRowsAt(options(count, scrollMargin), at)
      const virtual = virtualizer(options(count, scrollMargin), at).getVirtualItems()
      const case_ = `${count} rows at ${scrollY} in ${viewportHeight} px, grid at ${scrollMargin}`
      // the flow starts at the first row (the rows above are in no flow); the virtualiser's last is the flow's last
      expect(flow.rows.at(-1)?.index, case_).toBe(virtual.at(-1)?.index)
      if (scrollY === 0)
        expect(
          flow.rows.map((row) => row.index),
          case_,
        ).toEqual(virtual.map((row) => row.index))
      // each at the virtualiser's place for it
      for (const row of virtual) expect(flow.rows[row.index]?.start, `${case_}, row ${row.index}`).toBe(row.start)
    }
  })

  it('is as tall as the virtualiser that starts from the heights it drew: rows, gaps and the spacer', () => {
    for (const count of [1, 2, 5, 9, 40]) {
      const at = { scrollY: 0, viewportHeight: 823 }
      const flow = flowRowsAt(options(count), at)
      // the heights the flow drew (names on one or two lines), which the takeover hands over
      const heights = flow.rows.map((_, index) => [271, 292, 305][index % 3]!)
      const gaps = (flow.rows.length - 1) * 16
      const flowHeight = heights.reduce((sum, height) => sum + height, 0) + gaps + (flow.size > 0 ? 16 + flow.size : 0)
      expect(flowHeight, `${count} rows`).toBe(virtualizer(options(count), at, heights).getTotalSize())
    }
  })

  it('draws no row and no spacer for an empty grid', () => {
    const flow = flowRowsAt(options(0), { scrollY: 0, viewportHeight: 823 })
    expect(flow.rows).toEqual([])
    expect(flow.size).toBe(0)
    expect(flow.virtual).toBe(false)
  })
})
