/** The pure cart diff (domain/cart-diff): one test per branch of diffCart, pairing and DiffLog. */
import { describe, expect, it } from 'vitest'
import type { ProductOption, ServerCartItem } from '../../domain/cart.schema'
import { DIFF_STATUSES, DiffLog, diffCart } from '../../domain/cart-diff'
import { localItem } from './cart-fakes'

const serverLine = (sku: string, qty: number, itemId: number, extra: Partial<ServerCartItem> = {}): ServerCartItem => ({
  item_id: itemId,
  quote_id: 'c1',
  sku,
  qty,
  name: sku,
  price: 10,
  product_type: 'simple',
  ...extra,
})
/** a local line already saved as server line `itemId` of cart c1 */
const synced = (sku: string, qty: number, itemId: number) => localItem(sku, qty, { server_item_id: itemId, server_cart_id: 'c1' })
const engraving = (text: string): ProductOption => ({ extension_attributes: { custom_options: [{ option_id: '1', option_value: text }] } })

describe('diffCart: a line only on the client (no-item)', () => {
  it('is pushed as a new line with its quantity by default', () => {
    const diff = diffCart([localItem('A', 2)], [])
    expect(diff.items).toEqual([expect.objectContaining({ party: 'client', sku: 'A', status: 'no-item', action: 'push-add', qty: 2 })])
    expect(diff.items[0]?.serverItem).toBeUndefined()
  })

  it('is removed locally when the server may remove local lines', () => {
    expect(diffCart([localItem('A', 2)], [], { serverMayRemoveLocal: true }).items[0]).toMatchObject({ status: 'no-item', action: 'remove-local' })
  })

  it('is pushed anyway when the client state is forced, whatever the server may do', () => {
    const diff = diffCart([localItem('A', 2)], [], { serverMayRemoveLocal: true, forceClientState: true })
    expect(diff.items[0]).toMatchObject({ status: 'no-item', action: 'push-add' })
  })

  it('is only reported in a dry run', () => {
    expect(diffCart([localItem('A', 2)], [], { dryRun: true }).items[0]).toMatchObject({ status: 'no-item', action: 'report', qty: 2 })
  })
})

describe('diffCart: a line only on the server (no-item)', () => {
  it('is added locally with the server quantity by default', () => {
    expect(diffCart([], [serverLine('B', 3, 8)]).items).toEqual([
      expect.objectContaining({ party: 'server', sku: 'B', status: 'no-item', action: 'add-local', qty: 3 }),
    ])
  })

  it('is deleted on the server when the client state is forced', () => {
    expect(diffCart([], [serverLine('B', 1, 8)], { forceClientState: true }).items[0]).toMatchObject({ party: 'server', action: 'delete-server' })
  })

  it('is only reported in a dry run, even with the client state forced', () => {
    expect(diffCart([], [serverLine('B', 1, 8)], { dryRun: true, forceClientState: true }).items[0]).toMatchObject({ action: 'report' })
  })
})

describe('diffCart: quantities differ (wrong-qty)', () => {
  it('pushes the local quantity to the server line by default', () => {
    expect(diffCart([synced('A', 3, 7)], [serverLine('A', 1, 7)]).items[0]).toMatchObject({
      status: 'wrong-qty',
      action: 'push-qty',
      qty: 3,
      serverItem: { item_id: 7 },
    })
  })

  it('takes the server quantity when the server may modify local lines', () => {
    expect(diffCart([synced('A', 3, 7)], [serverLine('A', 1, 7)], { serverMayModifyLocal: true }).items[0]).toMatchObject({
      status: 'wrong-qty',
      action: 'take-server',
    })
  })

  it('pushes when the client state is forced, even if the server may modify local lines', () => {
    const diff = diffCart([synced('A', 3, 7)], [serverLine('A', 1, 7)], { serverMayModifyLocal: true, forceClientState: true })
    expect(diff.items[0]).toMatchObject({ status: 'wrong-qty', action: 'push-qty', qty: 3 })
  })

  it('is only reported in a dry run', () => {
    expect(diffCart([synced('A', 3, 7)], [serverLine('A', 1, 7)], { dryRun: true }).items[0]).toMatchObject({ status: 'wrong-qty', action: 'report' })
  })
})

describe('diffCart: mergeQty (login: guest cart + customer cart)', () => {
  it('sums a guest line into the matching customer line and pushes the sum, even at equal quantities', () => {
    expect(diffCart([localItem('A', 2)], [serverLine('A', 2, 7)], { mergeQty: true }).items[0]).toMatchObject({
      status: 'wrong-qty',
      action: 'push-qty',
      qty: 4,
    })
  })

  it('pushes the sum even when the server may modify local lines (a merge is never taken from the server)', () => {
    expect(diffCart([localItem('A', 2)], [serverLine('A', 3, 7)], { mergeQty: true, serverMayModifyLocal: true }).items[0]).toMatchObject({
      action: 'push-qty',
      qty: 5,
    })
  })

  it('never sums a line that already is that server line (#5743: no doubled quantities)', () => {
    expect(diffCart([synced('A', 3, 7)], [serverLine('A', 3, 7)], { mergeQty: true }).items[0]).toMatchObject({ status: 'no-changes', action: 'none' })
  })
})

