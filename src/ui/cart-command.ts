/**
 * Every cart write from the UI goes through one hook: the command to the worker, then the shopper
 * hears how it went. An add that opens the microcart says so inside the microcart (the message is
 * placed there, not over it); every other outcome, and any warning or error, is a notification.
 * A worker that cannot be reached is the spec's server error, never a silent failure.
 */
import { useCallback, useState } from 'react'
import { applyCartCommand } from '../data/use-cart-commands'
import type { CartCommand } from '../data/worker-types'
import { usePanel } from './panels'
import { notificationId, useNotifications } from './notifications'

export interface CartCommandOptions {
  /** open the microcart when the command put something in the cart (add to cart) */
  openMicrocart?: boolean
}

export interface CartCommandRunner {
  /** true when the cart took the command (no error came back) */
  run: (command: CartCommand, options?: CartCommandOptions) => Promise<boolean>
  /** a command of this hook is on its way */
  busy: boolean
}

export function useCartCommand(): CartCommandRunner {
  const { notify } = useNotifications()
  const { open: openMicrocart } = usePanel('microcart')
  const [busy, setBusy] = useState(false)
  const run = useCallback(
    async (command: CartCommand, options: CartCommandOptions = {}): Promise<boolean> => {
      setBusy(true)
      try {
        const notifications = await applyCartCommand(command)
        const added = notifications.some((n) => n.type === 'success')
        if (options.openMicrocart && added) {
          notify(notifications.map((n) => ({ ...n, place: 'microcart' as const })))
          openMicrocart()
        } else notify(notifications)
        return !notifications.some((n) => n.type === 'error')
      } catch (error) {
        console.error('[cart] command failed', error)
        notify({ id: notificationId('cart-command-failed'), type: 'error', key: 'serverError' })
        return false
      } finally {
        setBusy(false)
      }
    },
    [notify, openMicrocart],
  )
  return { run, busy }
}
