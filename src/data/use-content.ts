/** CMS pages and blocks from the data worker's content module (workers/content). */
import type { CmsBlockView, CmsPageView } from '../../workers/contract/content'
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
