/**
 * The heads of CMS pages and the blog as a page load carries them: title, description, canonical,
 * hreflang to the store views that have the same page (a CMS page by its identifier, a blog record
 * by its id whatever its url key), JSON-LD (WebPage, Blog, CollectionPage, BlogPosting) that
 * parses, and a 404 for an unknown, inactive or unpublished one. Real server, real storage
 * (PGlite, or PostgreSQL with DATABASE_URL), the repository's own index.html.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CmsPage } from '../../domain/cms.schema'
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import { importShop } from '../../server/services/catalog-import'
import { blogShop, publishDateOf } from './blog-fixtures'
import { alternatesOf, canonicalOf, jsonLdBlocksOf, metaOf, nodeOf, startTestServer, titleOf, useTestServer } from './helpers'

const shell = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8')
const dist = mkdtempSync(join(tmpdir(), 'polder-content-head-'))
writeFileSync(join(dist, 'index.html'), shell)

const IMPORTED = new Date('2026-06-15T12:00:00Z')
const HOSTILE_TITLE = 'Team </script><script>alert(1)</script> & "quotes" <!--'

/** in every store view, under the about page's node of the hierarchy */
const team = (code: StoreCode): CmsPage => ({
  id: 21,
  identifier: 'team',
  title: code === 'fr' ? 'Équipe' : 'Team',
  content: '<p>Who we are</p>',
  active: true,
})
/** only in en and nl */
const stores: CmsPage = { id: 22, identifier: 'stores', title: 'Stores', content: '<p>Our stores</p>', active: true, meta_description: 'Where to find us.' }
/** only in fr */
const frOnly: CmsPage = { id: 23, identifier: 'belgique', title: 'Belgique', content: '<p>En Belgique</p>', active: true }
const hostile: CmsPage = { id: 24, identifier: 'hostile', title: HOSTILE_TITLE, content: '<p>x</p>', active: true }
/** the third post is not in the Belgian store view */
const NOT_IN_BE = 3

const server = useTestServer(async () => {
  const started = await startTestServer({ distDir: dist, seed: false })
  const shop = blogShop({
    change: (code, s) => {
      const catalog = s.catalog[code]
      catalog.cms_pages!.push(team(code))
      if (code === 'en' || code === 'nl') catalog.cms_pages!.push(structuredClone(stores))
      if (code === 'fr') catalog.cms_pages!.push(structuredClone(frOnly))
      if (code === 'en') catalog.cms_pages!.push(structuredClone(hostile))
      catalog.cms_hierarchy!.push({ id: 6, parent_id: 3, page_id: 21, identifier: 'team', title: 'Team', sort_order: 1, level: 3 })
      // French url keys of their own: the same records, matched by id
      if (code === 'fr') for (const post of catalog.blog_posts!) post.url_key = post.url_key.replace('post-', 'article-')
      if (code === 'fr') for (const category of catalog.blog_categories!) if (category.url_key === 'recipes') category.url_key = 'recettes'
      if (code === 'be') catalog.blog_posts = catalog.blog_posts!.filter((p) => p.id !== NOT_IN_BE)
    },
  })
  await importShop(started.storage, shop, IMPORTED)
  return started
})

const get = (url: string, host = 'localhost') => server.app.inject({ method: 'GET', url, headers: { host } })

const crumbs = (list: unknown) => (list as { itemListElement: { name: string; item: string }[] }).itemListElement.map((i) => [i.name, i.item])

/** a store view's page address on the main host */
const at = (code: StoreCode, path: string) => `http://localhost/${code}${path}`
const everyView = (path: (code: StoreCode) => string) => ({
  en: at('en', path('en')),
  'nl-NL': at('nl', path('nl')),
  'nl-BE': at('be', path('be')),
  'fr-BE': at('fr', path('fr')),
  'x-default': at('en', path('en')),
})

