/**
 * The product grid's window virtualiser, its code (@tanstack/react-virtual) fetched after the first
 * load, so it is not part of a category page's first-load JavaScript.
 *
 * Until it is in, the grid shows its first rows in the page's flow (`virtual` false): as many as the
 * virtualiser would show at that scroll position, and below them a spacer as tall as the rows not
 * drawn. Once it is in, the same row elements get their places from react-virtual's Virtualizer,
 * made and driven here as its `useWindowVirtualizer` does: the rows keep their DOM nodes (focus and
 * images survive), and a row's place in the flow is the place the virtualiser measures, so nothing
 * moves. Fetched at `firstLoadEnded` or the first scroll, whichever comes first; a failed fetch is
 * tried again at the next scroll.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState, type Key, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import type * as ReactVirtual from '@tanstack/react-virtual'
import { firstLoadEnded } from '../../offline-warmup'

type VirtualModule = typeof ReactVirtual

let loadedModule: VirtualModule | undefined
let loading: Promise<VirtualModule> | undefined

/** react-virtual's code, fetched once (again after a failure). */
export function loadGridVirtualizer(): Promise<VirtualModule> {
  loading ??= import('@tanstack/react-virtual').then(
    (module) => (loadedModule = module),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

// a first visit to another page fetches the shopping pages' chunks once it is idle (src/offline-warmup.ts),
// this module with them: the virtualiser follows, so a category opened offline after it scrolls
void firstLoadEnded.then(() => loadGridVirtualizer().catch(() => undefined))

export interface GridWindowOptions {
  count: number
  estimateSize: () => number
  overscan: number
  /** the grid's top in the document */
  scrollMargin: number
  gap: number
}

export interface GridRow {
  index: number
  key: Key
  /** the row's top in the document: measured (virtual rows), or at the estimate (the flow's, which draws them where they fall) */
  start: number
}

export interface GridWindow {
  /** true once the virtualiser places the rows; false: the first rows in the page's flow */
  virtual: boolean
  rows: GridRow[]
  /** the grid's height (virtual), or the height of the rows not drawn (flow) */
  size: number
  /** the row elements' ref: the virtualiser measures each (a no-op before it is in) */
  measureElement: (node: Element | null) => void
  /** measure every row again (the columns or the estimate changed; a no-op before the virtualiser is in) */
  measure: () => void
}

const noMeasure = () => undefined

/**
 * The rows a virtualiser would show at the scroll position `scrollY` of a window `viewportHeight`
 * tall, before it has measured any (every row at its estimate): from the first down to the last in
 * view, and `overscan` more. `size`: the spacer below them, so that the
 * flow is as tall as the virtualiser's grid (the rows not drawn at their estimate, each with its gap).
 */
export function flowRowsAt(
  { count, estimateSize, overscan, scrollMargin, gap }: GridWindowOptions,
  { scrollY, viewportHeight }: { scrollY: number; viewportHeight: number },
): GridWindow {
  const estimate = estimateSize()
  const step = estimate + gap
  // the last row in view: the first that ends at or below the window's bottom (with the window's
  // bottom in the gap after a row, the next one counts, as the virtualiser counts it)
  const last = Math.max(0, Math.ceil((scrollY + viewportHeight - scrollMargin - estimate) / step))
  const shown = Math.min(count, last + 1 + overscan)
  const rows = Array.from({ length: shown }, (_, index) => ({ index, key: index, start: scrollMargin + index * step }))
  return { virtual: false, rows, size: Math.max(0, (count - shown) * step - gap), measureElement: noMeasure, measure: noMeasure }
}

const flowRows = (options: GridWindowOptions) => flowRowsAt(options, { scrollY: window.scrollY, viewportHeight: window.innerHeight })

/** The heights of the rows `container` shows, as the virtualiser measures a row (its offsetHeight). */
function rowHeights(container: HTMLElement | null): number[] {
  return [...(container?.querySelectorAll<HTMLElement>(':scope > [data-index]') ?? [])].map((row) => row.offsetHeight)
}

/**
 * The grid's window of rows: the virtualiser's once its code is in, the first rows in the flow
 * before. `container`: the grid's element, whose rows (`data-index`) the flow drew.
 */
export function useGridWindow(options: GridWindowOptions, container: RefObject<HTMLElement | null>): GridWindow {
  // the virtualiser's code, and the heights of the rows the flow drew when it came
  const [loaded, setLoaded] = useState(() => loadedModule && { module: loadedModule, heights: [] as number[] })
  const rerender = useReducer((n: number) => n + 1, 0)[1]
  const measuring = useRef(false)
  const instance = useRef<ReactVirtual.Virtualizer<Window, Element> | null>(null)

  useEffect(() => {
    if (loaded) return
    let active = true
    let asked = false
    const load = () => {
      if (asked) return
      asked = true
      loadGridVirtualizer().then(
        (module) => {
          if (active) setLoaded({ module, heights: rowHeights(container.current) })
        },
        // offline before the service worker holds it: the next scroll asks again
        () => {
          asked = false
        },
      )
    }
    window.addEventListener('scroll', load, { passive: true })
    void firstLoadEnded.then(load)
    return () => {
      active = false
      window.removeEventListener('scroll', load)
    }
  }, [loaded, container])

  const module = loaded?.module
  const resolved = module && {
    ...options,
    getScrollElement: () => window,
    observeElementRect: module.observeWindowRect,
    observeElementOffset: module.observeWindowOffset,
    scrollToFn: module.windowScroll,
    initialOffset: () => window.scrollY,
    // the window's size from the first render: with none (0 × 0) the virtualiser's first render would
    // keep only the overscan's rows and drop the others the flow showed, to bring them back a moment later
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // as useWindowVirtualizer: a scroll's change is drawn at once (no blank rows while scrolling fast),
    // a measurement's with the commit that made it
    onChange: (_: unknown, sync: boolean) => {
      if (sync && !measuring.current) flushSync(rerender)
      else rerender()
    },
  }
  if (module && resolved && !instance.current) {
    // the rows the flow drew, at the heights it drew them: the virtualiser's first frame puts them where
    // they were (with its estimate instead, a frame showed them 20 px lower before it measured them)
    const initialMeasurementsCache = loaded.heights.map((size, index) => ({ index, key: index, size, start: 0, end: size, lane: 0 }))
    const virtualizer = new module.Virtualizer<Window, Element>({ ...resolved, initialMeasurementsCache })
    const measure = virtualizer.measureElement
    virtualizer.measureElement = (node) => {
      measuring.current = true
      try {
        measure(node)
      } finally {
        measuring.current = false
      }
    }
    instance.current = virtualizer
  }
  const virtualizer = instance.current
  if (resolved) virtualizer?.setOptions(resolved)
  useLayoutEffect(() => virtualizer?._didMount(), [virtualizer])
  useLayoutEffect(() => {
    virtualizer?._willUpdate()
  })
  if (!virtualizer) return flowRows(options)
  return {
    virtual: true,
    rows: virtualizer.getVirtualItems(),
    size: virtualizer.getTotalSize(),
    measureElement: virtualizer.measureElement,
    measure: virtualizer.measure,
  }
}
