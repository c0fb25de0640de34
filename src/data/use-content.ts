/** CMS pages, blocks and banners from the data worker's content module (workers/content). */
import type { CmsBlockView, CmsPageView, HomeBannersView, InfoBannerView } from '../../workers/contract/content'
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
