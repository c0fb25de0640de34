/**
 * What the server tells the app about the page it loads, for the first render (LCP). A home page
 * load carries its head image; a category page load carries the category's name, its breadcrumb trail and the pictures of its first
 * tiles, so the first render draws the page's frame with those pictures at once instead of a
 * "Loading…" line until the data worker's first pulls land (on a phone's first visit, a second or
 * more later). The app uses it only until the local database has the page; it is nothing the
 * shopper acts on. Written into the HTML as a JSON data block (`<script type="application/json">`,
 * server/http/page-head-html.ts), read once by src/ui/first-screen.ts.
 */

/** The id of the data block in the page's HTML. */
export const FIRST_SCREEN_ELEMENT_ID = 'polder-first-screen'

export interface FirstScreenCategory {
  id: number
  name: string
  slug: string
  /** the ancestors with a page of their own, top first (the breadcrumbs before the category itself) */
  trail: { name: string; slug: string }[]
  /** catalogue image paths of the first tiles of its plain listing (position order, no filter), in order */
  tiles: string[]
}

export interface FirstScreenProduct {
  /** the product's own sku (a configurable's, not a chosen child's) */
  sku: string
  name: string
  /** the catalogue image path the page shows first (the chosen child's picture, else the product's) */
  image?: string
  /** the categories of its breadcrumbs, top first (the product itself not included) */
  trail: { name: string; slug: string }[]
}

export interface FirstScreenSearch {
  /** the search term as the page searches it (trimmed) */
  term: string
  /** catalogue image paths of the first results' tiles (best matches first, no filter) */
  tiles: string[]
}

/** The home page's head image (the store view's first active `head` banner), as the app draws it. */
export interface FirstScreenHomeHead {
  id: number
  title: string
  subtitle?: string
  /** the picture, site-relative */
  image: string
  /** a path inside the store view, without its prefix */
  link: string
  alt: string
}

export interface FirstScreen {
  home?: { head: FirstScreenHomeHead }
  category?: FirstScreenCategory
  product?: FirstScreenProduct
  search?: FirstScreenSearch
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isText = (value: unknown): value is string => typeof value === 'string'

function trailOf(value: unknown): { name: string; slug: string }[] {
  return Array.isArray(value) ? value.filter(isRecord).flatMap((c) => (isText(c.name) && isText(c.slug) ? [{ name: c.name, slug: c.slug }] : [])) : []
}

function categoryOf(value: unknown): FirstScreenCategory | undefined {
  if (!isRecord(value)) return undefined
  const { id, name, slug, trail, tiles } = value
  if (typeof id !== 'number' || !Number.isInteger(id) || !isText(name) || !isText(slug) || slug === '') return undefined
  return { id, name, slug, trail: trailOf(trail), tiles: pathsOf(tiles) }
}

const pathsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isText) : [])

function searchOf(value: unknown): FirstScreenSearch | undefined {
  if (!isRecord(value) || !isText(value.term) || value.term === '') return undefined
  return { term: value.term, tiles: pathsOf(value.tiles) }
}

function productOf(value: unknown): FirstScreenProduct | undefined {
  if (!isRecord(value)) return undefined
  const { sku, name, image, trail } = value
  if (!isText(sku) || sku === '' || !isText(name)) return undefined
  return { sku, name, ...(isText(image) && image !== '' ? { image } : {}), trail: trailOf(trail) }
}

function homeOf(value: unknown): { head: FirstScreenHomeHead } | undefined {
  if (!isRecord(value) || !isRecord(value.head)) return undefined
  const { id, title, subtitle, image, link, alt } = value.head
  if (typeof id !== 'number' || !isText(title) || !isText(image) || image === '' || !isText(link) || !isText(alt)) return undefined
  return { head: { id, title, ...(isText(subtitle) && subtitle !== '' ? { subtitle } : {}), image, link, alt } }
}

/** The data block's text as a FirstScreen; anything missing or malformed is left out (never throws). */
export function parseFirstScreen(text: string | null | undefined): FirstScreen {
  if (!text) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return {}
  }
  if (!isRecord(value)) return {}
  const category = categoryOf(value.category)
  const product = productOf(value.product)
  const search = searchOf(value.search)
  const home = homeOf(value.home)
  return { ...(home ? { home } : {}), ...(category ? { category } : {}), ...(product ? { product } : {}), ...(search ? { search } : {}) }
}
