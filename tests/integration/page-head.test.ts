/**
 * What crawlers and link previews see: every page load carries its own head (language,
 * title, description in the store view's language, canonical, hreflang for the four store views and
 * x-default, Open Graph, JSON-LD from the catalogue), written into the repository's own index.html
 * at its markers. Real server, real storage (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Category } from '../../domain/category.schema'
import { APP_FILES_ELEMENT_ID } from '../../domain/app-files'
import { FIRST_SCREEN_ELEMENT_ID } from '../../domain/first-screen'
import type { Product } from '../../domain/product.schema'
import { STORE_CODES } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { testProduct } from '../fixtures/catalog'
import { HEAD_ID, testBanners, withTestBanners, WORDS } from './banner-fixtures'
import { buildFixtureShop, CLOTHING } from './fixtures'
import { alternatesOf, canonicalOf, headOf, jsonLdBlocksOf, metaOf, nodeOf, startTestServer, titleOf, useTestServer } from './helpers'

const shell = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8')
const dist = mkdtempSync(join(tmpdir(), 'polder-head-'))
writeFileSync(join(dist, 'index.html'), shell)
// the build's twin holds the bare shell: a page's own head must never come from it
writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(shell))
// the build's manifest (vite.config.ts build.manifest), as Vite writes it: what each page's chunk needs
mkdirSync(join(dist, '.vite'))
writeFileSync(
  join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', dynamicImports: ['src/app.tsx'] },
    'src/app.tsx': { file: 'assets/app-12.js', imports: ['_framework-2.js'] },
    '_framework-2.js': { file: 'assets/framework-2.js' },
    'src/routes/catalog/category-page.tsx': { file: 'assets/category-page-3.js', imports: ['_framework-2.js', '_grid-4.js'] },
    '_grid-4.js': { file: 'assets/grid-4.js', css: ['assets/grid-5.css'] },
    'src/routes/product/product-page.tsx': { file: 'assets/product-page-6.js', imports: ['_framework-2.js'] },
    'src/routes/content/home-page.tsx': { file: 'assets/home-page-9.js' },
    'src/routes/search/search-page.tsx': { file: 'assets/search-page-10.js', imports: ['_grid-4.js'] },
    'locales/nl/first-load.ts': { file: 'assets/nl-7.js' },
    'locales/en/first-load.ts': { file: 'assets/en-8.js' },
    'locales/fr/first-load.ts': { file: 'assets/fr-11.js' },
  }),
)

const HOSTILE_NAME = 'Tee </script><script>alert(1)</script> & "quotes" <!-- \u2028'
const hostile: Product = testProduct('HOSTILE', {
  id: 900,
  name: HOSTILE_NAME,
  url_key: 'hostile-900',
  url_path: 'hostile-900.html',
  slug: 'hostile-900',
  description: '<p>Bold <b>"claims"</b> &amp; <img src=x onerror=alert(2)></p>',
  category_ids: [20],
  category: [{ category_id: 20, name: 'Clothing', position: 9 }],
})

/** A subcategory of Clothing, and a product in both: its trail goes through the deeper one. */
const POLOS = 29
const polos: Category = {
  ...buildFixtureShop().catalog.en.categories.find((c) => c.id === CLOTHING)!,
  id: POLOS,
  parent_id: CLOTHING,
  name: 'Polos',
  url_key: 'polos',
  url_path: 'clothing/polos',
  slug: 'polos',
  path: `1/2/${CLOTHING}/${POLOS}`,
  level: 3,
  children_count: 0,
}
const polo: Product = testProduct('POLO', {
  id: 901,
  name: 'Polo',
  url_key: 'polo-901',
  url_path: 'polo-901.html',
  slug: 'polo-901',
  category_ids: [CLOTHING, POLOS],
  category: [
    { category_id: CLOTHING, name: 'Clothing', position: 10 },
    { category_id: POLOS, name: 'Polos', position: 1 },
  ],
})

