/**
 * What crawlers and link previews see of a page: title and description in the store
 * view's language, the canonical address, the same page in the other store views (hreflang, with
 * x-default = en), Open Graph, and JSON-LD (Product with its Offer and its shown reviews,
 * BreadcrumbList, Organization) built from the catalogue. Loading is async (the catalogue); the result is a function of the
 * request's addresses (StoreLinks: which host, the French one or not), so the HTTP side decides
 * origins and this module never sees a request.
 *
 * CMS pages and the blog have theirs from the shop's content (content-heads.ts). Search results
 * that found nothing, lists, account and checkout pages are `noindex` without canonical or
 * alternates; a 404 is `noindex` too.
 */
import { deepestCategory, pathIds } from '../../domain/category-trail'
import { imageUrl } from '../../domain/images'
import { repriceStoredProduct } from '../../domain/price'
import { ProductSchema } from '../../domain/product.schema'
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { categoryLink, productLink } from '../../domain/url'
import { hasCategoryPage } from '../../domain/url-rewrite.schema'
import type { Storage } from '../storage'
import { createContentHeads } from './content-heads'
import { headWords } from './page-head-words'
import { reviewsJsonLd } from './review-heads'
import { breadcrumbList, everyStoreView, headOf, plainText, PREVIEW_IMAGE, slugOf, tileImages, trailOf, type Doc, type PageHead } from './page-head-tags'

export type { HeadTags, PageHead, StoreLinks } from './page-head-tags'

