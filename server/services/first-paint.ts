/**
 * What the browser paints of a home, category, product or search results page from its HTML alone,
 * before the app's scripts have run (FCP and LCP on a phone's first visit): the header bar
 * with the logo, and the page's frame as the app's first render draws it from the same first-screen
 * facts (domain/first-screen): the breadcrumbs, the heading, the listing's toolbar and its first
 * pictures, a product's main picture. Words come from the app's dictionaries (page-head-words), so
 * the frame is in the store view's language; server/http/first-paint-html.ts writes it as HTML.
 *
 * The app replaces all of it with its own first render (React empties #root when it commits): this is
 * a picture of that render, not something the shopper uses, so it has no working controls.
 */
import { BANNER_PICTURE_SIZES } from '../../domain/banner-slots'
import type { FirstScreen } from '../../domain/first-screen'
import { imageUrl, PRODUCT_MAIN_IMAGE, PRODUCT_TILE_IMAGE } from '../../domain/images'
import { CATEGORY_PAGE_SIZE, CATEGORY_SORTS, PAGE_SIZES, SEARCH_SORTS, type CategorySort, type SearchSort } from '../../domain/listing'
import type { StoreCode } from '../../domain/store-views'
import { categoryLink } from '../../domain/url'
import { firstPaintWords, headWords } from './page-head-words'
import type { AppView } from './page-status'
import type { StoreLinks } from './page-head'

export interface PaintedImage {
  /** a site path */
  src: string
  width: number
  height: number
  alt: string
}

/** A banner: its picture, its link (with the store view's prefix) and its caption. */
export interface PaintedBanner {
  image: PaintedImage
  href: string
  title: string
  subtitle?: string
}

export interface PaintedCrumbs {
  label: string
  home: { name: string; href: string }
  /** the categories above the page, then the page itself (no href) */
  steps: { name: string; href?: string }[]
}

/** A listing's toolbar select: its label, its options' words in the app's order, and the one shown. */
export interface PaintedSelect {
  label: string
  options: string[]
  selected: string
}

export interface PaintedListing {
  view: 'category' | 'search'
  crumbs?: PaintedCrumbs
  heading: string
  /** the line under the heading while the listing loads */
  status: string
  filters: string
  /** the visually hidden heading of the results */
  results: string
  selects: PaintedSelect[]
  /** the first tiles' pictures */
  tiles: PaintedImage[]
}

export type PaintedMain =
  | { view: 'home'; title: string; intro: string; head?: PaintedBanner; categories: string; loading: string }
  | PaintedListing
  | { view: 'product'; crumbs: PaintedCrumbs; name: string; gallery: string; image?: PaintedImage; status: string }

export interface FirstPaint {
  /** the logo's link: the store view's home page */
  home: { href: string; label: string; shopName: string }
  main: PaintedMain
}

function tile(path: string): PaintedImage | [] {
  const src = imageUrl(path, PRODUCT_TILE_IMAGE.width, PRODUCT_TILE_IMAGE.height)
  return src ? { src, ...PRODUCT_TILE_IMAGE, alt: '' } : []
}

/**
 * The first paint of a page load, or undefined where the app draws nothing from the HTML's facts (any
 * other page, a category or search address with a query: sort, filters and pages are the app's to read).
 */
export function firstPaintOf(
  storeCode: StoreCode,
  view: AppView | undefined,
  screen: FirstScreen | undefined,
  links: StoreLinks,
  hasQuery: boolean,
): FirstPaint | undefined {
  const w = firstPaintWords(storeCode)
  const head = headWords(storeCode)
  const homeHref = links.page(storeCode, '/')
  const home = { href: homeHref, label: w.homeLink, shopName: head.shopName }
  const crumbs = (trail: readonly { name: string; slug: string }[], self: string): PaintedCrumbs => ({
    label: w.breadcrumbs,
    home: { name: head.home, href: homeHref },
    steps: [...trail.map((c) => ({ name: c.name, href: links.page(storeCode, categoryLink({ slug: c.slug })) })), { name: self }],
  })
  // the words and parts a category listing and a search results page share
  const listing = (tiles: readonly string[]) => ({
    results: w.results,
    tiles: tiles.flatMap(tile),
    /** the "Sort by" select on the page's default sort (the one an address without a query lists by) */
    sort: <S extends CategorySort | SearchSort>(sorts: readonly S[], chosen: S): PaintedSelect => ({
      label: w.sortBy,
      options: sorts.map(w.sortLabel),
      selected: w.sortLabel(chosen),
    }),
  })
  switch (view) {
    case 'home': {
      const banner = screen?.home?.head
      const head: PaintedBanner | undefined = banner && {
        image: { src: banner.image, alt: banner.alt, ...BANNER_PICTURE_SIZES.head },
        href: links.page(storeCode, banner.link),
        title: banner.title,
        ...(banner.subtitle ? { subtitle: banner.subtitle } : {}),
      }
      return {
        home,
        main: { view: 'home', title: w.homeTitle, intro: w.homeIntro, ...(head ? { head } : {}), categories: w.homeCategories, loading: w.homeLoading },
      }
    }
    case 'category': {
      const category = screen?.category
      if (!category || hasQuery) return undefined
      const { sort, ...shared } = listing(category.tiles)
      const perPage: PaintedSelect = { label: w.perPage, options: PAGE_SIZES.map(String), selected: String(CATEGORY_PAGE_SIZE) }
      return {
        home,
        main: {
          view: 'category',
          crumbs: crumbs(category.trail, category.name),
          heading: category.name,
          status: w.categoryLoading,
          filters: w.filters,
          selects: [sort(CATEGORY_SORTS, 'position'), perPage],
          ...shared,
        },
      }
    }
    case 'search': {
      const search = screen?.search
      if (!search || hasQuery) return undefined
      const { sort, ...shared } = listing(search.tiles)
      return {
        home,
        main: {
          view: 'search',
          heading: head.searchTitle(search.term),
          status: w.searching,
          filters: w.searchFilters,
          selects: [sort(SEARCH_SORTS, 'relevance')],
          ...shared,
        },
      }
    }
    case 'product': {
      const product = screen?.product
      if (!product) return undefined
      const src = product.image ? imageUrl(product.image, PRODUCT_MAIN_IMAGE.width, PRODUCT_MAIN_IMAGE.height) : null
      return {
        home,
        main: {
          view: 'product',
          crumbs: crumbs(product.trail, product.name),
          name: product.name,
          gallery: w.gallery,
          ...(src ? { image: { src, ...PRODUCT_MAIN_IMAGE, alt: product.name } } : {}),
          status: w.productLoading,
        },
      }
    }
    default:
      return undefined
  }
}
