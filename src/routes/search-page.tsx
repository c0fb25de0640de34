import { useParams } from '@tanstack/react-router'
import { useI18nContext } from '../../locales/i18n-react'
import { SEARCH_DEFAULT_SIZE } from '../../workers/data-api'
import '../components/search-panel.css'
import { useProductSearch } from '../data/use-product-search'
import { useDocumentTitle } from '../ui/document-title'
import { ProductGrid } from './product-grid'

/** The search-results route (/search/{query}): the first 50 results (spec §9) as category tiles. */
export function SearchRoutePage() {
  const { query } = useParams({ from: '/default/search/$query' })
  const { LL } = useI18nContext()
  const search = useProductSearch(query, { size: SEARCH_DEFAULT_SIZE })
  const title = LL.search.title({ query: search.term })
  useDocumentTitle(title)
  const result = search.loading ? undefined : search.result
  const items = result?.items ?? []

  return (
    <div className="search-page" aria-busy={search.loading}>
      <h1>{title}</h1>
      <p className="muted" role="status" data-testid="search-count">
        {search.tooShort
          ? LL.search.minLength()
          : !result
            ? LL.search.searching()
            : result.total === 0
              ? LL.search.noResults({ query: search.term })
              : items.length < result.total
                ? LL.category.showing({ shown: items.length, total: result.total })
                : LL.category.total({ total: result.total })}
      </p>
      {result?.offline ? (
        <p className="search-page__offline" data-testid="search-offline" role="note">
          {LL.search.offline()}
        </p>
      ) : null}
      {items.length > 0 ? <ProductGrid items={items} label={title} /> : null}
    </div>
  )
}
