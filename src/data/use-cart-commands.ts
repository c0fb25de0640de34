/**
 * The cart's writes, each one command to the worker (workers/cart): the UI names what it wants
 * (a sku and a quantity, a code), never a document, and hears back the notifications to show.
 * Showing them is the UI's part (src/ui/cart-command.ts, src/ui/cart-notices.ts).
 */
import type { Notification } from '../../domain/notifications'
import type { StoreCode } from '../../domain/store-views'
import { getDataClient } from './data-client'
import type { CartCommand } from './worker-types'

export function applyCartCommand(command: CartCommand): Promise<Notification[]> {
  return getDataClient().applyCartCommand(command)
}

/** Hands this store view's cart lines to the store view `to` before the shopper switches to it. */
export function handOffCart(to: StoreCode): Promise<void> {
  return getDataClient().handOffCart(to)
}
