/**
 * The category listing as a window-virtualised grid: only the rows near the viewport are in the
 * DOM, so "load more" up to thousands of products stays smooth on phones. The virtualiser comes
 * after the first load; until then the first rows are in the page's flow (grid-window.ts).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { PRODUCT_TILE_IMAGE } from '../../../domain/images'
import type { ProductListItem } from '../../data/worker-types'
import { ProductImage } from '../../components/product-image'
import { ProductTile } from '../../components/product-tile'
import { useGridWindow } from './grid-window'
import { recordAnalytics } from '../../data/use-checkout-commands'
import { newlyShown, type ShownList } from '../../../domain/analytics'

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

const listedForAnalytics = (item: ProductListItem) => ({ sku: item.sku, name: item.name, priceCents: item.final_price_incl_tax })

/**
 * The listing's products as the shopper sees them, for the analytics' view_item_list: once per list
 * shown, and only the new ones when "load more" adds to it (with their places in the list).
 */
function useListAnalytics(label: string, items: readonly ProductListItem[]): void {
  const shown = useRef<ShownList>({ listName: '', skus: [] })
  useEffect(() => {
    const now = { listName: label, skus: items.map((item) => item.sku) }
    const first = newlyShown(shown.current, now)
    if (first === null) return
    shown.current = now
    recordAnalytics({ type: 'view_item_list', listName: label, items: items.slice(first).map(listedForAnalytics), first })
  }, [label, items])
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
  useListAnalytics(label, items)
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

  const grid = useGridWindow(
    {
      count: rowCount,
      estimateSize: () => estimate,
      overscan: 3,
      scrollMargin: offsetTop,
      gap,
    },
    listRef,
  )
  const { virtual, measureElement, measure } = grid

  // new columns or a new estimate: every row is measured again (not when the virtualiser takes over
  // the flow's rows: it starts from their heights, grid-window.ts)
  const layout = `${columns} ${estimate}`
  const measuredFor = useRef(layout)
  useEffect(() => {
    if (measuredFor.current === layout) return
    measuredFor.current = layout
    measure()
  }, [layout, measure])

  return (
    <div
      ref={listRef}
      className="virtual-grid"
      role="list"
      aria-label={label}
      aria-busy={waiting.length > 0 || undefined}
      style={virtual ? { height: grid.size, position: 'relative' } : { display: 'flex', flexDirection: 'column', gap }}
    >
      {grid.rows.map((row) => {
        const start = row.index * columns
        const rowItems = items.slice(start, start + columns)
        const rowPlaceholders = waiting.slice(start, start + columns)
        return (
          <div
            key={row.key}
            data-index={row.index}
            ref={measureElement}
            className="virtual-grid__row"
            style={{
              // in the flow too a row is moved by a transform (by none): when the virtualiser took over rows
              // drawn without one, Chrome counted their tiles' hearts as shifted (0.0096) though nothing moved
              transform: `translateY(${virtual ? row.start - offsetTop : 0}px)`,
              ...(virtual ? { position: 'absolute', top: 0, left: 0, width: '100%' } : {}),
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {rowItems.map((item, i) => (
              <div
                role="listitem"
                key={item.id}
                // the tile's link, not its wish-list or compare buttons: the shopper opens the product
                onClickCapture={(event) => {
                  if ((event.target as Element).closest('a'))
                    recordAnalytics({ type: 'select_item', listName: label, item: listedForAnalytics(item), index: start + i })
                }}
              >
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
      {/* the rows below the first ones, before the virtualiser is in: their estimated height */}
      {!virtual && grid.size > 0 ? <div aria-hidden="true" style={{ height: grid.size }} /> : null}
    </div>
  )
}
