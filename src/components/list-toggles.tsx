/**
 * "Add to wishlist" and "Add to compare" as toggle buttons (aria-pressed says whether the product
 * is on the list; the name stays the same so screen readers announce the state change, not a new
 * button). Every change goes through the worker's applyListCommand; its notifications (added,
 * removed, the compare limit) are shown as they come.
 */
import { useState, type ReactElement } from 'react'
import type { ListCommand, ListName } from '../data/worker-types'
import { useI18nContext } from '../../locales/i18n-react'
import { applyListCommand } from '../data/use-list-commands'
import { useLists } from '../data/use-lists'
import { notificationId, useNotifications } from '../ui/notifications'
import './lists.css'

/** Adds or removes the sku; returns once the worker answered. */
export function useListCommand(): (command: ListCommand) => Promise<void> {
  const { notify } = useNotifications()
  return async (command) => {
    try {
      notify(await applyListCommand(command))
    } catch (error) {
      console.error('[lists] command failed', error)
      notify({ id: notificationId('list-failed'), type: 'error', key: 'serverError' })
    }
  }
}

function HeartIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <path
        d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5c-2.2 4.6-9.2 9-9.2 9z"
        fill="var(--icon-fill, none)"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function CompareIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <path d="M6 20V10M12 20V4M18 20v-7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  )
}

/**
 * `compact`: icon buttons over a product tile, named with the product ("Add X to wishlist");
 * otherwise labelled buttons for the product page.
 */
export function ListToggles({ sku, name, compact }: { sku: string; name: string; compact?: boolean }) {
  const { LL } = useI18nContext()
  const lists = useLists()
  const run = useListCommand()
  const [busy, setBusy] = useState<ListName | null>(null)
  const onList = (list: ListName) => lists?.[list].some((item) => item.sku === sku) ?? false

  const toggle = async (list: ListName) => {
    if (busy !== null || lists === undefined) return
    setBusy(list)
    try {
      await run({ type: onList(list) ? 'remove' : 'add', list, sku })
    } finally {
      setBusy(null)
    }
  }

  const buttons: { list: ListName; testId: string; label: string; text: string; icon: ReactElement }[] = [
    { list: 'wishlist', testId: 'wishlist-toggle', label: LL.lists.addNameToWishlist({ name }), text: LL.lists.addToWishlist(), icon: <HeartIcon /> },
    { list: 'compare', testId: 'compare-toggle', label: LL.lists.addNameToCompare({ name }), text: LL.lists.addToCompare(), icon: <CompareIcon /> },
  ]
  return (
    <div className={compact ? 'list-toggles list-toggles--compact' : 'list-toggles'}>
      {buttons.map(({ list, testId, label, text, icon }) => (
        <button
          key={list}
          type="button"
          className={compact ? 'list-toggle list-toggle--icon' : 'button button--secondary list-toggle'}
          data-testid={testId}
          aria-pressed={onList(list)}
          aria-label={compact ? label : undefined}
          title={compact ? label : undefined}
          // not `disabled` while busy: that would drop keyboard focus; clicks are ignored meanwhile
          aria-busy={busy === list}
          onClick={() => void toggle(list)}
        >
          {icon}
          {compact ? null : <span>{text}</span>}
        </button>
      ))}
    </div>
  )
}
