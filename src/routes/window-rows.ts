/**
 * A window-scrolled list of rows of which only those near the viewport are drawn (issue 12: the
 * 9 kB of @tanstack/virtual-core came with every first category or search page; this is what the
 * product grid needs of it). Rows start at the estimated height and keep the height they are
 * measured at; a row's start is the sum of the heights and gaps before it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

export interface WindowRow {
  index: number
  start: number
}

const startOf = (starts: Float64Array, index: number): number => starts[index] ?? 0

export function useWindowRows(options: { count: number; estimate: number; gap: number; overscan: number; scrollMargin: number }) {
  const { count, estimate, gap, overscan, scrollMargin } = options
  const heights = useRef(new Map<number, number>())
  const [measured, setMeasured] = useState(0)
  // starts[i]: the row's top within the list; starts[count]: the list's height (plus one gap)
  const starts = useMemo(() => {
    void measured
    const list = new Float64Array(count + 1)
    let top = 0
    for (let i = 0; i < count; i++) list[i + 1] = top += (heights.current.get(i) ?? estimate) + gap
    return list
  }, [count, estimate, gap, measured])

  const visible = useCallback((): [number, number] => {
    const top = window.scrollY - scrollMargin
    const bottom = top + window.innerHeight
    let low = 0
    let high = count
    // the first row whose bottom is below the top of the screen
    while (low < high) {
      const mid = (low + high) >> 1
      if (startOf(starts, mid + 1) - gap <= top) low = mid + 1
      else high = mid
    }
    let last = low
    while (last < count - 1 && startOf(starts, last + 1) < bottom) last++
    return [Math.max(0, low - overscan), Math.min(count - 1, last + overscan)]
  }, [count, gap, overscan, scrollMargin, starts])

  const [range, setRange] = useState<[number, number]>(() => visible())
  useEffect(() => {
    const update = () =>
      setRange((current) => {
        const next = visible()
        return next[0] === current[0] && next[1] === current[1] ? current : next
      })
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    return () => {
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
    }
  }, [visible])

  // a new width or column count: every row is measured again
  useEffect(() => {
    heights.current.clear()
    setMeasured((n) => n + 1)
  }, [estimate])

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let changed = false
            for (const entry of entries) {
              const index = Number((entry.target as HTMLElement).dataset.index)
              const height = Math.round(entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight)
              if (height > 0 && heights.current.get(index) !== height) {
                heights.current.set(index, height)
                changed = true
              }
            }
            if (changed) setMeasured((n) => n + 1)
          }),
    [],
  )
  useEffect(() => () => observer?.disconnect(), [observer])
  const measureElement = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return
      observer.observe(element)
      return () => observer.unobserve(element)
    },
    [observer],
  )

  const rows: WindowRow[] = []
  if (count > 0) for (let index = range[0]; index <= Math.min(range[1], count - 1); index++) rows.push({ index, start: startOf(starts, index) })
  return { rows, totalSize: count > 0 ? startOf(starts, count) - gap : 0, measureElement }
}