describe('diffCart: equal quantities', () => {
  it('is no-changes when the local line already carries this server line’s ids', () => {
    expect(diffCart([synced('A', 1, 7)], [serverLine('A', 1, 7)]).items[0]).toMatchObject({ status: 'no-changes', action: 'none' })
  })

  it('is no-changes with action none even in a dry run', () => {
    expect(diffCart([synced('A', 1, 7)], [serverLine('A', 1, 7)], { dryRun: true }).items[0]).toMatchObject({ action: 'none' })
  })

  it('stamps the server ids onto a matching line without them (update-required)', () => {
    expect(diffCart([localItem('A', 1)], [serverLine('A', 1, 7)]).items[0]).toMatchObject({
      status: 'update-required',
      action: 'stamp-ids',
      serverItem: { item_id: 7 },
    })
  })

  it('needs both ids to be the same line: another cart id is update-required', () => {
    const stale = localItem('A', 1, { server_item_id: 7, server_cart_id: 'old-cart' })
    expect(diffCart([stale], [serverLine('A', 1, 7)]).items[0]).toMatchObject({ status: 'update-required' })
  })

  it('is only reported in a dry run when ids must be stamped', () => {
    expect(diffCart([localItem('A', 1)], [serverLine('A', 1, 7)], { dryRun: true }).items[0]).toMatchObject({ status: 'update-required', action: 'report' })
  })
})

describe('diffCart: pairing lines', () => {
  it('pairs by server item id before the matching rules (two lines of one sku)', () => {
    const diff = diffCart([synced('A', 1, 8), synced('A', 5, 7)], [serverLine('A', 5, 7), serverLine('A', 1, 8)])
    expect(diff.items.map((e) => [e.clientItem?.qty, e.serverItem?.item_id, e.status])).toEqual([
      [1, 8, 'no-changes'],
      [5, 7, 'no-changes'],
    ])
  })

  it('matches custom-option lines by the checksum of their options, not by sku', () => {
    const local = localItem('PEN', 1, { product_option: engraving('for Ann') })
    const diff = diffCart(
      [local],
      [serverLine('PEN', 1, 3, { product_option: engraving('for Bob') }), serverLine('PEN', 1, 4, { product_option: engraving('for Ann') })],
    )
    expect(diff.items.map((e) => [e.party, e.serverItem?.item_id, e.status])).toEqual([
      ['client', 4, 'update-required'],
      ['server', 3, 'no-item'],
    ])
  })

  it('pairs each server line with one local line at most', () => {
    const diff = diffCart([localItem('A', 1), localItem('A', 2, { key: 'A-second' })], [serverLine('A', 1, 7)])
    expect(diff.items.map((e) => [e.clientItem?.qty, e.status, e.action])).toEqual([
      [1, 'update-required', 'stamp-ids'],
      [2, 'no-item', 'push-add'],
    ])
  })

  it('lists the client lines in their order, then the server lines nobody has', () => {
    const diff = diffCart([localItem('B', 1), localItem('A', 1)], [serverLine('C', 1, 9), serverLine('A', 1, 7)])
    expect(diff.items.map((e) => `${e.party}:${e.sku}`)).toEqual(['client:B', 'client:A', 'server:C'])
  })
})

describe('DiffLog', () => {
  it('is empty when every line is unchanged, or there are no lines (the VSF isEmpty bug)', () => {
    expect(diffCart([synced('A', 1, 7)], [serverLine('A', 1, 7)]).isEmpty()).toBe(true)
    expect(diffCart([], []).isEmpty()).toBe(true)
    expect(diffCart([localItem('A', 1)], [serverLine('A', 1, 7)]).isEmpty()).toBe(false)
  })

  it('groups entries by status', () => {
    const diff = diffCart([localItem('A', 2), synced('B', 1, 8)], [serverLine('B', 4, 8), serverLine('C', 1, 9)])
    expect(diff.byStatus('no-item').map((e) => e.sku)).toEqual(['A', 'C'])
    expect(diff.byStatus('wrong-qty').map((e) => e.sku)).toEqual(['B'])
    expect(diff.byStatus('no-changes')).toEqual([])
    expect(DIFF_STATUSES).toEqual(['no-item', 'wrong-qty', 'update-required', 'no-changes'])
    expect(new DiffLog([]).items).toEqual([])
  })
})
