/**
 * The heads of the shop's own content: a CMS page (/i/{identifier}), the blog (/blog), a blog
 * category (/blog/category/{url_key}) and a blog post (/blog/{url_key}). Each is found in the
 * store view first (page-status: an unknown, inactive or unpublished one is a 404 and never gets
 * here); the same page in the other store views is matched as the content allows: a CMS page by
 * its identifier (the shop's pages keep theirs in every language), a blog record by its id (the
 * import keeps ids across store views, the url keys are per language). A store view without the
 * page is left out of the alternates.
 */
import { BLOG_PATHS } from '../../domain/blog.schema'
import { imageUrl } from '../../domain/images'
import { STORE_CODES, STORE_VIEWS, type StoreCode } from '../../domain/store-views'
import type { Storage } from '../storage'
import { headWords } from './page-head-words'
import { breadcrumbList, everyStoreView, headOf, plainText, PREVIEW_IMAGE, type Doc, type JsonLd, type PageHead, type StoreLinks } from './page-head-tags'

/** Spec §9: at most 500 CMS pages per store view; the hierarchy's nodes are bounded alike. */
const HIERARCHY_MAX = 500

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')
const cmsPath = (identifier: string) => `/i/${identifier}`
const blogPath = '/blog'
const postPath = (urlKey: string) => `/${BLOG_PATHS.post(urlKey)}`
const categoryPath = (urlKey: string) => `/${BLOG_PATHS.category(urlKey)}`

/** A stored date-time as schema.org takes it (ISO 8601), or nothing when the record has none. */
const dateOf = (value: unknown): string | undefined => {
  const iso = text(value)
  return iso !== '' && !Number.isNaN(Date.parse(iso)) ? iso : undefined
}

/**
 * The schema.org node of a page that is not an article (a CMS page, a blog category): the page's own
 * `#webpage` id, in the store view's language, with what its kind adds (trail, the blog it is part of).
 */
function pageNode(
  type: 'WebPage' | 'CollectionPage',
  storeCode: StoreCode,
  canonical: string,
  { name, description, modified, ...rest }: { name: string; description: string; modified: string | undefined } & JsonLd,
): JsonLd {
  return {
    '@type': type,
    '@id': `${canonical}#webpage`,
    name,
    description,
    url: canonical,
    inLanguage: STORE_VIEWS[storeCode].htmlLang,
    ...(modified ? { dateModified: modified } : {}),
    ...rest,
  }
}