describe('a CMS page', () => {
  const ABOUT: Record<StoreCode, string> = { en: 'About us', nl: 'Over ons', be: 'Over ons', fr: 'À propos' }

  it.each(STORE_CODES)('in %s: its meta title, canonical, hreflang to every store view, a WebPage in its language', async (code) => {
    const res = await get(`/${code}/i/about-us`)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`<html lang="${STORE_VIEWS[code].htmlLang}">`)
    // the meta title as the back office wrote it (the app's tab shows it so)
    expect(titleOf(res.body)).toBe(ABOUT[code])
    expect(metaOf(res.body, 'description')).toEqual([`${ABOUT[code]} Polder (${code})`])
    expect(metaOf(res.body, 'robots')).toEqual([])
    expect(canonicalOf(res.body)).toBe(at(code, '/i/about-us'))
    expect(alternatesOf(res.body)).toEqual(everyView(() => '/i/about-us'))
    expect(nodeOf(res.body, 'WebPage')).toMatchObject({
      name: ABOUT[code],
      url: at(code, '/i/about-us'),
      inLanguage: STORE_VIEWS[code].htmlLang,
      dateModified: IMPORTED.toISOString(),
    })
    expect(nodeOf(res.body, 'Organization')).toMatchObject({ url: at(code, '/') })
  })

  it('without a meta title: "title — Polder"', async () => {
    expect(titleOf((await get('/nl/i/terms-and-conditions')).body)).toBe('Algemene voorwaarden — Polder')
  })

  it('hreflang names only the store views that have a page with that identifier', async () => {
    const nl = await get('/nl/i/stores')
    expect(alternatesOf(nl.body)).toEqual({ en: at('en', '/i/stores'), 'nl-NL': at('nl', '/i/stores'), 'x-default': at('en', '/i/stores') })
    expect(metaOf(nl.body, 'description')).toEqual(['Where to find us.'])
    expect(metaOf(nl.body, 'og:locale:alternate')).toEqual(['en_US'])
    // a page of one store view only: its canonical, no alternates
    const fr = await get('/fr/i/belgique')
    expect(canonicalOf(fr.body)).toBe(at('fr', '/i/belgique'))
    expect(alternatesOf(fr.body)).toEqual({})
    for (const code of ['en', 'nl', 'be'] as const) expect((await get(`/${code}/i/belgique`)).statusCode, code).toBe(404)
  })

  it('on the French host: the French page without a prefix, the others on the main host', async () => {
    const res = await get('/i/about-us', 'fr.localhost:3000')
    expect(res.statusCode).toBe(200)
    expect(canonicalOf(res.body)).toBe('http://fr.localhost:3000/i/about-us')
    expect(alternatesOf(res.body)).toMatchObject({ 'fr-BE': 'http://fr.localhost:3000/i/about-us', 'nl-NL': 'http://localhost:3000/nl/i/about-us' })
    expect(nodeOf(res.body, 'WebPage')).toMatchObject({ url: 'http://fr.localhost:3000/i/about-us', inLanguage: 'fr-BE' })
  })

  it('its breadcrumb follows the hierarchy through the pages above it (a heading without a page has no address)', async () => {
    const res = await get('/en/i/team')
    expect(crumbs((nodeOf(res.body, 'WebPage') as { breadcrumb: unknown }).breadcrumb)).toEqual([
      ['Home', at('en', '/')],
      ['About', at('en', '/i/about-us')],
      ['Team', at('en', '/i/team')],
    ])
    // about-us hangs under the Service heading only
    expect(crumbs((nodeOf((await get('/fr/i/about-us')).body, 'WebPage') as { breadcrumb: unknown }).breadcrumb)).toEqual([
      ['Accueil', at('fr', '/')],
      ['À propos', at('fr', '/i/about-us')],
    ])
  })

  it('an inactive or unknown identifier is a 404 with the not-found head: noindex, no canonical, no structured data', async () => {
    for (const path of ['/en/i/draft', '/en/i/no-such-page', '/be/i/stores']) {
      const res = await get(path)
      expect(res.statusCode, path).toBe(404)
      expect(metaOf(res.body, 'robots'), path).toEqual(['noindex'])
      expect(canonicalOf(res.body), path).toBeUndefined()
      expect(jsonLdBlocksOf(res.body), path).toEqual([])
    }
  })

  it('the identifier alone carries the page head, its canonical the /i/ address; the legacy Magento address moves there', async () => {
    const res = await get('/en/about-us')
    expect(res.statusCode).toBe(200)
    expect(canonicalOf(res.body)).toBe(at('en', '/i/about-us'))
    expect(nodeOf(res.body, 'WebPage')).toMatchObject({ url: at('en', '/i/about-us') })
    const legacy = await get('/en/cms/page/view/page_id/1')
    expect([legacy.statusCode, legacy.headers.location]).toEqual([301, '/en/i/about-us'])
  })

  it('a title with </script> stays data in the JSON-LD and text in the title', async () => {
    const res = await get('/en/i/hostile')
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<script>alert')
    expect(nodeOf(res.body, 'WebPage')!.name).toBe(HOSTILE_TITLE)
    expect(titleOf(res.body)).toBe('Team &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &lt;!-- — Polder')
  })
})

