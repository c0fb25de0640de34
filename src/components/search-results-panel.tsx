/**
 * The search panel's content (src/components/search-panel.tsx): the first results of the typed words
 * (debounced; the worker searches the server, or the local catalogue offline), how many there are
 * and a link to all of them. A chunk of its own, loaded when the shopper goes to the search box.
 */
import { Link } from '@tanstack/react-router'
import type { RefObject } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import type { ProductListItem } from '../data/worker-types'
import { useProductSearch } from '../data/use-product-search'
import { Price } from './price'
import { ProductImage } from './product-image'
import { useSlow } from '../ui/slow'
import { ProductLink } from './shop-links'
import { SearchSourceNote } from './search-source-note'

/** Spec §9: predictive search limit 6 by default. */
const PANEL_SIZE = 6
/** Type-ahead: one search per pause in typing, not one per key. */
const DEBOUNCE_MS = 150

/** The open panel (`id`, which the box's aria-controls names) for `query`; `listRef` is its results' list, for the box's arrow keys. */
export function SearchResultsPanel({ id, query, listRef }: { id: string; query: string; listRef: RefObject<HTMLUListElement> }) {
  const { LL } = useI18nContext()
  const search = useProductSearch(query, { size: PANEL_SIZE, debounceMs: DEBOUNCE_MS })
  // the server may take up to its time-out (5 s) before the device's catalogue answers instead
  const slow = useSlow(!search.tooShort && search.loading && !search.result)
  const result = search.result
  const showing = result?.items ?? []
  return (
    <section id={id} className="search-panel" aria-label={LL.search.panel()} data-testid="search-panel" aria-busy={search.loading} tabIndex={-1}>
      <p className="search-panel__status muted" role="status">
        {search.tooShort
          ? LL.search.minLength()
          : search.loading && !result
            ? slow
              ? LL.connection.stillLoading()
              : LL.search.searching()
            : result && result.total === 0
              ? LL.search.noResults({ query: search.term })
              : result
                ? LL.search.results({ total: result.total })
                : null}
      </p>
      {!search.tooShort ? <SearchSourceNote result={result} className="search-panel__offline" /> : null}
      {!search.tooShort && showing.length > 0 ? (
        <>
          <ul ref={listRef} className="search-panel__results">
            {showing.map((item) => (
              <SearchResultItem key={item.id} item={item} />
            ))}
          </ul>
          {result && result.total > showing.length ? (
            <p className="search-panel__all">
              <Link to="/search/$query" params={{ query: search.term }}>
                {LL.search.showAll({ total: result.total })}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

function SearchResultItem({ item }: { item: ProductListItem }) {
  return (
    <li data-testid="search-result">
      <ProductLink product={item} className="search-result">
        {/* the link is named by the product name beside it: the picture adds no text */}
        <ProductImage path={item.image} width={150} height={150} alt="" className="search-result__image" />
        <span className="search-result__name">{item.name}</span>
        <Price final={item.final_price_incl_tax} reference={item.omnibus_price_incl_tax} />
      </ProductLink>
    </li>
  )
}