export function createPageHead(storage: Storage, now: () => Date = () => new Date()) {
  const content = createContentHeads(storage)

  /** What the shopper pays today, incl. the store view's default country's VAT, and whether it is in stock. */
  async function offerOf(
    storeCode: StoreCode,
    doc: Doc,
    childSku: string | undefined,
  ): Promise<{ price: number; inStock: boolean; sku: string; image?: string }> {
    const parsed = ProductSchema.safeParse(doc)
    const children = Array.isArray(doc.configurable_children) ? (doc.configurable_children as Doc[]) : []
    const skus = [String(doc.sku), ...children.map((c) => String(c.sku))]
    const [rules, stockRows] = await Promise.all([storage.taxRules.list(), storage.stock.findBySkus(skus)])
    const live = new Map(stockRows.map((r) => [r.sku, r.is_in_stock]))
    const inStock = (item: Doc) => live.get(String(item.sku)) ?? Boolean((item.stock as { is_in_stock?: boolean } | undefined)?.is_in_stock)
    let priced: Doc = doc
    if (parsed.success) priced = repriceStoredProduct(parsed.data, rules, STORE_VIEWS[storeCode].tax.defaultCountry, now())
    const pricedChildren = Array.isArray(priced.configurable_children) ? (priced.configurable_children as Doc[]) : []
    const child = childSku === undefined ? undefined : pricedChildren.find((c) => c.sku === childSku)
    const target = child ?? priced
    const price = Number(target.final_price_incl_tax ?? target.price ?? 0)
    const enabled = pricedChildren.filter((c) => c.status === undefined || c.status === 1)
    const available = child ? inStock(child) : enabled.length > 0 ? enabled.some(inStock) : inStock(priced)
    const image = typeof child?.image === 'string' && child.image ? child.image : typeof doc.image === 'string' && doc.image ? doc.image : undefined
    return { price, inStock: available, sku: String(target.sku), ...(image ? { image } : {}) }
  }

  /** A category's ancestors that have a page of their own, top first (itself left out). */
  async function ancestorsShown(storeCode: StoreCode, category: Doc): Promise<Doc[]> {
    const id = Number(category.id)
    const ancestors = await Promise.all(
      pathIds(String(category.path ?? ''))
        .filter((a) => a !== id)
        .map((a) => storage.urls.findCategoryById(storeCode, a)),
    )
    return ancestors.filter((a): a is Doc => a !== null && hasCategoryPage(a) && slugOf(a) !== '')
  }

  /** The deepest of a product's categories with a page, and its ancestors: the product's breadcrumb trail. */
  async function productTrail(storeCode: StoreCode, doc: Doc): Promise<Doc[]> {
    const refs = (Array.isArray(doc.category) ? (doc.category as { category_id?: unknown }[]) : [])
      .map((r) => Number(r.category_id))
      .filter((id) => Number.isInteger(id))
    const found = await Promise.all(refs.map((id) => storage.urls.findCategoryById(storeCode, id)))
    const categories = found
      .filter((c): c is Doc => c !== null && hasCategoryPage(c) && slugOf(c) !== '')
      .map((c) => ({ doc: c, id: Number(c.id), level: Number(c.level ?? 0) }))
    const deepest = deepestCategory(
      refs.map((category_id) => ({ category_id })),
      categories,
    )
    return deepest ? [...(await ancestorsShown(storeCode, deepest.doc)), deepest.doc] : []
  }

  /**
   * The same product in another store view: by id (the primary key; store views share ids), else by
   * sku (findBySku also matches children's skus, a scan of the store view, hence the id first).
   */
  async function sameProduct(storeCode: StoreCode, doc: Doc): Promise<Doc | null> {
    const byId = typeof doc.id === 'number' ? await storage.urls.findProductById(storeCode, doc.id) : null
    return byId?.sku === doc.sku ? byId : storage.products.findBySku(storeCode, String(doc.sku))
  }

  return {
    ...content,

    async home(storeCode: StoreCode): Promise<PageHead> {
      const words = headWords(storeCode)
      // the head image is the page's largest picture: named in the HTML, it is painted with the page
      const head = (await storage.banners.listActive(storeCode)).find((b) => b.slot === 'head')
      return headOf({
        ...(head
          ? {
              preloadImages: [head.image],
              firstScreen: {
                home: {
                  head: {
                    id: head.id,
                    title: head.title,
                    ...(head.subtitle ? { subtitle: head.subtitle } : {}),
                    image: head.image,
                    link: head.link,
                    alt: head.alt,
                  },
                },
              },
            }
          : {}),
        storeCode,
        name: words.shopName,
        title: words.shopName,
        description: words.homeDescription,
        paths: everyStoreView('/'),
        jsonLd: (links, canonical) => [
          {
            '@type': 'WebSite',
            '@id': `${canonical}#website`,
            name: words.shopName,
            url: canonical,
            inLanguage: STORE_VIEWS[storeCode].htmlLang,
            potentialAction: {
              '@type': 'SearchAction',
              target: { '@type': 'EntryPoint', urlTemplate: links.page(storeCode, '/search/{search_term_string}') },
              'query-input': 'required name=search_term_string',
            },
          },
        ],
      })
    },

    /** `doc` as page-status found it; `childSku`: a configurable's chosen child in the address. */
    async product(storeCode: StoreCode, doc: Doc, childSku?: string): Promise<PageHead> {
      const sku = String(doc.sku)
      const [others, offer, trail, reviews] = await Promise.all([
        Promise.all(STORE_CODES.map(async (c) => [c, c === storeCode ? doc : await sameProduct(c, doc)] as const)),
        offerOf(storeCode, doc, childSku),
        productTrail(storeCode, doc),
        typeof doc.id === 'number' ? storage.reviews.listShown(storeCode, doc.id) : [],
      ])
      const paths: Partial<Record<StoreCode, string>> = {}
      for (const [c, d] of others) {
        if (d && d.sku === sku && slugOf(d)) paths[c] = productLink({ parentSku: sku, slug: slugOf(d), ...(childSku ? { childSku } : {}) })
      }
      const words = headWords(storeCode)
      const steps = trailOf(trail)
      const name = String(doc.name ?? sku)
      const text = plainText(doc.meta_description ?? doc.short_description ?? doc.description)
      const description = text || words.productDescription(name)
      // the address ProductGallery asks for (the chosen child's picture, else the product's), at
      // PREVIEW_IMAGE = PRODUCT_MAIN_IMAGE: the link preview shows it, the HTML preloads it
      const image = offer.image ? (imageUrl(offer.image, PREVIEW_IMAGE.width, PREVIEW_IMAGE.height) ?? undefined) : undefined
      return headOf({
        storeCode,
        name,
        title: words.pageTitle(name),
        description,
        paths,
        ogType: 'product',
        ...(image ? { image, preloadImages: [image] } : {}),
        firstScreen: {
          product: {
            sku,
            name,
            ...(offer.image ? { image: offer.image } : {}),
            trail: steps,
          },
        },
        jsonLd: (links, canonical) => [
          {
            '@type': 'Product',
            '@id': `${canonical}#product`,
            name,
            description: plainText(doc.description, 1000) || description,
            sku: offer.sku,
            url: canonical,
            ...(image ? { image: [links.site(image)] } : {}),
            offers: {
              '@type': 'Offer',
              url: canonical,
              price: offer.price.toFixed(2),
              priceCurrency: STORE_VIEWS[storeCode].i18n.currencyCode,
              availability: offer.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
              itemCondition: 'https://schema.org/NewCondition',
              seller: { '@id': links.site('/#organization') },
            },
            ...reviewsJsonLd(reviews),
          },
          breadcrumbList([
            { name: words.home, url: links.page(storeCode, '/') },
            ...steps.map((c) => ({ name: c.name, url: links.page(storeCode, categoryLink({ slug: c.slug })) })),
            { name, url: canonical },
          ]),
        ],
      })
    },

    /** `tiles`: the pictures of the page's first products, in the order the page lists them (looked up meanwhile) */
    async category(storeCode: StoreCode, doc: Doc, tiles: Promise<readonly string[]> | readonly string[] = []): Promise<PageHead> {
      const id = Number(doc.id)
      const [others, shown, firstTiles] = await Promise.all([
        Promise.all(STORE_CODES.map(async (c) => [c, c === storeCode ? doc : await storage.urls.findCategoryById(c, id)] as const)),
        ancestorsShown(storeCode, doc),
        tiles,
      ])
      const paths: Partial<Record<StoreCode, string>> = {}
      for (const [c, d] of others) if (d && hasCategoryPage(d) && slugOf(d)) paths[c] = categoryLink({ slug: slugOf(d) })
      const words = headWords(storeCode)
      const steps = trailOf(shown)
      const name = String(doc.name ?? '')
      return headOf({
        storeCode,
        name,
        title: words.pageTitle(name),
        description: plainText(doc.meta_description ?? doc.description) || words.categoryDescription(name),
        paths,
        preloadImages: tileImages(firstTiles),
        ...(Number.isInteger(id)
          ? {
              firstScreen: {
                category: {
                  id,
                  name,
                  slug: slugOf(doc),
                  trail: steps,
                  tiles: [...firstTiles],
                },
              },
            }
          : {}),
        jsonLd: (links, canonical) => [
          breadcrumbList([
            { name: words.home, url: links.page(storeCode, '/') },
            ...steps.map((c) => ({ name: c.name, url: links.page(storeCode, categoryLink({ slug: c.slug })) })),
            { name, url: canonical },
          ]),
        ],
      })
    },

    /** The app's own pages (domain/app-routes: fixed paths and open patterns); `path` decoded, no slashes around. */
    fixed(storeCode: StoreCode, path: string): PageHead {
      const words = headWords(storeCode)
      const name = words.fixedTitles[path]
      const title = name ? words.pageTitle(name) : words.shopName
      // the brand list is the one fixed page with content of its own; the rest are private, lists, or not written yet
      if (path === 'brands') return headOf({ storeCode, name: name!, title, description: words.homeDescription, paths: everyStoreView('/brands') })
      return headOf({ storeCode, name: name ?? words.shopName, title, description: words.homeDescription, robots: 'noindex' })
    },

    /**
     * A search results page; `tiles`: the pictures of its first results, best matches first. One
     * that found products is a page worth finding: its
     * canonical address is its words' own, without filters or sort, in its store view only (another
     * language searches other words). One that found nothing stays out of the index (noindex, its
     * links followed), as a soft 404 would.
     */
    search(storeCode: StoreCode, query: string, tiles: readonly string[] = []): PageHead {
      const words = headWords(storeCode)
      const term = query.trim()
      const found = term !== '' && tiles.length > 0
      return headOf({
        storeCode,
        name: words.searchTitle(query),
        title: words.pageTitle(words.searchTitle(query)),
        description: words.searchDescription(query),
        ...(found ? { paths: { [storeCode]: `/search/${encodeURIComponent(term)}` } } : { robots: 'noindex, follow' }),
        preloadImages: tileImages(tiles),
        ...(term && tiles.length > 0 ? { firstScreen: { search: { term, tiles: [...tiles] } } } : {}),
      })
    },

    notFound(storeCode: StoreCode): PageHead {
      const words = headWords(storeCode)
      return headOf({ storeCode, name: words.notFoundTitle, title: words.pageTitle(words.notFoundTitle), description: words.notFoundText, robots: 'noindex' })
    },
  }
}
export type PageHeadService = ReturnType<typeof createPageHead>