/** The fixture shop with its banners, the French jacket with a French url key, a product with a hostile name, a polo in a subcategory. */
const server = useTestServer(async () => {
  const started = await startTestServer({ distDir: dist, seed: false })
  const shop = withTestBanners(buildFixtureShop())
  for (const code of STORE_CODES) {
    shop.catalog[code].products.push(structuredClone(hostile), structuredClone(polo))
    shop.catalog[code].categories.push(structuredClone(polos))
  }
  const jacket = shop.catalog.fr.products.find((p) => p.sku === 'JACKET')!
  Object.assign(jacket, { slug: 'veste-de-pluie-300', url_key: 'veste-de-pluie-300', url_path: 'veste-de-pluie-300.html' })
  await importShop(started.storage, shop, new Date('2026-06-15T12:00:00Z'))
  return started
})

const get = (url: string, host = 'localhost', headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers: { host, ...headers } })

async function categoryIdOf(slug: string): Promise<number> {
  const res = await server.app.inject({ method: 'POST', url: '/api/catalog/polder_en/category/_search?size=200', payload: {} })
  const hits = (JSON.parse(res.body) as { hits: { hits: { _source: { id: number; slug: string } }[] } }).hits.hits
  const found = hits.find((h) => h._source.slug === slug)
  if (!found) throw new Error(`no category ${slug}`)
  return found._source.id
}
const preloads = (html: string) => headOf(html).match(/<link rel="preload" as="image"[^>]*>/g) ?? []
const modulePreloads = (html: string) => [...headOf(html).matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)].map((m) => m[1]!)
/** The app's files a page the server paints first names for after that paint (domain/first-screen), as its data block holds them. */
const appFilesOf = (html: string): { scripts: string[]; styles: string[] } | undefined => {
  const block = new RegExp(`<script type="application/json" id="${APP_FILES_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(headOf(html))?.[1]
  return block === undefined ? undefined : (JSON.parse(block) as { scripts: string[]; styles: string[] })
}
/** The style sheets the head links (the page's own, besides index.html's) */
const styleSheets = (html: string) => [...headOf(html).matchAll(/<link rel="stylesheet" crossorigin href="([^"]*)">/g)].map((m) => m[1]!)
/** The files of a page's first render: named as preloads, or for after the first paint. */
const firstRenderFiles = (html: string) => appFilesOf(html)?.scripts ?? modulePreloads(html)
/** What the server wrote into `#root` (server/http/first-paint-html.ts). */
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1]
/** The page load's first-screen facts for the app (domain/first-screen), as the data block holds them. */
const firstScreenOf = (html: string): unknown => {
  const block = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(headOf(html))?.[1]
  return block === undefined ? undefined : JSON.parse(block)
}

describe("a page load names the files of its first render (the build's manifest)", () => {
  it("a category in /be: the app, the Dutch dictionary, the category page's chunk and what it imports after the first paint; its CSS a style sheet of the paint; not index.html's own", async () => {
    const res = await get('/be/c/clothing')
    expect(res.statusCode).toBe(200)
    // the server paints the page first: the scripts are for after that paint, not preloads that share the link with it
    expect(modulePreloads(res.body)).toEqual([])
    expect(appFilesOf(res.body)).toEqual({
      scripts: ['/assets/app-12.js', '/assets/framework-2.js', '/assets/nl-7.js', '/assets/category-page-3.js', '/assets/grid-4.js'],
      styles: [],
    })
    // the page's own styles apply to the paint from the start: arriving later, they restyled the whole painted page
    expect(styleSheets(res.body)).toEqual(['/assets/grid-5.css'])
    // a page without a first paint preloads them (the app's import adds the style sheet)
    expect(styleSheets((await get('/be/c/clothing?sort=price_asc')).body)).toEqual([])
  })

  it('each page names its own chunk (home, product, search, on the French host too); a page without a first paint preloads the app and its dictionary; a 404 nothing', async () => {
    const app = ['/assets/app-12.js', '/assets/framework-2.js']
    expect(firstRenderFiles((await get('/en/p/TEE/tee-100')).body)).toEqual([...app, '/assets/en-8.js', '/assets/product-page-6.js'])
    const account = (await get('/en/my-account')).body
    expect(appFilesOf(account)).toBeUndefined()
    expect(modulePreloads(account)).toEqual([...app, '/assets/en-8.js'])
    expect(firstRenderFiles((await get('/nl/')).body)).toEqual([...app, '/assets/nl-7.js', '/assets/home-page-9.js'])
    expect(firstRenderFiles((await get('/en/search/rain%20jacket')).body)).toEqual([
      ...app,
      '/assets/en-8.js',
      '/assets/search-page-10.js',
      '/assets/grid-4.js',
    ])
    expect(firstRenderFiles((await get('/fr/c/clothing', 'fr.localhost')).body)).toEqual([])
    expect(firstRenderFiles((await get('/c/clothing', 'fr.localhost')).body)).toEqual([
      ...app,
      '/assets/fr-11.js',
      '/assets/category-page-3.js',
      '/assets/grid-4.js',
    ])
    // a category with a query (sort, filters, pages are the app's to read) is not painted first
    const sorted = (await get('/en/c/clothing?sort=price_asc')).body
    expect(appFilesOf(sorted)).toBeUndefined()
    expect(modulePreloads(sorted)).toEqual([...app, '/assets/en-8.js', '/assets/category-page-3.js', '/assets/grid-4.js'])
    const missing = await get('/en/c/no-such-category')
    expect(missing.statusCode).toBe(404)
    expect(firstRenderFiles(missing.body)).toEqual([])
  })
})

describe("a page load's first paint: the page's frame and first pictures in #root, before any script", () => {
  it('a category: the header with the logo, its breadcrumbs, heading, toolbar and first tiles in the store view language', async () => {
    const root = rootOf((await get('/nl/c/polos')).body)!
    expect(root).toContain('data-first-paint=""')
    expect(root).toContain('<a class="site-header__logo" aria-label="Polder homepage" href="http://localhost/nl/">')
    expect(root).toContain(
      '<nav class="breadcrumbs" aria-label="Kruimelpad"><ol><li><a href="http://localhost/nl/">Home</a></li><li><a href="http://localhost/nl/c/clothing">Clothing</a></li><li><span aria-current="page">Polos</span></li></ol></nav>',
    )
    expect(root).toContain('<h1>Polos</h1>')
    expect(root).toContain('<p class="muted category-page__total">Producten worden geladen…</p>')
    // the app's options in its order, the page's default shown
    expect(root).toContain('<select disabled><option selected>Aanbevolen</option><option>Prijs: laag naar hoog</option>')
    expect(root).toContain('<select disabled><option selected>18</option><option>36</option><option>72</option></select>')
  })

  it("a category's first tiles are its first products' pictures, in the page's order, as the tiles show them", async () => {
    const root = rootOf((await get('/en/c/clothing')).body)!
    const pictures = [...root.matchAll(/<div class="product-tile__media"><img alt="" width="295" height="295" [^>]*src="([^"]*)">/g)].map((m) => m[1])
    expect(pictures).toEqual(['/img/295/295/resize/p/jacket.svg', '/img/295/295/resize/p/tee.svg'])
  })

  it("a product: its trail, main picture and name; a search: its heading and first results' pictures; home: its welcome", async () => {
    const product = rootOf((await get('/en/p/POLO/polo-901')).body)!
    expect(product).toContain('<li><a href="http://localhost/en/c/polos">Polos</a></li><li><span aria-current="page">Polo</span></li>')
    expect(product).toContain('<h1>Polo</h1>')
    const tee = rootOf((await get('/fr/p/TEE/tee-100')).body)!
    expect(tee).toMatch(
      /<div class="gallery__main"><img alt="[^"]+" width="600" height="744" loading="eager" fetchpriority="high" decoding="async" src="\/img\/600\/744\/resize\/p\/tee.svg"><\/div>/,
    )
    expect(tee).toContain('Chargement du produit…')
    const search = rootOf((await get('/nl/search/fiets')).body)!
    expect(search).toContain('<h1>Zoekresultaten voor “fiets”</h1>')
    expect(search).toContain('src="/img/295/295/resize/p/tee.svg"')
    expect(search).toContain('<select disabled><option selected>Relevantie</option>')
    expect(rootOf((await get('/en/')).body)).toContain('<section class="hero"><h1>Welcome to Polder</h1>')
  })

  it("home: its head image, painted where the app draws it, named for the first screen and preloaded, in each store view's words", async () => {
    for (const code of ['en', 'fr'] as const) {
      const html = (await get(`/${code}/`)).body
      const head = testBanners(code).find((b) => b.id === HEAD_ID)!
      expect(rootOf(html)).toContain(
        `</section><div class="home-head"><a class="banner banner--head" href="http://localhost/${code}/"><img src="${head.image}" alt="${WORDS[code].head}" width="1600" height="640" loading="eager" fetchpriority="high" decoding="async" class="banner__picture"><span class="banner__caption"><span class="banner__title">${WORDS[code].head}</span><span class="banner__subtitle">${WORDS[code].head} (${code})</span></span></a></div><section>`,
      )
      expect(firstScreenOf(html)).toEqual({
        home: {
          head: { id: HEAD_ID, title: WORDS[code].head, subtitle: `${WORDS[code].head} (${code})`, image: head.image, link: '/', alt: WORDS[code].head },
        },
      })
      expect(preloads(html).join('')).toContain(`href="${head.image}"`)
    }
  })

  it('pages the app draws from its own data only (account, checkout, a sorted category, a 404) have an empty root', async () => {
    for (const path of ['/en/my-account', '/en/checkout', '/en/c/clothing?sort=price_asc', '/en/c/no-such-category', '/en/p/NOPE/x']) {
      expect(rootOf((await get(path)).body), path).toBe('')
    }
  })
})

