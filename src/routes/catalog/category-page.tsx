import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useEffect, useMemo, useRef } from 'react'
import type { Category } from '../../../domain/category.schema'
import { ROOT_CATEGORY_ID } from '../../../domain/category-root'
import { filtersFromAttributeLabels, toggleFilter, type ChosenFilters } from '../../../domain/filters'
import { parseFilterAttribute } from '../../../domain/url'
import { useI18nContext } from '../../../locales/i18n-react'
import { CATEGORY_PAGE_SIZE, CATEGORY_SORTS, PAGE_SIZES, type CategorySort } from '../../../domain/listing'
import type { Attribute } from '../../../domain/attribute.schema'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import type { CategoryPage, CategoryPageQuery, SyncStatus } from '../../data/worker-types'
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs'
import { categoryTrail } from '../../../domain/category-trail'
import { useAttributes, useCategories, useCategoryPage, useSyncStatus } from '../../data/hooks'
import { filtersOfSearch, searchOfFilters, type CategorySearch } from './category-search'
import { useDocumentTitle } from '../../ui/document-title'
import { firstScreenCategory, firstScreenCrumbs } from '../../ui/first-screen'
import { useBackNavigationRestore } from '../../ui/route-history'
import { useWholeAmountFormatter } from '../../ui/store-view'
import { notificationId, useNotifications } from '../../ui/notifications'
import { SortSelect } from './category-facets'
import { ListingLayout } from './listing-layout'
import { NotFoundPage } from '../not-found-page'

const LABELLED_ATTRIBUTES = ['color', 'size', 'manufacturer', 'erin_recommends'] as const

/**
 * The chosen filters of the route query: the option-id keys, plus the spec §2 params filterAttribute
 * (option labels of any filter attribute) and brand (a manufacturer label) turned into option ids.
 */
function chosenFilters(search: CategorySearch, attributes: ReturnType<typeof useAttributes>): ChosenFilters {
  const chosen = filtersOfSearch(search)
  const labels = parseFilterAttribute(search.filterAttribute)
  const fromLabels = filtersFromAttributeLabels(labels, attributes, chosen)
  if (!search.brand) return fromLabels
  return filtersFromAttributeLabels(
    [search.brand],
    attributes.filter((a) => a.attribute_code === 'manufacturer'),
    fromLabels,
  )
}

/** Every filter of the query set to `filters` (absent keys cleared), labels replaced by ids. */
function filterSearch(filters: ChosenFilters): Partial<CategorySearch> {
  return { ...searchOfFilters(filters), filterAttribute: undefined, brand: undefined }
}

function crumbsFor(category: Category, all: Category[]): Crumb[] {
  return categoryTrail(category, all).map((c) => ({ label: c.name, slug: c.slug }))
}

export function CategoryRoutePage() {
  const { slug } = useParams({ from: '/default/c/$slug' })
  const { id } = useSearch({ from: '/default/c/$slug' })
  const categories = useCategories()
  // spec §2: the route may also carry the category id; an address from another store view (the
  // store switcher, or a shared link) or an old slug still names the category by its id suffix
  const idInSlug = /-(\d+)$/.exec(slug)?.[1]
  const byId = (wanted: number | undefined) => (wanted === undefined ? undefined : categories?.find((c) => c.id === wanted))
  const bySlug = categories?.find((c) => c.slug === slug)
  const category = bySlug ?? byId(id) ?? byId(idInSlug === undefined ? undefined : Number(idInSlug))
  const navigate = useNavigate({ from: '/c/$slug' })
  const canonical = !bySlug && category && id === undefined ? category.slug : null
  useEffect(() => {
    // the canonical address replaces the foreign one, query kept (as the server's 301 does)
    if (canonical) void navigate({ to: '/c/$slug', params: { slug: canonical }, search: (prev) => prev, replace: true })
  }, [canonical, navigate])
  const { LL } = useI18nContext()
  const sync = useSyncStatus()
  // a fresh device has no categories until the first pull lands: that is loading, not "not found"
  const waiting = categories === undefined || (categories.length === 0 && (sync?.online ?? true))
  // a page load of this category: the server's first-screen facts draw its frame and first pictures
  // while the local database does not have the category yet (the same listing, kept when it comes)
  const first = firstScreenCategory(category?.slug ?? slug)
  if (waiting && !category) {
    if (first) return <CategoryListing key={first.id} category={first} crumbs={firstScreenCrumbs(first.trail, first)} firstTiles={first.tiles} provisional />
    return (
      <p className="muted" role="status">
        {LL.category.loading()}
      </p>
    )
  }
  if (!category || !categories) return <NotFoundPage />
  return <CategoryListing key={category.id} category={category} crumbs={crumbsFor(category, categories)} firstTiles={first?.tiles} />
}

