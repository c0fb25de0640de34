/**
 * The shop's words for page heads, from the app's own dictionaries (locales/{en,nl,fr}) through the
 * same typed translation functions the app uses (typesafe-i18n's i18nObject): a crawler reads the
 * same titles the app shows, placeholders and plurals filled by one engine.
 */
import { i18nObject } from '../../locales/i18n-util'
import { loadAllLocales } from '../../locales/i18n-util.sync'
import type { CategorySort, SearchSort } from '../../domain/listing'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'

loadAllLocales()

export function headWords(storeCode: StoreCode) {
  const d = i18nObject(STORE_VIEWS[storeCode].dictionary)
  return {
    shopName: d.shopName(),
    /** "Page — Polder", as the app's useDocumentTitle writes it */
    pageTitle: (title: string) => `${title} — ${d.shopName()}`,
    homeDescription: d.seo.homeDescription(),
    productDescription: (name: string) => d.seo.productDescription({ name }),
    categoryDescription: (name: string) => d.seo.categoryDescription({ name }),
    searchTitle: (query: string) => d.search.title({ query }),
    searchDescription: (query: string) => d.seo.searchDescription({ query }),
    home: d.breadcrumbs.home(),
    notFoundTitle: d.notFound.title(),
    notFoundText: d.notFound.text(),
    /** titles of the fixed pages (domain/app-routes FIXED_APP_PATHS) the app names itself */
    fixedTitles: {
      compare: d.lists.compareTitle(),
      wishlist: d.lists.wishlist(),
      brands: d.contentPages.brands(),
      checkout: d.checkout.title(),
      'checkout/cart': d.cart.title(),
      'submit-return': d.contentPages.submitReturn(),
      'my-account/recently-viewed': d.lists.recentlyViewed(),
    } as Readonly<Record<string, string>>,
    /** the blog's name, its page's title (server/services/content-heads.ts) */
    blog: d.contentPages.blog(),
    blogDescription: d.seo.blogDescription(),
    blogCategoryDescription: (name: string) => d.seo.blogCategoryDescription({ name }),
  }
}
export type HeadWords = ReturnType<typeof headWords>

/**
 * The words of a page's first paint (server/services/first-paint.ts) beyond the head's (headWords:
 * shop name, Home, the search title), as the app's first render shows them.
 */
export function firstPaintWords(storeCode: StoreCode) {
  const d = i18nObject(STORE_VIEWS[storeCode].dictionary)
  return {
    homeLink: d.header.home(),
    breadcrumbs: d.breadcrumbs.label(),
    homeTitle: d.home.title(),
    homeIntro: d.home.intro(),
    homeCategories: d.home.categories(),
    homeLoading: d.home.loading(),
    categoryLoading: d.category.loading(),
    filters: d.category.filters(),
    searchFilters: d.listing.searchFilters(),
    results: d.listing.results(),
    sortBy: d.category.sortBy(),
    perPage: d.category.perPage(),
    /** a sort's name in the listing's select, as the category and search pages name it */
    sortLabel: (sort: CategorySort | SearchSort) => (sort === 'relevance' ? d.listing.relevance() : d.category.sorts[sort]()),
    searching: d.search.searching(),
    gallery: d.product.gallery(),
    productLoading: d.product.loading(),
  }
}