describe('a product page load carries its own head', () => {
  it('/nl: Dutch language, title and description, canonical, five hreflang links, Open Graph', async () => {
    const res = await get('/nl/p/TEE/tee-100')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toMatch(/<html lang="nl-NL">/)
    expect(titleOf(res.body)).toBe('Fiets T-shirt — Polder')
    expect(metaOf(res.body, 'description')).toEqual(['Een zacht katoenen shirt met fietsen'])
    // the shell's English default is replaced, not joined
    expect(res.body).not.toContain('offline-first shop')
    expect(res.body.match(/<title>/g)).toHaveLength(1)
    expect(canonicalOf(res.body)).toBe('http://localhost/nl/p/TEE/tee-100')
    expect(alternatesOf(res.body)).toEqual({
      en: 'http://localhost/en/p/TEE/tee-100',
      'nl-NL': 'http://localhost/nl/p/TEE/tee-100',
      'nl-BE': 'http://localhost/be/p/TEE/tee-100',
      'fr-BE': 'http://localhost/fr/p/TEE/tee-100',
      'x-default': 'http://localhost/en/p/TEE/tee-100',
    })
    expect(metaOf(res.body, 'og:type')).toEqual(['product'])
    expect(metaOf(res.body, 'og:title')).toEqual(['Fiets T-shirt'])
    expect(metaOf(res.body, 'og:description')).toEqual(['Een zacht katoenen shirt met fietsen'])
    expect(metaOf(res.body, 'og:url')).toEqual(['http://localhost/nl/p/TEE/tee-100'])
    expect(metaOf(res.body, 'og:image')).toEqual(['http://localhost/img/600/744/resize/p/tee.svg'])
    expect(metaOf(res.body, 'og:locale')).toEqual(['nl_NL'])
    expect(metaOf(res.body, 'og:locale:alternate')).toEqual(['en_US', 'nl_BE', 'fr_BE'])
    expect(metaOf(res.body, 'robots')).toEqual([])
    // the gallery's main picture (600×744, the address ProductGallery asks for) loads with the HTML
    expect(preloads(res.body)).toEqual(['<link rel="preload" as="image" href="/img/600/744/resize/p/tee.svg" fetchpriority="high" />'])
    // the first screen the app draws until the product is there: its name in Dutch, picture and trail
    expect(firstScreenOf(res.body)).toEqual({
      product: { sku: 'TEE', name: 'Fiets T-shirt', image: '/p/tee.svg', trail: [{ name: 'Clothing', slug: 'clothing' }] },
    })
  })

  it("JSON-LD: Product with today's Offer (special price incl. Dutch VAT, EUR, in stock), breadcrumbs, organization", async () => {
    const res = await get('/nl/p/JACKET/jacket-300')
    const product = nodeOf(res.body, 'Product')!
    expect(product).toMatchObject({ name: 'Regenjas', sku: 'JACKET', url: 'http://localhost/nl/p/JACKET/jacket-300' })
    // 80.00 special (its window is open) + 21 % VAT
    expect(product.offers).toMatchObject({
      '@type': 'Offer',
      price: '96.80',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: 'http://localhost/nl/p/JACKET/jacket-300',
    })
    expect(nodeOf(res.body, 'BreadcrumbList')!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost/nl/' },
      { '@type': 'ListItem', position: 2, name: 'Clothing', item: 'http://localhost/nl/c/clothing' },
      { '@type': 'ListItem', position: 3, name: 'Regenjas', item: 'http://localhost/nl/p/JACKET/jacket-300' },
    ])
    expect(nodeOf(res.body, 'Organization')).toMatchObject({ name: 'Polder', url: 'http://localhost/nl/' })
  })

  it("hreflang names each store view's own url key; on the French host the French page has no prefix", async () => {
    const nl = await get('/nl/p/JACKET/jacket-300')
    expect(alternatesOf(nl.body)['fr-BE']).toBe('http://localhost/fr/p/JACKET/veste-de-pluie-300')
    const fr = await get('/p/JACKET/veste-de-pluie-300', 'fr.localhost:3000')
    expect(fr.statusCode).toBe(200)
    expect(fr.body).toMatch(/<html lang="fr-BE">/)
    expect(titleOf(fr.body)).toBe('Veste de pluie — Polder')
    expect(canonicalOf(fr.body)).toBe('http://fr.localhost:3000/p/JACKET/veste-de-pluie-300')
    expect(alternatesOf(fr.body)).toMatchObject({
      'fr-BE': 'http://fr.localhost:3000/p/JACKET/veste-de-pluie-300',
      'nl-NL': 'http://localhost:3000/nl/p/JACKET/jacket-300',
      'x-default': 'http://localhost:3000/en/p/JACKET/jacket-300',
    })
  })

  it("a chosen child's page offers that child: its price and its stock", async () => {
    const res = await get('/be/p/TEE/tee-100/TEE-BLUE-S')
    expect(canonicalOf(res.body)).toBe('http://localhost/be/p/TEE/tee-100/TEE-BLUE-S')
    expect(alternatesOf(res.body)['en']).toBe('http://localhost/en/p/TEE/tee-100/TEE-BLUE-S')
    expect(nodeOf(res.body, 'Product')).toMatchObject({ sku: 'TEE-BLUE-S', offers: { price: '26.62', availability: 'https://schema.org/OutOfStock' } })
    const boots = await get('/en/p/BOOTS/boots-500')
    expect(nodeOf(boots.body, 'Product')!.offers).toMatchObject({ price: '181.50', availability: 'https://schema.org/OutOfStock' })
  })

  it('a URL-dispatcher path gets the head of what it shows, its canonical the /p/ address', async () => {
    const res = await get('/en/jacket-300.html')
    expect(res.statusCode).toBe(200)
    expect(titleOf(res.body)).toBe('Rain jacket — Polder')
    expect(canonicalOf(res.body)).toBe('http://localhost/en/p/JACKET/jacket-300')
  })
})