/**
 * The listing's title: a brand listing (brands page → the root category filtered by one brand) is
 * titled by the brand, from the attribute, or from the brand facet while the attributes have not
 * been read yet; undefined for any other listing.
 */
function brandLabelOf(categoryId: number, filters: ChosenFilters, attributes: Attribute[], page: CategoryPage | undefined): string | undefined {
  const brandIds = filters.manufacturer ?? []
  if (categoryId !== ROOT_CATEGORY_ID || brandIds.length !== 1) return undefined
  return (
    attributes.find((a) => a.attribute_code === 'manufacturer')?.options.find((o) => o.value === brandIds[0])?.label ??
    page?.facets.find((f) => f.attribute_code === 'manufacturer')?.options.find((o) => o.id === brandIds[0])?.label
  )
}

/** What the listing's state says about its sync: online, the catalogue may still be arriving (a first visit). */
interface CatalogState {
  arriving: boolean
  offline: boolean
}

/**
 * The filters wait for the whole catalogue on a first visit: counted over the products arrived so
 * far they would be wrong, and they would grow and reflow as batches land (a layout shift). Offline
 * (the replication paused) they count what the device holds.
 */
function facetsSettled(sync: SyncStatus | undefined): boolean {
  return sync !== undefined && (sync.catalogueComplete || !sync.online)
}

function catalogState(sync: SyncStatus | undefined): CatalogState {
  // counts are "so far" while it arrives, and an empty page is loading, not missing; only offline is
  // nothing stored a reason to come back online
  return { arriving: Boolean(sync?.online && (sync.replicating || sync.productCount === 0)), offline: sync !== undefined && !sync.online }
}

function totalText(LL: TranslationFunctions, page: CategoryPage | undefined, { arriving }: CatalogState): string {
  if (!page) return LL.category.loading()
  return arriving ? LL.category.totalSoFar({ total: page.total }) : LL.category.total({ total: page.total })
}

/** The empty state's words when the page has no products, or null while it has some (or has not answered). */
function emptyText(LL: TranslationFunctions, page: CategoryPage | undefined, filtered: boolean, { arriving, offline }: CatalogState): string | null {
  if (!page || page.items.length > 0) return null
  if (filtered) return LL.category.empty()
  if (offline) return LL.messages.noProductsSynchronized()
  return arriving ? LL.category.loading() : LL.category.noProducts()
}

/** The spec's warning when nothing is stored for this category (a first visit offline), told once. */
function useNothingStoredWarning(page: CategoryPage | undefined, stale: boolean, filtered: boolean, offline: boolean) {
  const { notify } = useNotifications()
  const warned = useRef(false)
  useEffect(() => {
    if (warned.current || !page || stale) return
    if (page.total === 0 && !filtered && offline) {
      warned.current = true
      notify({ id: notificationId('no-products'), type: 'warning', key: 'noProductsSynchronized' })
    }
  }, [page, stale, filtered, offline, notify])
}

/** The listing's query from the route's: filters (labels turned into ids), sort and how many pages are shown. */
function useListingQuery(categoryId: number, search: CategorySearch, attributes: Attribute[]) {
  const pageSize = search.pageSize ?? CATEGORY_PAGE_SIZE
  const pages = search.page ?? 1
  const sort: CategorySort = search.sort ?? 'position'
  const filters = useMemo(() => chosenFilters(search, attributes), [search, attributes])
  const query: CategoryPageQuery = useMemo(() => ({ categoryId, filters, sort, size: pageSize * pages }), [categoryId, filters, sort, pageSize, pages])
  // the first tiles' pictures belong to the plain listing only (no filter, position order, first page)
  const plain = Object.keys(filters).length === 0 && sort === 'position' && pages === 1 && pageSize === CATEGORY_PAGE_SIZE
  return { pageSize, pages, sort, filters, query, plain }
}

