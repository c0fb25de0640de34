import { useRef } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { topCategories } from '../../components/menu-categories'
import { ProductTile } from '../../components/product-tile'
import { useCategories, useCategoryPage, useSyncStatus } from '../../data/hooks'
import type { ProductListItem } from '../../data/worker-types'
import { withLaterWords } from '../../dictionary'
import { useLaterModule } from '../../ui/later-module'
import { steadyList } from '../../ui/steady-list'
import { useDocumentTitle } from '../../ui/document-title'
import { CategoryLink } from '../../components/shop-links'
import { HomeBanners } from './home-banners'

const HOME_PRODUCTS = 8

/** the parts under the products (the shop's home-page blocks, the blog feed), a chunk fetched once the first load has ended */
const loadHomeSections = () => withLaterWords(import('./home-sections'), ['blog'])

function useSteadyList(items: readonly ProductListItem[] | undefined, size: number): ProductListItem[] {
  const shown = useRef<ProductListItem[]>([])
  if (items) shown.current = steadyList(shown.current, items, size)
  return shown.current
}

export function HomePage() {
  const { LL } = useI18nContext()
  useDocumentTitle(null)
  const categories = useCategories()
  const sync = useSyncStatus()
  // an empty list while online means the first pull is still on its way
  const loading = categories === undefined || (categories.length === 0 && (sync?.online ?? true))
  const tops = topCategories(categories)
  const first = tops[0]
  const { page } = useCategoryPage(first ? { categoryId: first.id, filters: {}, sort: 'most_popular', size: HOME_PRODUCTS } : null)
  const products = useSteadyList(page?.items, HOME_PRODUCTS)
  const sections = useLaterModule(loadHomeSections)

  return (
    <div className="home">
      <section className="hero">
        <h1>{LL.home.title()}</h1>
        <p>{LL.home.intro()}</p>
      </section>

      <HomeBanners online={sync?.online ?? true} />

      <section aria-labelledby="home-categories">
        <h2 id="home-categories">{LL.home.categories()}</h2>
        {loading ? (
          <p className="muted">{LL.home.loading()}</p>
        ) : tops.length === 0 ? (
          <p className="muted">{LL.home.noCategories()}</p>
        ) : (
          <ul className="category-cards">
            {tops.map((c) => (
              <li key={c.id}>
                <CategoryLink category={c} className="category-card" data-testid="category-link">
                  <span className="category-card__name">{c.name}</span>
                  <span className="category-card__count">{LL.home.productsIn({ count: c.product_count })}</span>
                </CategoryLink>
              </li>
            ))}
          </ul>
        )}
      </section>

      {products.length > 0 ? (
        <section aria-labelledby="home-products">
          <h2 id="home-products">{LL.home.products()}</h2>
          <ul className="product-grid product-grid--static">
            {products.map((item, i) => (
              <li key={item.id}>
                <ProductTile item={item} eager={i < 4} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {sections ? (
        <>
          <sections.HomeBlocks />
          <sections.HomeBlogFeed />
        </>
      ) : null}
    </div>
  )
}
