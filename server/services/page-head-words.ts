/**
 * The shop's words for page heads, read from the app's own dictionaries (locales/{en,nl,fr}): a
 * crawler reads the same titles the app shows. The server fills `{name}` placeholders itself; the
 * keys it uses have no plural forms.
 */
import en from '../../locales/en/index'
import fr from '../../locales/fr/index'
import nl from '../../locales/nl/index'
import { STORE_VIEWS, type StoreCode } from '../../domain/store-views'

const DICTIONARIES = { en, nl, fr } as const

function fill(text: string, params: Record<string, string> = {}): string {
  return text.replace(/\{(\w+)(?::\w+)?\}/g, (whole, key: string) => params[key] ?? whole)
}

export function headWords(storeCode: StoreCode) {
  const d = DICTIONARIES[STORE_VIEWS[storeCode].dictionary]
  return {
    shopName: d.shopName,
    /** "Page — Polder", as the app's useDocumentTitle writes it */
    pageTitle: (title: string) => `${title} — ${d.shopName}`,
    homeDescription: d.seo.homeDescription,
    productDescription: (name: string) => fill(d.seo.productDescription, { name }),
    categoryDescription: (name: string) => fill(d.seo.categoryDescription, { name }),
    searchTitle: (query: string) => fill(d.search.title, { query }),
    searchDescription: (query: string) => fill(d.seo.searchDescription, { query }),
    home: d.breadcrumbs.home,
    notFoundTitle: d.notFound.title,
    notFoundText: d.notFound.text,
    /** titles of the fixed pages (domain/app-routes FIXED_APP_PATHS) the app names itself */
    fixedTitles: {
      compare: d.lists.compareTitle,
      wishlist: d.lists.wishlist,
      brands: d.contentPages.brands,
      blog: d.contentPages.blog,
      checkout: d.checkout.title,
      'checkout/cart': d.cart.title,
      'submit-return': d.contentPages.submitReturn,
      'my-account/recently-viewed': d.lists.recentlyViewed,
    } as Readonly<Record<string, string>>,
    cmsTitle: d.contentPages.cmsTitle,
    blogPostTitle: d.contentPages.blogPost,
    blogCategoryTitle: d.contentPages.blogCategory,
  }
}
export type HeadWords = ReturnType<typeof headWords>
