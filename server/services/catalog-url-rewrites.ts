/**
 * The store view's url rewrites, derived while its products stream through the importer: every
 * product's and category's url_path served in place, the legacy Magento paths as 301s to them (a
 * configurable child's to its parent, with ?childSku= as the dispatcher's links carry it), then the
 * shop's own rewrites, which win on the same path. A configurable child opened directly is sent to
 * its parent too (spec §2): its own url_path, or its url_key with the parent's `.html` suffix. The
 * tree's root categories are never shown, so they get none. An active CMS page is served at its
 * identifier, and its legacy path (cms/page/view/page_id/{id}) sends the shopper there.
 *
 * The first claim on a path wins (two entities sharing a url_path is a data error we do not guess
 * at), in this order: products' own paths, categories' own paths, products' legacy paths and their
 * children's, categories' legacy paths. Products stream by once, so their legacy claims wait in a
 * compact list (ids and paths only) until every product has claimed its own path. The claimed paths
 * are what the store view keeps; everything else of it becomes a tombstone. CMS pages claim after
 * the catalogue's own paths, so a page never takes a product's or category's URL. Published blog
 * posts and categories are served at blog/{url_key} and blog/category/{url_key} (spec §2), claimed
 * after the CMS pages.
 */
import type { Category } from '../../domain/category.schema'
import { BLOG_PATHS, type BlogCategory, type BlogPost } from '../../domain/blog.schema'
import type { CmsPage } from '../../domain/cms.schema'
import type { Product } from '../../domain/product.schema'
import { hasCategoryPage, LEGACY_PATHS, toRequestPath, type UrlRewrite } from '../../domain/url-rewrite.schema'

interface LegacyClaims {
  id: number
  target: string
  children: { id: number; sku: string; path: string }[]
}

export class UrlRewriteDeriver {
  /** every request path the store view keeps: derived ones and the shop's own */
  readonly paths = new Set<string>()
  private readonly legacy: LegacyClaims[] = []
  private readonly ownPaths: Set<string>

  /** `own`: the shop's rewrites; derived ones never take their paths. `emit` gets each claimed rewrite once. */
  constructor(
    private readonly own: readonly UrlRewrite[],
    private readonly emit: (rewrite: UrlRewrite) => void,
  ) {
    this.ownPaths = new Set(own.map((r) => r.request_path))
  }

  private claim(r: UrlRewrite): void {
    if (r.request_path === '' || this.paths.has(r.request_path) || this.ownPaths.has(r.request_path)) return
    this.paths.add(r.request_path)
    this.emit(r)
  }

  private internal(entity_type: UrlRewrite['entity_type'], entity_id: number, urlPath: string): void {
    const path = toRequestPath(urlPath)
    this.claim({ entity_type, entity_id, redirect_type: 0, request_path: path, target_path: path })
  }

  /** A product's own path now; its legacy paths (and its children's) after every product's own. */
  addProduct(p: Product): void {
    this.internal('product', p.id, p.url_path)
    const target = toRequestPath(p.url_path)
    const suffix = target.endsWith('.html') ? '.html' : ''
    this.legacy.push({
      id: p.id,
      target,
      children: (p.configurable_children ?? []).map((child) => ({
        id: child.id,
        sku: child.sku,
        path: typeof child.url_path === 'string' ? child.url_path : child.url_key ? `${child.url_key}${suffix}` : '',
      })),
    })
  }

  /** Once every product was added: the categories', CMS pages' and blog's paths, the legacy ones, then the shop's own. */
  finish(categories: readonly Category[], cmsPages: readonly CmsPage[], blog: { categories: readonly BlogCategory[]; posts: readonly BlogPost[] }): void {
    const pages = categories.filter(hasCategoryPage)
    for (const c of pages) this.internal('category', c.id, c.url_path)
    const activeCmsPages = cmsPages.filter((p) => p.active)
    for (const p of activeCmsPages) this.internal('cms-page', p.id, p.identifier)
    for (const p of activeCmsPages) {
      this.claim({ entity_type: 'cms-page', entity_id: p.id, redirect_type: 301, request_path: LEGACY_PATHS.cmsPage(p.id), target_path: p.identifier })
    }
    for (const p of blog.posts) if (p.status === 1) this.internal('blog-post', p.id, BLOG_PATHS.post(p.url_key))
    for (const c of blog.categories) if (c.status === 1) this.internal('blog-category', c.id, BLOG_PATHS.category(c.url_key))
    for (const p of this.legacy.splice(0)) {
      this.claim({ entity_type: 'product', entity_id: p.id, redirect_type: 301, request_path: LEGACY_PATHS.product(p.id), target_path: p.target })
      for (const child of p.children) {
        const toParent = {
          entity_type: 'product',
          entity_id: p.id,
          redirect_type: 301,
          target_path: `${p.target}?childSku=${encodeURIComponent(child.sku)}`,
        } as const
        this.claim({ ...toParent, request_path: LEGACY_PATHS.product(child.id) })
        if (child.path !== '') this.claim({ ...toParent, request_path: toRequestPath(child.path) })
      }
    }
    for (const c of pages) {
      this.claim({
        entity_type: 'category',
        entity_id: c.id,
        redirect_type: 301,
        request_path: LEGACY_PATHS.category(c.id),
        target_path: toRequestPath(c.url_path),
      })
    }
    // the last of the same request_path wins among the shop's own, as it always did
    const own = new Map(this.own.map((r) => [r.request_path, r]))
    for (const r of own.values()) {
      this.paths.add(r.request_path)
      this.emit(r)
    }
  }
}

/**
 * The rewrites one entity derives on its own, as the importer derives them (an import batch writes
 * a single product, category, CMS page or blog record): its own path, then its legacy paths.
 */
export function rewritesOf(
  entity: { product: Product } | { category: Category } | { cmsPage: CmsPage } | { blogPost: BlogPost } | { blogCategory: BlogCategory },
): UrlRewrite[] {
  const out: UrlRewrite[] = []
  const deriver = new UrlRewriteDeriver([], (r) => out.push(r))
  if ('product' in entity) deriver.addProduct(entity.product)
  deriver.finish('category' in entity ? [entity.category] : [], 'cmsPage' in entity ? [entity.cmsPage] : [], {
    categories: 'blogCategory' in entity ? [entity.blogCategory] : [],
    posts: 'blogPost' in entity ? [entity.blogPost] : [],
  })
  return out
}
