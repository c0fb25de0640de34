/**
 * The layout of a product listing, one for the category and the search results pages: the facets
 * beside the results, the results' toolbar, the grid (or the empty state that offers to clear the
 * filters) and "load more". The pages decide what it says; the layout decides where it goes, so
 * both listings look and behave the same.
 */
import type { ReactNode } from 'react'
import type { ChosenFilters } from '../../../domain/filters'
import { useI18nContext } from '../../../locales/i18n-react'
import type { Facet, ProductListItem } from '../../data/worker-types'
import { FacetsAside } from './category-facets'
import { ProductGrid } from './product-grid'

/** "Load more": `count` shows "x of y" beside the button (the category page; search says it in its status line). */
export interface ListingMore {
  total: number
  label: string
  busy: boolean
  count: boolean
  onMore: () => void
}

export function ListingLayout({
  facets,
  chosen,
  facetsTitle,
  onToggle,
  onClear,
  resultCount,
  toolbar,
  items,
  label,
  placeholders,
  empty,
  grid = true,
  more,
}: {
  facets: Facet[]
  chosen: ChosenFilters
  facetsTitle?: string
  onToggle: (type: string, id: string) => void
  onClear: () => void
  resultCount: number | undefined
  /** the toolbar's controls (sort, page size) */
  toolbar: ReactNode
  items: ProductListItem[]
  /** the grid's accessible name */
  label: string
  placeholders: readonly string[]
  /** the empty state's text in place of the grid, or null */
  empty: string | null
  /** false: no grid at all (nothing to show and no empty state either) */
  grid?: boolean
  more: ListingMore
}) {
  const { LL } = useI18nContext()
  const filtered = Object.keys(chosen).length > 0
  return (
    <div className="category-page__layout">
      <FacetsAside
        facets={facets}
        chosen={chosen}
        {...(facetsTitle ? { title: facetsTitle } : {})}
        onToggle={onToggle}
        onClear={onClear}
        resultCount={resultCount}
      />
      <div className="category-page__results">
        {/* the filters have their h2; the tiles' h3 names need theirs (a heading outline without gaps) */}
        <h2 id="listing-results" className="visually-hidden">
          {LL.listing.results()}
        </h2>
        <div className="toolbar">{toolbar}</div>
        {empty !== null ? (
          <div className="empty-state">
            <p>{empty}</p>
            {filtered ? (
              <button type="button" className="button button--secondary" onClick={onClear}>
                {LL.category.clearAll()}
              </button>
            ) : null}
          </div>
        ) : grid ? (
          <ProductGrid items={items} label={label} colours={chosen.color} placeholders={placeholders} />
        ) : null}
        <LoadMore shown={items.length} more={more} />
      </div>
    </div>
  )
}

function LoadMore({ shown, more }: { shown: number; more: ListingMore }) {
  const { LL } = useI18nContext()
  const left = shown < more.total
  if (shown === 0 || (!more.count && !left)) return null
  return (
    <div className="load-more">
      {more.count ? <p className="muted">{LL.category.showing({ shown, total: more.total })}</p> : null}
      {left ? (
        <button type="button" className="button button--secondary" disabled={more.busy} onClick={more.onMore}>
          {more.label}
        </button>
      ) : null}
    </div>
  )
}