export function createContentHeads(storage: Storage) {
  /** The store-relative path of the same record in every store view that has it, `own` in its own. */
  async function pathsOf(
    storeCode: StoreCode,
    own: string,
    lookUp: (code: StoreCode) => Promise<Doc | null>,
    pathOf: (doc: Doc) => string | null,
  ): Promise<Partial<Record<StoreCode, string>>> {
    const found = await Promise.all(STORE_CODES.map(async (c) => [c, c === storeCode ? own : await lookUp(c).then((d) => (d ? pathOf(d) : null))] as const))
    const paths: Partial<Record<StoreCode, string>> = {}
    for (const [c, path] of found) if (path) paths[c] = path
    return paths
  }

  /** A blog record's paths: the same id in each store view, at its own url key there. */
  function blogPathsOf(
    storeCode: StoreCode,
    doc: Doc,
    pathOf: (urlKey: string) => string,
    records: { findActiveById(code: StoreCode, id: number): Promise<Doc | null> },
  ): Promise<Partial<Record<StoreCode, string>>> {
    return pathsOf(
      storeCode,
      pathOf(text(doc.url_key)),
      (c) => records.findActiveById(c, Number(doc.id)),
      (d) => (text(d.url_key) ? pathOf(text(d.url_key)) : null),
    )
  }

  /**
   * The pages above a CMS page in the store view's hierarchy that open a page of their own, top
   * first (the trail the app's breadcrumbs show; a heading without a page has no address to name).
   */
  async function cmsTrail(storeCode: StoreCode, page: Doc): Promise<{ name: string; identifier: string }[]> {
    const nodes = await storage.cms.hierarchy.listActive(storeCode, HIERARCHY_MAX)
    const byId = new Map(nodes.map((n) => [Number(n.id), n]))
    const own = nodes.filter((n) => n.page_id === page.id).sort((a, b) => Number(a.level ?? 0) - Number(b.level ?? 0))[0]
    if (!own) return []
    const above: Doc[] = []
    const seen = new Set<number>([Number(own.id)])
    for (let node = byId.get(Number(own.parent_id)); node && !seen.has(Number(node.id)); node = byId.get(Number(node.parent_id))) {
      seen.add(Number(node.id))
      above.unshift(node)
    }
    const pages = await Promise.all(above.map((n) => (typeof n.page_id === 'number' ? storage.cms.pages.findActiveById(storeCode, n.page_id) : null)))
    return above.flatMap((n, i) => {
      const identifier = text(pages[i]?.identifier)
      return identifier ? [{ name: text(n.title) || text(pages[i]?.title), identifier }] : []
    })
  }

  /** Home › Blog, the first steps of every blog page's trail. */
  function blogCrumbs(storeCode: StoreCode, links: StoreLinks) {
    const words = headWords(storeCode)
    return [
      { name: words.home, url: links.page(storeCode, '/') },
      { name: words.blog, url: links.page(storeCode, blogPath) },
    ]
  }

  /** A post's first category that is published in the store view, in the post's order: the step the app's breadcrumbs show between the blog and the post. */
  async function firstPublishedCategory(storeCode: StoreCode, ids: unknown): Promise<Doc | null> {
    for (const id of Array.isArray(ids) ? ids : []) {
      if (typeof id !== 'number') continue
      const category = await storage.cms.blogCategories.findActiveById(storeCode, id)
      if (category) return category
    }
    return null
  }

  const blogRef = (storeCode: StoreCode, links: StoreLinks): JsonLd => ({ '@id': `${links.page(storeCode, blogPath)}#blog` })

  return {
    /**
     * A CMS page (an active one of the store view): its meta title, which names the shop itself as
     * the app's tab title shows it (src/routes/content/cms-page.tsx), else "title — Polder".
     */
    async cmsPage(storeCode: StoreCode, doc: Doc): Promise<PageHead> {
      const identifier = text(doc.identifier)
      const [paths, trail] = await Promise.all([
        pathsOf(
          storeCode,
          cmsPath(identifier),
          (c) => storage.cms.pages.findActiveByIdentifier(c, identifier),
          () => cmsPath(identifier),
        ),
        cmsTrail(storeCode, doc),
      ])
      const words = headWords(storeCode)
      const name = text(doc.title)
      const description = plainText(doc.meta_description) || plainText(doc.content) || words.homeDescription
      const modified = dateOf(doc.updated_at)
      return headOf({
        storeCode,
        name,
        title: text(doc.meta_title) || words.pageTitle(name),
        description,
        paths,
        jsonLd: (links, canonical) => [
          pageNode('WebPage', storeCode, canonical, {
            name,
            description,
            modified,
            breadcrumb: breadcrumbList([
              { name: words.home, url: links.page(storeCode, '/') },
              ...trail.map((step) => ({ name: step.name, url: links.page(storeCode, cmsPath(step.identifier)) })),
              { name, url: canonical },
            ]),
          }),
        ],
      })
    },

    /** The blog's own page: every store view has it. */
    blog(storeCode: StoreCode): PageHead {
      const words = headWords(storeCode)
      return headOf({
        storeCode,
        name: words.blog,
        title: words.pageTitle(words.blog),
        description: words.blogDescription,
        paths: everyStoreView(blogPath),
        jsonLd: (links, canonical) => [
          {
            '@type': 'Blog',
            ...blogRef(storeCode, links),
            name: words.blog,
            description: words.blogDescription,
            url: canonical,
            inLanguage: STORE_VIEWS[storeCode].htmlLang,
            publisher: { '@id': links.site('/#organization') },
          },
          breadcrumbList(blogCrumbs(storeCode, links)),
        ],
      })
    },

    /** A published blog category of the store view. */
    async blogCategory(storeCode: StoreCode, doc: Doc): Promise<PageHead> {
      const paths = await blogPathsOf(storeCode, doc, categoryPath, storage.cms.blogCategories)
      const words = headWords(storeCode)
      const name = text(doc.title) || text(doc.name)
      const description = plainText(doc.meta_description) || plainText(doc.description) || words.blogCategoryDescription(name)
      const modified = dateOf(doc.updated_at)
      return headOf({
        storeCode,
        name,
        title: words.pageTitle(text(doc.meta_title) || name),
        description,
        paths,
        jsonLd: (links, canonical) => [
          pageNode('CollectionPage', storeCode, canonical, {
            name,
            description,
            modified,
            isPartOf: blogRef(storeCode, links),
            breadcrumb: breadcrumbList([...blogCrumbs(storeCode, links), { name, url: canonical }]),
          }),
        ],
      })
    },

    /** A published blog post of the store view. */
    async blogPost(storeCode: StoreCode, doc: Doc): Promise<PageHead> {
      const paths = await blogPathsOf(storeCode, doc, postPath, storage.cms.blogPosts)
      const words = headWords(storeCode)
      const headline = text(doc.title)
      const description = plainText(doc.meta_description) || plainText(doc.short_content) || plainText(doc.content) || words.blogDescription
      const image = imageUrl(text(doc.image) || text(doc.featured_image_file) || undefined, PREVIEW_IMAGE.width, PREVIEW_IMAGE.height) ?? undefined
      const published = dateOf(doc.publish_date)
      const modified = dateOf(doc.updated_at) ?? published
      const author = text(doc.author_name) || text(doc.author)
      const category = await firstPublishedCategory(storeCode, doc.blog_category_ids)
      const categoryName = category ? text(category.title) || text(category.name) : ''
      const categoryKey = category ? text(category.url_key) : ''
      return headOf({
        storeCode,
        name: headline,
        title: words.pageTitle(text(doc.meta_title) || headline),
        description,
        paths,
        ogType: 'article',
        ...(image ? { image } : {}),
        jsonLd: (links, canonical) => [
          {
            '@type': 'BlogPosting',
            '@id': `${canonical}#article`,
            headline,
            description,
            url: canonical,
            mainEntityOfPage: canonical,
            inLanguage: STORE_VIEWS[storeCode].htmlLang,
            ...(published ? { datePublished: published } : {}),
            ...(modified ? { dateModified: modified } : {}),
            author: author ? { '@type': 'Person', name: author } : { '@id': links.site('/#organization') },
            publisher: { '@id': links.site('/#organization') },
            ...(image ? { image: [links.site(image)] } : {}),
            isPartOf: blogRef(storeCode, links),
          },
          breadcrumbList([
            ...blogCrumbs(storeCode, links),
            ...(categoryName !== '' && categoryKey !== '' ? [{ name: categoryName, url: links.page(storeCode, categoryPath(categoryKey)) }] : []),
            { name: headline, url: canonical },
          ]),
        ],
      })
    },
  }
}
export type ContentHeads = ReturnType<typeof createContentHeads>
