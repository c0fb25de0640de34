import { useI18nContext } from '../../locales/i18n-react'
import type { SearchResult } from '../data/worker-types'

/**
 * Says why search results come from this device rather than the shop's server: offline,
 * the server in trouble, or the server too slow. Nothing when the server answered.
 */
export function SearchSourceNote({ result, className }: { result: Pick<SearchResult, 'source' | 'reason'> | undefined; className: string }) {
  const { LL } = useI18nContext()
  if (!result || result.source !== 'device') return null
  const reason = result.reason ?? 'offline'
  const text = reason === 'slow' ? LL.search.slow() : reason === 'server-trouble' ? LL.search.serverTrouble() : LL.search.offline()
  return (
    <p className={className} data-testid={`search-${reason}`} data-reason={reason} role="note">
      {text}
    </p>
  )
}
