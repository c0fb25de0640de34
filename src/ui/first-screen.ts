/**
 * The server's facts for the first render of this page load (domain/first-screen), read from the
 * HTML once. A category, product or search results page draws its frame and first pictures from
 * them until the local database (or, for a search, the worker's answer) has the page.
 */
import {
  FIRST_SCREEN_ELEMENT_ID,
  parseFirstScreen,
  type FirstScreen,
  type FirstScreenCategory,
  type FirstScreenHomeHead,
  type FirstScreenProduct,
  type FirstScreenSearch,
} from '../../domain/first-screen'

let read: FirstScreen | undefined

export function firstScreen(): FirstScreen {
  read ??= parseFirstScreen(typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent)
  return read
}

/** The home page's head image when this page load was the home page's. */
export function firstScreenHomeHead(): FirstScreenHomeHead | undefined {
  return firstScreen().home?.head
}

/** The page load's category when `slug` is its address (any other category: none). */
export function firstScreenCategory(slug: string): FirstScreenCategory | undefined {
  const category = firstScreen().category
  return category?.slug === slug ? category : undefined
}

/** The page load's product when `sku` is its address's (any other product: none). */
export function firstScreenProduct(sku: string): FirstScreenProduct | undefined {
  const product = firstScreen().product
  return product?.sku === sku ? product : undefined
}

/** The page load's search when `term` is its term (any other search: none). */
export function firstScreenSearch(term: string): FirstScreenSearch | undefined {
  const search = firstScreen().search
  return search?.term === term ? search : undefined
}

/** A first screen's trail as breadcrumbs, ending with the page itself (`self`, a category with its slug, or a product). */
export function firstScreenCrumbs(trail: readonly { name: string; slug: string }[], self: { name: string; slug?: string }): { label: string; slug?: string }[] {
  return [...trail, self].map((c) => ({ label: c.name, ...(c.slug !== undefined ? { slug: c.slug } : {}) }))
}
