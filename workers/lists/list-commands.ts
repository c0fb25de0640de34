/**
 * Every change to the wishlist and the compare list goes through one command (STYLE.md), like the
 * cart. Spec §4: adding a sku already present is ignored; remove; clear. Spec §9: compare holds at
 * most 5 products, a 6th is refused with "Can't compare more than {count} products".
 */
import type { MessageKey, Notification, NotificationType } from '../../domain/notifications'
import type { ListCommand, ListName } from '../contract/commands'
import type { ProductListItem } from '../contract/views'
import type { PolderDatabase } from '../db/database'
import { toListItemDoc } from '../db/product-views'

export const COMPARE_LIMIT = 5

export interface ListCommandDeps {
  db: PolderDatabase
  now: () => number
  newId: () => string
  /** the product's light fields from the local catalogue, or null when it is not there */
  describe: (sku: string) => Promise<ProductListItem | null>
}

const MESSAGES = {
  wishlist: { add: 'addedToWishlist', remove: 'removedFromWishlist', clear: 'wishlistCleared' },
  compare: { add: 'addedToCompare', remove: 'removedFromCompare', clear: 'compareCleared' },
} as const satisfies Record<ListName, Record<ListCommand['type'], MessageKey>>

export async function applyListCommand(deps: ListCommandDeps, command: ListCommand): Promise<Notification[]> {
  const collection = deps.db[command.list]
  const note = (type: NotificationType, key: MessageKey, params?: Record<string, string | number>): Notification => ({
    id: deps.newId(),
    type,
    key,
    ...(params ? { params } : {}),
  })

  switch (command.type) {
    case 'add': {
      if (await collection.findOne(command.sku).exec()) return []
      if (command.list === 'compare') {
        const count = await collection.count().exec()
        if (count >= COMPARE_LIMIT) return [note('warning', 'compareLimit', { count: COMPARE_LIMIT })]
      }
      const item = await deps.describe(command.sku)
      if (!item) return [note('error', 'listProductUnknown')]
      // insert, not upsert: a second tab adding the same sku meanwhile loses with a conflict, ignored
      try {
        await collection.insert(toListItemDoc(item, deps.now()))
      } catch (error) {
        if (await collection.findOne(command.sku).exec()) return []
        throw error
      }
      return [note('success', MESSAGES[command.list].add, { productName: item.name })]
    }
    case 'remove': {
      const doc = await collection.findOne(command.sku).exec()
      if (!doc) return []
      const name = doc.name
      await doc.remove()
      return [note('success', MESSAGES[command.list].remove, { productName: name })]
    }
    case 'clear': {
      await collection.find().remove()
      return [note('success', MESSAGES[command.list].clear)]
    }
  }
}
