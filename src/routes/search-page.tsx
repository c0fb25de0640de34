import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { toggleFilter, type ChosenFilters } from '../../domain/filters'
import { useI18nContext } from '../../locales/i18n-react'
import { topCategories } from '../components/category-menu'
import { CategoryLink } from '../components/shop-links'
import { SearchSourceNote } from '../components/search-source-note'
import { useCategories } from '../data/hooks'
import type { ProductListItem } from '../data/worker-types'
import { SEARCH_DEFAULT_SIZE } from '../../domain/listing'
import '../components/search-panel.css'
import { useProductSearch } from '../data/use-product-search'
import { useDocumentTitle } from '../ui/document-title'
import { useSlow } from '../ui/slow'
import { FacetsAside, SortSelect } from './category-facets'
import { SEARCH_SORTS, type SearchSort } from '../../domain/listing'
import { filtersOfSearch, searchOfFilters, type SearchResultsSearch } from './category-search'
import { ProductGrid } from './product-grid'
import { firstScreenSearch } from '../ui/first-screen'

/**
 * The search-results route (/search/{query}): results from the worker's search (the server when
 * online, the local catalogue otherwise, flagged), with facets, filters and sort from the query
 * string, and "load more" by the default search size of 50 (spec §9).
 */
export function SearchRoutePage() {
  const { query } = useParams({ from: '/default/search/$query' })
  const search = useSearch({ from: '/default/search/$query' })
  const navigate = useNavigate({ from: '/search/$query' })
  const { LL } = useI18nContext()
  const filters = useMemo(() => filtersOfSearch(search), [search])
  const sort: SearchSort = search.sort ?? 'relevance'
  const pages = search.page ?? 1
  const state = useProductSearch(query, { size: SEARCH_DEFAULT_SIZE * pages, filters, sort, withFacets: true })
  // the server may take up to its time-out (5 s) before the device's catalogue answers instead
  const slow = useSlow(!state.tooShort && state.loading)
  const title = LL.search.title({ query: state.term })
  useDocumentTitle(title)
  // useProductSearch keeps the previous answer while a filter change loads (no flash of the empty state)
  const result = state.result
  const items = result?.items ?? []
  const chosenCount = Object.values(filters).reduce((n, list) => n + list.length, 0)
  // a page load of this search: the first results' pictures the HTML named, in their places, until the answer
  const placeholders = (!result && !chosenCount && sort === 'relevance' && pages === 1 ? firstScreenSearch(state.term)?.tiles : undefined) ?? []

  const update = (next: Partial<SearchResultsSearch>, resetPage: boolean) =>
    void navigate({ search: (prev) => ({ ...prev, ...next, ...(resetPage ? { page: undefined } : {}) }), resetScroll: false })
  const setFilters = (next: ChosenFilters) => update(searchOfFilters(next), true)

  return (
    <div className="search-page category-page" aria-busy={state.loading}>
      <h1>{title}</h1>
      <p className="muted" role="status" data-testid="search-count">
        {state.tooShort
          ? LL.search.minLength()
          : !result
            ? slow
              ? LL.connection.stillLoading()
              : LL.search.searching()
            : result.total === 0
              ? chosenCount
                ? LL.category.empty()
                : LL.search.noResults({ query: state.term })
              : result.found !== undefined && !chosenCount
                ? LL.search.capped({ shown: items.length, limit: result.total, found: result.found })
                : items.length < result.total
                  ? LL.category.showing({ shown: items.length, total: result.total })
                  : LL.category.total({ total: result.total })}
      </p>
      {result && result.total === 0 && !chosenCount && !state.tooShort ? <NoResultsHelp suggestion={result.suggestion} popular={result.popular ?? []} /> : null}
      <SearchSourceNote result={result} className="search-page__offline" />
      {(result && (result.facets?.length || chosenCount)) || placeholders.length > 0 ? (
        <div className="category-page__layout">
          <FacetsAside
            facets={result?.facets ?? []}
            chosen={filters}
            title={LL.listing.searchFilters()}
            onToggle={(type, id) => setFilters(toggleFilter(filters, { type, id }))}
            onClear={() => setFilters({})}
            resultCount={result?.total}
          />
          <div className="category-page__results">
            <h2 id="listing-results" className="visually-hidden">
              {LL.listing.results()}
            </h2>
            <div className="toolbar">
              <SortSelect
                value={sort}
                sorts={SEARCH_SORTS}
                defaultSort="relevance"
                labelOf={(s) => (s === 'relevance' ? LL.listing.relevance() : LL.category.sorts[s]())}
                onChange={(next) => update({ sort: next }, true)}
              />
            </div>
            {items.length > 0 || placeholders.length > 0 ? (
              <ProductGrid items={items} label={title} colours={filters.color} placeholders={placeholders} />
            ) : chosenCount ? (
              <div className="empty-state">
                <p>{LL.category.empty()}</p>
                <button type="button" className="button button--secondary" onClick={() => setFilters({})}>
                  {LL.category.clearAll()}
                </button>
              </div>
            ) : null}
            {result && items.length > 0 && items.length < result.total ? (
              <div className="load-more">
                <button type="button" className="button button--secondary" disabled={state.loading} onClick={() => update({ page: pages + 1 }, false)}>
                  {LL.listing.moreResults()}
                </button>
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  )
}

const MARK = '\u0000'

/**
 * Empty results are no dead end (issue 13): "did you mean" with the query's typos corrected to
 * words of the catalogue, the shop's categories to browse instead, and its best sellers.
 */
function NoResultsHelp({ suggestion, popular }: { suggestion: string | undefined; popular: ProductListItem[] }) {
  const { LL } = useI18nContext()
  const tops = topCategories(useCategories())
  // the sentence is the dictionary's, the corrected words inside it a link
  const [before, after] = LL.search.didYouMean({ term: MARK }).split(MARK)
  return (
    <>
      {suggestion ? (
        <p className="search-page__suggestion" data-testid="search-suggestion">
          {before}
          <Link to="/search/$query" params={{ query: suggestion }}>
            {suggestion}
          </Link>
          {after}
        </p>
      ) : null}
      {tops.length > 0 ? (
        <section className="search-page__help" aria-labelledby="search-help" data-testid="search-help">
          <h2 id="search-help">{LL.search.browseInstead()}</h2>
          <ul className="category-cards">
            {tops.map((c) => (
              <li key={c.id}>
                <CategoryLink category={c} className="category-card">
                  <span className="category-card__name">{c.name}</span>
                </CategoryLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {popular.length > 0 ? (
        <section className="search-page__popular" aria-labelledby="search-popular" data-testid="search-popular">
          <h2 id="search-popular">{LL.search.popular()}</h2>
          <ProductGrid items={popular} label={LL.search.popular()} />
        </section>
      ) : null}
    </>
  )
}