describe('the blog', () => {
  it.each(STORE_CODES)('/%s/blog: its title and description in the language, every store view, a Blog', async (code) => {
    const res = await get(`/${code}/blog`)
    expect(res.statusCode).toBe(200)
    expect(titleOf(res.body)).toBe('Blog — Polder')
    expect(metaOf(res.body, 'description')[0]).toMatch({ en: /^Stories/, nl: /^Verhalen/, be: /^Verhalen/, fr: /^Histoires/ }[code])
    expect(metaOf(res.body, 'robots')).toEqual([])
    expect(canonicalOf(res.body)).toBe(at(code, '/blog'))
    expect(alternatesOf(res.body)).toEqual(everyView(() => '/blog'))
    expect(nodeOf(res.body, 'Blog')).toMatchObject({ '@id': `${at(code, '/blog')}#blog`, url: at(code, '/blog'), inLanguage: STORE_VIEWS[code].htmlLang })
  })

  it('a category: a CollectionPage of the blog, its own url key in each store view, its description', async () => {
    const res = await get('/nl/blog/category/recipes')
    expect(res.statusCode).toBe(200)
    expect(titleOf(res.body)).toBe('Recepten — Polder')
    expect(metaOf(res.body, 'description')).toEqual(['Recepten'])
    expect(alternatesOf(res.body)).toEqual(everyView((c) => (c === 'fr' ? '/blog/category/recettes' : '/blog/category/recipes')))
    const page = nodeOf(res.body, 'CollectionPage') as { breadcrumb: unknown }
    expect(page).toMatchObject({
      name: 'Recepten',
      url: at('nl', '/blog/category/recipes'),
      inLanguage: 'nl-NL',
      isPartOf: { '@id': `${at('nl', '/blog')}#blog` },
    })
    expect(crumbs(page.breadcrumb)).toEqual([
      ['Home', at('nl', '/')],
      ['Blog', at('nl', '/blog')],
      ['Recepten', at('nl', '/blog/category/recipes')],
    ])
    // without a description of its own: the shop's words
    expect(metaOf((await get('/fr/blog/category/news')).body, 'description')).toEqual(['Actualités sur le blog de Polder.'])
  })

  it('a post: a BlogPosting with its dates, author, picture and language; og:type article', async () => {
    const res = await get('/fr/blog/article-1')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<html lang="fr-BE">')
    expect(titleOf(res.body)).toBe('Article 1 — Polder')
    expect(metaOf(res.body, 'description')).toEqual(['Article 1 (fr)'])
    expect(metaOf(res.body, 'og:type')).toEqual(['article'])
    expect(canonicalOf(res.body)).toBe(at('fr', '/blog/article-1'))
    const post = nodeOf(res.body, 'BlogPosting')!
    expect(post).toMatchObject({
      headline: 'Article 1',
      url: at('fr', '/blog/article-1'),
      inLanguage: 'fr-BE',
      datePublished: publishDateOf(1),
      dateModified: IMPORTED.toISOString(),
      author: { '@type': 'Person', name: 'Polder' },
      isPartOf: { '@id': `${at('fr', '/blog')}#blog` },
    })
    expect(post.image).toEqual([expect.stringMatching(/^http:\/\/localhost\/img\/\d+\/\d+\/resize\/blog\/post-1\.png$/)])
    expect(metaOf(res.body, 'og:image')).toEqual(post.image)
    expect(crumbs(nodeOf(res.body, 'BreadcrumbList'))).toEqual([
      ['Accueil', at('fr', '/')],
      ['Blog', at('fr', '/blog')],
      ['Actualités', at('fr', '/blog/category/news')],
      ['Article 1', at('fr', '/blog/article-1')],
    ])
  })

  it("a post's breadcrumb steps through its first published category, as the app's breadcrumbs do", async () => {
    expect(crumbs(nodeOf((await get('/fr/blog/article-2')).body, 'BreadcrumbList')).slice(2)).toEqual([
      ['Recettes', at('fr', '/blog/category/recettes')],
      ['Article 2', at('fr', '/blog/article-2')],
    ])
  })

  it('a post published with an offset keeps its UTC publish date', async () => {
    expect(nodeOf((await get('/en/blog/post-5')).body, 'BlogPosting')).toMatchObject({ datePublished: publishDateOf(5) })
  })

  it('hreflang matches posts by id across url keys, and leaves out the store view without the post', async () => {
    expect(alternatesOf((await get('/nl/blog/post-1')).body)).toEqual(everyView((c) => (c === 'fr' ? '/blog/article-1' : '/blog/post-1')))
    const three = await get(`/en/blog/post-${NOT_IN_BE}`)
    expect(Object.keys(alternatesOf(three.body))).toEqual(['en', 'nl-NL', 'fr-BE', 'x-default'])
  })

  it('a draft post, an unpublished category and unknown url keys are 404s with the not-found head', async () => {
    const drafts = [
      '/en/blog/draft',
      '/en/blog/category/hidden',
      '/en/blog/no-such-post',
      '/en/blog/category/no-such-category',
      `/be/blog/post-${NOT_IN_BE}`,
      '/fr/blog/post-1',
    ]
    for (const path of drafts) {
      const res = await get(path)
      expect(res.statusCode, path).toBe(404)
      expect(metaOf(res.body, 'robots'), path).toEqual(['noindex'])
      expect(jsonLdBlocksOf(res.body), path).toEqual([])
    }
  })
})
