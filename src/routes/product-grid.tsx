/**
 * The category listing as a window-virtualised grid: only the rows near the viewport are in the
 * DOM, so "load more" up to thousands of products stays smooth on phones.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { PRODUCT_TILE_IMAGE } from '../../domain/images'
import type { ProductListItem } from '../data/worker-types'
import { ProductImage } from '../components/product-image'
import { ProductTile } from '../components/product-tile'

/** The listing's columns at `width` (styles/home-grid.css `.first-paint-grid` draws the first paint's row the same way). */
function columnsFor(width: number): number {
  if (width >= 1000) return 4
  if (width >= 640) return 3
  return 2
}

/**
 * A tile before its product is known: the picture the server named for this place (domain/first-
 * screen), in the tile's frame, the name and price lines kept empty at their height.
 */
function PlaceholderTile({ image }: { image: string }) {
  return (
    <div className="product-tile product-tile--placeholder" data-testid="product-tile-placeholder">
      <div className="product-tile__media">
        <ProductImage path={image} width={PRODUCT_TILE_IMAGE.width} height={PRODUCT_TILE_IMAGE.height} alt="" eager />
      </div>
      <div className="product-tile__name" />
      <p className="price">{'\u00a0'}</p>
    </div>
  )
}

/**
 * `colours`: the listing's chosen colour filter; a configurable's tile opens on the first it comes in.
 * `placeholders`: while there are no items yet, the pictures of the first tiles (a page load's first screen).
 */
export function ProductGrid({
  items,
  label,
  colours,
  placeholders = [],
}: {
  items: ProductListItem[]
  label: string
  colours?: readonly string[]
  placeholders?: readonly string[]
}) {
  const waiting = items.length === 0 ? placeholders : []
  const listRef = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  const [offsetTop, setOffsetTop] = useState(0)

  useLayoutEffect(() => {
    const el = listRef.current
    if (!el) return
    const measure = () => {
      setWidth(el.clientWidth)
      setOffsetTop(el.getBoundingClientRect().top + window.scrollY)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  const columns = columnsFor(width || window.innerWidth)
  const rowCount = Math.ceil((items.length || waiting.length) / columns)
  const gap = 16
  // tile: square image + name (2 lines) + price
  const estimate = Math.round(((width || 320) - gap * (columns - 1)) / columns) + 110

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimate,
    overscan: 3,
    scrollMargin: offsetTop,
    gap,
  })

  useEffect(() => {
    virtualizer.measure()
  }, [columns, estimate, virtualizer])

  const rows = virtualizer.getVirtualItems()
  return (
    <div
      ref={listRef}
      className="virtual-grid"
      role="list"
      aria-label={label}
      aria-busy={waiting.length > 0 || undefined}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {rows.map((row) => {
        const start = row.index * columns
        const rowItems = items.slice(start, start + columns)
        const rowPlaceholders = waiting.slice(start, start + columns)
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="virtual-grid__row"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {rowItems.map((item, i) => (
              <div role="listitem" key={item.id}>
                <ProductTile item={item} eager={row.index === 0 && i < columns} colours={colours} />
              </div>
            ))}
            {/* no list item: nothing to name or open yet, and a screen reader hears the page still loading */}
            {rowPlaceholders.map((image, i) => (
              <div key={`placeholder-${i}`} aria-hidden="true">
                <PlaceholderTile image={image} />
              </div>
            ))}
          </div>
        )
      })}
    </div>
  )
}
