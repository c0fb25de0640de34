/** CMS pages, blocks and banners, and the blog, from the data worker's content module (workers/content). */
import type {
  BlogCategoryView,
  BlogListQuery,
  BlogListView,
  BlogPostSummary,
  BlogPostView,
  CmsBlockView,
  CmsPageView,
  HomeBannersView,
  InfoBannerView,
} from '../../workers/contract/content'
import { getDataClient } from './data-client'
import { useSubscription } from './use-subscription'

/** A CMS page by identifier; `attempt` asks again (a Retry after server trouble). Undefined until the first answer. */
export function useCmsPage(identifier: string, attempt = 0): CmsPageView | undefined {
  return useSubscription<CmsPageView>(`cms-page:${identifier}#${attempt}`, (cb) => getDataClient().subscribeCmsPage(identifier, cb)).value
}

/** The CMS blocks of these identifiers this device holds, in that order. */
export function useCmsBlocks(identifiers: readonly string[]): CmsBlockView[] | undefined {
  return useSubscription<CmsBlockView[]>(`cms-blocks:${identifiers.join(',')}`, (cb) => getDataClient().subscribeCmsBlocks([...identifiers], cb)).value
}

/** A page of the blog's posts, all or one category's. Undefined until the first answer. */
export function useBlogList(query: BlogListQuery): BlogListView | undefined {
  const key = `blog-list:${query.category ?? ''}:${query.sort ?? ''}:${query.page ?? 1}`
  return useSubscription<BlogListView>(key, (cb) => getDataClient().subscribeBlogList(query, cb)).value
}

/** The published blog categories, in the shop's order. */
export function useBlogCategories(): BlogCategoryView[] | undefined {
  return useSubscription<BlogCategoryView[]>('blog-categories', (cb) => getDataClient().subscribeBlogCategories(cb)).value
}

/** The newest published posts. */
export function useLatestBlogPosts(): BlogPostSummary[] | undefined {
  return useSubscription<BlogPostSummary[]>('blog-latest', (cb) => getDataClient().subscribeLatestBlogPosts(cb)).value
}

/** The blog feed's posts (the home page's), newest first. */
export function useBlogFeed(): BlogPostSummary[] | undefined {
  return useSubscription<BlogPostSummary[]>('blog-feed', (cb) => getDataClient().subscribeBlogFeed(cb)).value
}

/** A blog post by url_key; `attempt` asks again (a Retry after server trouble). */
export function useBlogPost(urlKey: string, attempt = 0): BlogPostView | undefined {
  return useSubscription<BlogPostView>(`blog-post:${urlKey}#${attempt}`, (cb) => getDataClient().subscribeBlogPost(urlKey, cb)).value
}

/** The store view's active banners per slot this device holds. Undefined until the first answer. */
export function useHomeBanners(): HomeBannersView | undefined {
  return useSubscription<HomeBannersView>('home-banners', (cb) => getDataClient().subscribeHomeBanners(cb)).value
}

/** The info banner to show (null for none). Undefined until the first answer. */
export function useInfoBanner(): InfoBannerView | null | undefined {
  return useSubscription<InfoBannerView | null>('info-banner', (cb) => getDataClient().subscribeInfoBanner(cb)).value
}

/** Closes the info banner on this device, for the version the shopper read. */
export function dismissInfoBanner(banner: Pick<InfoBannerView, 'id' | 'version'>): Promise<void> {
  return getDataClient().dismissInfoBanner(banner.id, banner.version)
}
