/**
 * The head tags of a page from what is known of it (PageFacts): title, description, canonical and
 * hreflang addresses, Open Graph and JSON-LD. Pure: page-head.ts gathers the facts from the catalogue.
 */
import type { FirstScreen } from '../../domain/first-screen'
import { imageUrl, PRODUCT_MAIN_IMAGE, PRODUCT_TILE_IMAGE } from '../../domain/images'
import { DEFAULT_STORE_CODE, STORE_CODES, STORE_VIEWS, type StoreCode, type StoreView } from '../../domain/store-views'
import { headWords } from './page-head-words'

/** What one page load tells crawlers and link previews; every URL absolute. */
export interface HeadTags {
  /** `<html lang>` */
  lang: string
  title: string
  description: string
  /** e.g. `noindex` (404s, search results, private pages); absent: indexable */
  robots?: string
  canonical?: string
  /** hreflang → URL, `x-default` included */
  alternates: readonly { hreflang: string; href: string }[]
  /** Open Graph (and Twitter card) properties in order; empty on pages not worth a preview */
  openGraph: readonly { property: string; content: string }[]
  /** JSON-LD nodes, written as one `@graph` */
  jsonLd: readonly Record<string, unknown>[]
  /**
   * Site paths of the pictures the page shows first and largest (a product's main image, the same
   * address the gallery asks for; a category page's first tiles): preloaded with the HTML instead of
   * once the app has rendered (LCP)
   */
  preloadImages?: readonly string[]
  /** what the app's first render draws before its local database has the page (domain/first-screen) */
  firstScreen?: FirstScreen
}

/** Absolute addresses as the request's host has them (server/routes/static.ts). */
export interface StoreLinks {
  /** a store-relative path (`/` for the home page) in a store view */
  page(storeCode: StoreCode, path: string): string
  /** a path of the site itself: pictures, icons */
  site(path: string): string
}

export type PageHead = (links: StoreLinks) => HeadTags

export type Doc = Record<string, unknown>
export type JsonLd = Record<string, unknown>

/** link previews show the product page's own main picture (a size the resizer serves) */
export const PREVIEW_IMAGE = PRODUCT_MAIN_IMAGE
export const SHOP_ICON = '/icons/icon-512.png'
export const DESCRIPTION_MAX = 160

export const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' }

/** Back-office HTML to one line of plain text, cut at a word near `max` characters. */
export function plainText(html: unknown, max = DESCRIPTION_MAX): string {
  const text = String(html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`
}

/** og:locale wants language_TERRITORY: the html lang where it names a country, else the formatting locale. */
export function ogLocale(view: StoreView): string {
  return (view.htmlLang.includes('-') ? view.htmlLang : view.i18n.defaultLocale).replace('-', '_')
}

export const slugOf = (doc: Doc): string => String(doc.slug ?? doc.url_key ?? '')

export interface PageFacts {
  storeCode: StoreCode
  /** the page's own name (og:title), and the tab title */
  name: string
  title: string
  description: string
  robots?: string
  /** the same page's store-relative path in each store view that has it; the own one is the canonical */
  paths?: Partial<Record<StoreCode, string>>
  ogType?: 'website' | 'product' | 'article'
  /** a site path */
  image?: string
  /** site paths: the page's first and largest pictures, preloaded with the HTML (HeadTags.preloadImages) */
  preloadImages?: readonly string[]
  /** HeadTags.firstScreen */
  firstScreen?: FirstScreen
  jsonLd?: (links: StoreLinks, canonical: string) => JsonLd[]
}

export function organization(links: StoreLinks, storeCode: StoreCode): JsonLd {
  return {
    '@type': 'Organization',
    '@id': links.site('/#organization'),
    name: headWords(storeCode).shopName,
    url: links.page(storeCode, '/'),
    logo: links.site(SHOP_ICON),
  }
}

export function breadcrumbList(crumbs: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  }
}

export function headOf(facts: PageFacts): PageHead {
  return (links) => {
    const view = STORE_VIEWS[facts.storeCode]
    const own = facts.paths?.[facts.storeCode]
    const base = { lang: view.htmlLang, title: facts.title, description: facts.description, ...(facts.robots ? { robots: facts.robots } : {}) }
    const firstRender = {
      ...(facts.preloadImages?.length ? { preloadImages: facts.preloadImages } : {}),
      ...(facts.firstScreen ? { firstScreen: facts.firstScreen } : {}),
    }
    if (own === undefined) return { ...base, alternates: [], openGraph: [], jsonLd: [], ...firstRender }
    const paths = facts.paths!
    const canonical = links.page(facts.storeCode, own)
    const views = STORE_CODES.filter((c) => paths[c] !== undefined)
    const alternates =
      views.length < 2
        ? []
        : [
            ...views.map((c) => ({ hreflang: STORE_VIEWS[c].htmlLang, href: links.page(c, paths[c]!) })),
            ...(paths[DEFAULT_STORE_CODE] !== undefined ? [{ hreflang: 'x-default', href: links.page(DEFAULT_STORE_CODE, paths[DEFAULT_STORE_CODE]) }] : []),
          ]
    const image = links.site(facts.image ?? SHOP_ICON)
    const openGraph = [
      { property: 'og:site_name', content: headWords(facts.storeCode).shopName },
      { property: 'og:type', content: facts.ogType ?? 'website' },
      { property: 'og:title', content: facts.name },
      { property: 'og:description', content: facts.description },
      { property: 'og:url', content: canonical },
      { property: 'og:image', content: image },
      ...(facts.image ? [{ property: 'og:image:width', content: String(PREVIEW_IMAGE.width) }] : []),
      ...(facts.image ? [{ property: 'og:image:height', content: String(PREVIEW_IMAGE.height) }] : []),
      { property: 'og:locale', content: ogLocale(view) },
      ...views.filter((c) => c !== facts.storeCode).map((c) => ({ property: 'og:locale:alternate', content: ogLocale(STORE_VIEWS[c]) })),
      { property: 'twitter:card', content: facts.image ? 'summary_large_image' : 'summary' },
    ]
    const jsonLd = [organization(links, facts.storeCode), ...(facts.jsonLd?.(links, canonical) ?? [])]
    return {
      ...base,
      canonical,
      alternates,
      openGraph,
      jsonLd,
      ...firstRender,
    }
  }
}

/** The site paths of tiles' pictures at the size a tile shows them (ProductTile). */
export const tileImages = (paths: readonly string[]): string[] =>
  paths.flatMap((path) => imageUrl(path, PRODUCT_TILE_IMAGE.width, PRODUCT_TILE_IMAGE.height) ?? [])

/** Categories of a breadcrumb trail as the first screen names them (domain/first-screen). */
export const trailOf = (categories: readonly Doc[]): { name: string; slug: string }[] =>
  categories.map((c) => ({ name: String(c.name ?? ''), slug: slugOf(c) }))

export const everyStoreView = (path: string): Record<StoreCode, string> => Object.fromEntries(STORE_CODES.map((c) => [c, path])) as Record<StoreCode, string>
