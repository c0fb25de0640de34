import { useI18nContext } from '../../locales/i18n-react'
import { useSyncStatus } from '../data/hooks'

/**
 * A cart with changes the shop has not acknowledged yet says why: offline ("when you are
 * back online"), the shop's server in trouble ("when the shop answers again"), or simply on its way.
 */
export function CartSyncNote({ pending, className }: { pending: boolean | undefined; className: string }) {
  const { LL } = useI18nContext()
  const status = useSyncStatus()
  if (!pending) return null
  const state = status && !status.online ? 'offline' : status?.serverTrouble ? 'server-trouble' : 'syncing'
  const text = state === 'offline' ? LL.microcart.pendingSync() : state === 'server-trouble' ? LL.microcart.pendingSyncServerTrouble() : LL.microcart.syncing()
  return (
    <p className={className} role="note" data-testid="cart-sync-note" data-state={state}>
      {text}
    </p>
  )
}