/**
 * `firstTiles`: the pictures of the plain listing's first tiles the page load's HTML named, shown in
 * their places until the listing's first answer. `provisional`: the category is the page load's
 * first-screen facts, the local database does not have it (nor, likely, the attributes that name the
 * filters' options): the filters wait, instead of showing raw option ids that then change width.
 */
function CategoryListing({
  category,
  crumbs: trail,
  firstTiles = [],
  provisional = false,
}: {
  category: Pick<Category, 'id' | 'name'>
  crumbs: Crumb[]
  firstTiles?: readonly string[]
  provisional?: boolean
}) {
  const { LL } = useI18nContext()
  const search = useSearch({ from: '/default/c/$slug' })
  const navigate = useNavigate({ from: '/c/$slug' })
  const sync = useSyncStatus()
  const attributes = useAttributes(LABELLED_ATTRIBUTES)
  const formatWhole = useWholeAmountFormatter()
  const { pageSize, pages, sort, filters, query, plain } = useListingQuery(category.id, search, attributes)
  // while a changed query loads, `page` is still the previous result (no flash of the empty state)
  const { page, stale } = useCategoryPage(query)
  const brandLabel = brandLabelOf(category.id, filters, attributes, page)
  const heading = brandLabel ?? category.name
  useDocumentTitle(heading)
  const state = catalogState(sync)
  const filtered = Object.keys(filters).length > 0
  useNothingStoredWarning(page, stale, filtered, state.offline)

  const update = (next: Partial<CategorySearch>, resetPage: boolean) =>
    void navigate({
      search: (prev) => ({ ...prev, ...next, ...(resetPage ? { page: undefined } : {}) }),
      replace: false,
      resetScroll: false,
    })
  const clearFilters = () => update(filterSearch({}), true)

  const items = page?.items ?? []
  useBackNavigationRestore(items.length, stale)
  const crumbs = brandLabel ? [{ label: brandLabel }] : trail
  const priceRange = page?.priceRange

  return (
    <div className="category-page" aria-busy={stale} data-catalog={sync && !sync.replicating && sync.productCount > 0 ? 'ready' : 'syncing'}>
      <Breadcrumbs crumbs={crumbs.length ? crumbs : [{ label: category.name }]} />
      <div className="category-page__head">
        <h1>{heading}</h1>
        <p className="muted category-page__total" role="status" data-testid="category-total">
          {totalText(LL, page, state)}
        </p>
        {/* always there, so that the line it fills in later does not push the grid down */}
        <p className="muted category-page__price-range" data-testid={priceRange ? 'category-price-range' : undefined}>
          {priceRange ? LL.listing.priceRange({ min: formatWhole(priceRange.min), max: formatWhole(priceRange.max) }) : null}
        </p>
      </div>
      <ListingLayout
        facets={provisional || !facetsSettled(sync) ? [] : (page?.facets ?? [])}
        chosen={filters}
        onToggle={(type, id) => update(filterSearch(toggleFilter(filters, { type, id })), true)}
        onClear={clearFilters}
        resultCount={page?.total}
        toolbar={
          <>
            <SortSelect
              value={sort}
              sorts={CATEGORY_SORTS}
              defaultSort="position"
              labelOf={(s) => LL.category.sorts[s]()}
              onChange={(next) => update({ sort: next }, true)}
            />
            <label>
              <span>{LL.category.perPage()}</span>
              <select
                value={pageSize}
                onChange={(e) => update({ pageSize: Number(e.target.value) === CATEGORY_PAGE_SIZE ? undefined : Number(e.target.value) }, true)}
              >
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </>
        }
        items={items}
        label={heading}
        placeholders={!page && plain ? firstTiles : []}
        empty={emptyText(LL, page, filtered, state)}
        more={{ total: page?.total ?? 0, label: LL.category.loadMore(), busy: stale, count: true, onMore: () => update({ page: pages + 1 }, false) }}
      />
    </div>
  )
}