describe('other pages', () => {
  it('a category: its title, canonical without the query, hreflang, BreadcrumbList', async () => {
    const res = await get('/en/c/clothing?page=2&color=49')
    expect(res.statusCode).toBe(200)
    expect(titleOf(res.body)).toBe('Clothing — Polder')
    expect(metaOf(res.body, 'description')).toEqual(['Clothing at Polder: prices incl. VAT, delivered in Belgium and the Netherlands.'])
    expect(canonicalOf(res.body)).toBe('http://localhost/en/c/clothing')
    expect(Object.keys(alternatesOf(res.body))).toEqual(['en', 'nl-NL', 'nl-BE', 'fr-BE', 'x-default'])
    expect(nodeOf(res.body, 'BreadcrumbList')!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost/en/' },
      { '@type': 'ListItem', position: 2, name: 'Clothing', item: 'http://localhost/en/c/clothing' },
    ])
    expect(metaOf(res.body, 'og:type')).toEqual(['website'])
    // the pictures of its first two tiles (a phone's first row) in the page's order: the jacket (position 1), the tee (2)
    expect(preloads(res.body)).toEqual([
      '<link rel="preload" as="image" href="/img/295/295/resize/p/jacket.svg" fetchpriority="high" />',
      '<link rel="preload" as="image" href="/img/295/295/resize/p/tee.svg" fetchpriority="high" />',
    ])
    // the first screen: its id (the data worker asks for its first page at once), name, trail and
    // the first tiles' pictures as catalogue paths (the app draws them where the tiles come)
    expect(firstScreenOf(res.body)).toEqual({
      category: { id: await categoryIdOf('clothing'), name: 'Clothing', slug: 'clothing', trail: [], tiles: ['/p/jacket.svg', '/p/tee.svg'] },
    })
  })

  it("search results: the first results' pictures are preloaded and named for the first screen; a too short term has none", async () => {
    const res = await get('/nl/search/fiets')
    expect(preloads(res.body)).toEqual(['<link rel="preload" as="image" href="/img/295/295/resize/p/tee.svg" fetchpriority="high" />'])
    expect(firstScreenOf(res.body)).toEqual({ search: { term: 'fiets', tiles: ['/p/tee.svg'] } })
    for (const path of ['/nl/search/fi', '/nl/search/nothing-like-this']) {
      const other = await get(path)
      expect(preloads(other.body), path).toEqual([])
      expect(firstScreenOf(other.body), path).toBeUndefined()
    }
  })

  it('a subcategory names its trail; pages other than home, a category, a product or a search carry no first screen', async () => {
    expect(firstScreenOf((await get('/en/c/polos')).body)).toEqual({
      category: { id: POLOS, name: 'Polos', slug: 'polos', trail: [{ name: 'Clothing', slug: 'clothing' }], tiles: [] },
    })
    for (const path of ['/en/c/no-such-category', '/en/p/NOPE/x', '/en/checkout', '/en/brands'])
      expect(firstScreenOf((await get(path)).body), path).toBeUndefined()
  })

  it('a category whose first tile has no picture preloads none', async () => {
    // Polos lists the polo only, which has no picture
    const res = await get('/en/c/polos')
    expect(res.statusCode).toBe(200)
    expect(preloads(res.body)).toEqual([])
  })

  it("a product in a category and its subcategory: the trail goes through the deeper one, and so does the subcategory's own", async () => {
    const product = await get('/en/p/POLO/polo-901')
    expect(nodeOf(product.body, 'BreadcrumbList')!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost/en/' },
      { '@type': 'ListItem', position: 2, name: 'Clothing', item: 'http://localhost/en/c/clothing' },
      { '@type': 'ListItem', position: 3, name: 'Polos', item: 'http://localhost/en/c/polos' },
      { '@type': 'ListItem', position: 4, name: 'Polo', item: 'http://localhost/en/p/POLO/polo-901' },
    ])
    const category = await get('/en/c/polos')
    const trail = nodeOf(category.body, 'BreadcrumbList')!.itemListElement as { name: string }[]
    expect(trail.map((i) => i.name)).toEqual(['Home', 'Clothing', 'Polos'])
  })

  it('the home page of /be: Flemish Dutch, Organization and WebSite with its search', async () => {
    const res = await get('/be/')
    expect(res.body).toMatch(/<html lang="nl-BE">/)
    expect(titleOf(res.body)).toBe('Polder')
    expect(metaOf(res.body, 'description')![0]).toContain('prijzen incl. btw')
    expect(canonicalOf(res.body)).toBe('http://localhost/be/')
    expect(alternatesOf(res.body)['x-default']).toBe('http://localhost/en/')
    expect(nodeOf(res.body, 'Organization')).toMatchObject({ logo: 'http://localhost/icons/icon-512.png' })
    expect(nodeOf(res.body, 'WebSite')).toMatchObject({
      inLanguage: 'nl-BE',
      potentialAction: { target: { urlTemplate: 'http://localhost/be/search/{search_term_string}' } },
    })
  })

  it('search results that found products are indexable, their canonical address their words without filters; with no alternates (another language searches other words)', async () => {
    // the fixture shop's Dutch tee answers "fiets"
    const res = await get('/nl/search/fiets?sort=final_price%3Aasc')
    expect(res.statusCode).toBe(200)
    expect(titleOf(res.body)).toBe('Zoekresultaten voor “fiets” — Polder')
    expect(metaOf(res.body, 'robots')).toEqual([])
    expect(canonicalOf(res.body)).toBe('http://localhost/nl/search/fiets')
    expect(alternatesOf(res.body)).toEqual({})
    expect(nodeOf(res.body, 'Organization')).toBeDefined()
  })

  it('search results that found nothing are noindex (followed), with no canonical or alternates', async () => {
    const res = await get('/nl/search/nothing-like-this')
    expect(res.statusCode).toBe(200)
    expect(titleOf(res.body)).toBe('Zoekresultaten voor “nothing-like-this” — Polder')
    expect(metaOf(res.body, 'robots')).toEqual(['noindex, follow'])
    expect(canonicalOf(res.body)).toBeUndefined()
    expect(alternatesOf(res.body)).toEqual({})
  })

  it('an unknown address: 404, noindex, the not-found title in the store view language, no structured data', async () => {
    const res = await get('/fr/nulle-part')
    expect(res.statusCode).toBe(404)
    expect(res.body).toMatch(/<html lang="fr-BE">/)
    expect(titleOf(res.body)).toBe('Page introuvable — Polder')
    expect(metaOf(res.body, 'robots')).toEqual(['noindex'])
    expect(canonicalOf(res.body)).toBeUndefined()
    expect(jsonLdBlocksOf(res.body)).toEqual([])
    expect((await get('/en/p/NOPE/x')).body).toContain('<meta name="robots" content="noindex" />')
  })

  it('private pages are noindex', async () => {
    for (const url of ['/en/checkout', '/en/my-account/orders']) {
      expect(metaOf((await get(url)).body, 'robots'), url).toEqual(['noindex'])
    }
  })

  it('a CMS page has its meta title and description and its own address; an unknown one is the not-found head', async () => {
    const res = await get('/nl/i/about-us')
    expect(res.statusCode).toBe(200)
    expect(titleOf(res.body)).toBe('Over ons')
    expect(metaOf(res.body, 'robots')).toEqual([])
    expect(canonicalOf(res.body)).toMatch(/\/nl\/i\/about-us$/)
    const unknown = await get('/nl/i/no-such-page')
    expect(unknown.statusCode).toBe(404)
    expect(metaOf(unknown.body, 'robots')).toEqual(['noindex'])
  })
})

