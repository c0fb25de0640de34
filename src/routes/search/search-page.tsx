import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { toggleFilter, type ChosenFilters } from '../../../domain/filters'
import { useI18nContext } from '../../../locales/i18n-react'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import { topCategories } from '../../components/menu-categories'
import { CategoryLink } from '../../components/shop-links'
import { SearchSourceNote } from '../../components/search-source-note'
import { useCategories } from '../../data/hooks'
import type { ProductListItem } from '../../data/worker-types'
import { SEARCH_DEFAULT_SIZE } from '../../../domain/listing'
import '../../components/search-panel.css'
import { useProductSearch, type ProductSearchState } from '../../data/use-product-search'
import { useDocumentTitle } from '../../ui/document-title'
import { useSlow } from '../../ui/slow'
import { SortSelect } from '../catalog/category-facets'
import { ListingLayout } from '../catalog/listing-layout'
import { SEARCH_SORTS, type SearchSort } from '../../../domain/listing'
import { filtersOfSearch, searchOfFilters, type SearchResultsSearch } from '../catalog/category-search'
import { ProductGrid } from '../catalog/product-grid'
import { firstScreenSearch } from '../../ui/first-screen'

/** The status line: how the search went, in its current state. */
function countText(LL: TranslationFunctions, state: ProductSearchState, slow: boolean, chosenCount: number): string {
  const result = state.result
  if (state.tooShort) return LL.search.minLength()
  if (!result) return slow ? LL.connection.stillLoading() : LL.search.searching()
  const shown = result.items.length
  if (result.total === 0) return chosenCount ? LL.category.empty() : LL.search.noResults({ query: state.term })
  if (result.found !== undefined && !chosenCount) return LL.search.capped({ shown, limit: result.total, found: result.found })
  return shown < result.total ? LL.category.showing({ shown, total: result.total }) : LL.category.total({ total: result.total })
}

/** A page load of this search: the first results' pictures the HTML named, in their places until the answer (`plain`: no filter, first page, relevance). */
function firstTiles(state: ProductSearchState, plain: boolean): readonly string[] {
  return (!state.result && plain ? firstScreenSearch(state.term)?.tiles : undefined) ?? []
}

/** No results without filters: the page helps the shopper on (did you mean, categories, best sellers). */
function helpShown(state: ProductSearchState, chosenCount: number): boolean {
  return state.result?.total === 0 && !chosenCount && !state.tooShort
}

/** The listing (facets, toolbar, grid) shows with facets or filters to show, or first tiles to hold. */
function listingShown(result: ProductSearchState['result'], chosenCount: number, placeholders: readonly string[]): boolean {
  return Boolean(result?.facets?.length || (result && chosenCount)) || placeholders.length > 0
}

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
  const placeholders = firstTiles(state, chosenCount === 0 && sort === 'relevance' && pages === 1)
  const hasGrid = items.length > 0 || placeholders.length > 0

  const update = (next: Partial<SearchResultsSearch>, resetPage: boolean) =>
    void navigate({ search: (prev) => ({ ...prev, ...next, ...(resetPage ? { page: undefined } : {}) }), resetScroll: false })
  const setFilters = (next: ChosenFilters) => update(searchOfFilters(next), true)

  return (
    <div className="search-page category-page" aria-busy={state.loading}>
      <h1>{title}</h1>
      <p className="muted" role="status" data-testid="search-count">
        {countText(LL, state, slow, chosenCount)}
      </p>
      {helpShown(state, chosenCount) && result ? <NoResultsHelp suggestion={result.suggestion} popular={result.popular ?? []} /> : null}
      <SearchSourceNote result={result} className="search-page__offline" />
      {listingShown(result, chosenCount, placeholders) ? (
        <ListingLayout
          facets={result?.facets ?? []}
          chosen={filters}
          facetsTitle={LL.listing.searchFilters()}
          onToggle={(type, id) => setFilters(toggleFilter(filters, { type, id }))}
          onClear={() => setFilters({})}
          resultCount={result?.total}
          toolbar={
            <SortSelect
              value={sort}
              sorts={SEARCH_SORTS}
              defaultSort="relevance"
              labelOf={(s) => (s === 'relevance' ? LL.listing.relevance() : LL.category.sorts[s]())}
              onChange={(next) => update({ sort: next }, true)}
            />
          }
          items={items}
          label={title}
          placeholders={placeholders}
          empty={!hasGrid && chosenCount ? LL.category.empty() : null}
          grid={hasGrid}
          more={{
            total: result?.total ?? 0,
            label: LL.listing.moreResults(),
            busy: state.loading,
            count: false,
            onMore: () => update({ page: pages + 1 }, false),
          }}
        />
      ) : null}
    </div>
  )
}

const MARK = '\u0000'

/**
 * Empty results are no dead end: "did you mean" with the query's typos corrected to
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
