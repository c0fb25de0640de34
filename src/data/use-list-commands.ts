/**
 * The writes to the shopper's lists (wishlist, compare), each one command to the
 * worker; the notifications that come back (added, removed, the compare limit) are the UI's to show.
 */
import type { Notification } from '../../domain/notifications'
import { getDataClient } from './data-client'
import type { ListCommand } from './worker-types'

export function applyListCommand(command: ListCommand): Promise<Notification[]> {
  return getDataClient().applyListCommand(command)
}