describe('escaping', () => {
  it('a product name with </script> stays data in the JSON-LD and text in the title and meta tags', async () => {
    const res = await get('/en/p/HOSTILE/hostile-900')
    expect(res.statusCode).toBe(200)
    // the ld+json block, the first-screen and app-files data blocks and the app's module script, nothing injected
    expect(res.body.match(/<script\b/g)).toHaveLength(4)
    expect((firstScreenOf(res.body) as { product: { name: string } }).product.name).toBe(HOSTILE_NAME)
    expect(res.body).not.toContain('<script>alert')
    expect(res.body).not.toContain('onerror')
    // the first paint writes the name as text
    expect(rootOf(res.body)).toContain('<h1>Tee &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &lt;!-- \u2028</h1>')
    expect(nodeOf(res.body, 'Product')!.name).toBe(HOSTILE_NAME)
    expect(titleOf(res.body)).toBe('Tee &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &lt;!-- \u2028 — Polder')
    expect(metaOf(res.body, 'og:title')).toEqual(['Tee &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &lt;!-- \u2028'])
    // the description is the text of its HTML
    expect(metaOf(res.body, 'description')).toEqual(['Bold &quot;claims&quot; &amp;'])
  })

  it('a forged Host header is not written into the page', async () => {
    const res = await get('/en/p/TEE/tee-100', 'evil.example"><script>x</script>')
    expect(res.body).not.toContain('evil.example')
    expect(canonicalOf(res.body)).toBe('/en/p/TEE/tee-100')
  })
})

describe('compression and caching of a page with its head', () => {
  it("is compressed on the fly, never answered with the build's twin of the bare shell", async () => {
    const res = await get('/nl/p/TEE/tee-100', 'localhost', { 'accept-encoding': 'br' })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(titleOf(brotliDecompressSync(res.rawPayload).toString())).toBe('Fiets T-shirt — Polder')
    // the file itself still goes out as its twin
    const file = await get('/index.html', 'localhost', { 'accept-encoding': 'br' })
    expect(file.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(file.rawPayload).toString()).toBe(shell)
  })
})
