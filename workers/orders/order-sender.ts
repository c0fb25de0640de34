/**
 * Sends the device's orders to POST /api/order, exactly once, in the leader tab only (two tabs
 * sending one stored order would be two senders of one order_id; the server would still make one
 * order, but the leader alone keeps the sends in order and the answers in one place).
 *
 * An order's life: `queued` (stored, nothing sent) → the cart lines are pushed to the server cart
 * (the cart sync) → the body is built once and stored with status `sending`, *then* posted →
 * `placed` (the local cart's lines of the order are cleared and the next sync starts a new server
 * cart: the server turns a cart into one order) or `refused` (409: its reason kept, the cart lines
 * kept). No answer (dropped connection, reload, crash, a tab closed mid-send) leaves it `sending`
 * with its body: the next leader resends that same body, and the server, idempotent by order_id,
 * answers the order it stored. The device never makes a second order_id for one order.
 *
 * Design note (a deliberate departure from DESIGN.md, which says every write other than the cart is
 * a sync task, and from the "order tasks in the syncTasks queue"): orders are sent by this
 * sender of the orders module, not as syncTasks. A sync task is a stored request sent as it is; an
 * order's body cannot be stored up front, because it names the server cart (`cart_id`), and that
 * cart only exists, with the order's lines on it, after the cart sync has run (offline there is no
 * server cart at all). So the body is built here once the sync is done, stored on the order, and
 * only then posted. The order document is the never-lost record: it is written before anything is
 * sent, carries the status the shopper sees (queued, sending, placed, refused) and the exact body
 * every resend uses, so a second copy of the order in `syncTasks` would only be a second truth to
 * keep in step. The spec's sync task states map onto it: transmited = `sending` with its body,
 * acknowledged = `placed`/`refused`, result and code = `placed`/`refusal`.
 */
import type { RxDocument } from 'rxdb'
import type { OrderBody } from '../../domain/api/order.schema'
import type { ProductOption } from '../../domain/cart.schema'
import type { ApiClient } from '../../replication/api-client'
import { ApiError, retryDelayMs } from '../../replication/api-errors'
import { detachItems, hasLocalChanges, type CartStore } from '../../replication/cart-store'
import type { PolderDatabase } from '../db/database'
import { orderBody, toOrderView } from './order-body'
import type { OrderDoc } from './order-schema'
import { CoalescedRun } from '../coalesced-run'

export interface OrderSenderDeps {
  db: PolderDatabase
  api: Pick<ApiClient, 'placeOrder' | 'createCart' | 'updateCartItem'>
  cartStore: CartStore
  /** a full cart sync now (workers/cart/cart-sync-scheduler runNow) */
  syncCart: () => Promise<void>
  /** online and leader */
  canSend: () => boolean
  now: () => number
  /** orders waiting for the shopper's confirmation (workers/orders/offline-orders): not sent */
  held?: () => Promise<ReadonlySet<string>>
  /** the customer's token when logged in: the cart's synced state is stamped with it (replication/cart-store) */
  token?: () => string | null
}

/** The cart could not be brought to the server before the order (offline again, a refused line). */
/** The local cart holds exactly these lines (same keys, same quantities). */
export function sameLines(lines: readonly { key: string; qty: number }[], items: readonly { key: string; qty: number }[]): boolean {
  return lines.length === items.length && lines.every((line) => items.some((item) => item.key === line.key && item.qty === line.qty))
}

class CartNotSyncedError extends Error {
  override readonly name = 'CartNotSyncedError'
}

type RxOrder = RxDocument<OrderDoc>

export class OrderSender {
  private readonly runner = new CoalescedRun(
    () => this.sendPending(),
    () => !this.stopped,
  )
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private failures = 0
  private stopped = false

  constructor(private readonly deps: OrderSenderDeps) {}

  /** Sends every unsent order in creation order; concurrent calls share one run (plus one after it). */
  process(): Promise<void> {
    return this.runner.run()
  }

  /** Sends now, without waiting for the backoff of a failed try (back online, the shopper's own send). */
  sendNow(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    return this.process()
  }

  private async sendPending(): Promise<void> {
    const { db } = this.deps
    // a failed try waits for its backoff: a change of the orders (the failed try's own count, a new
    // order) does not send again at once, or a server answering 502 is called in a tight loop
    while (!this.stopped && !this.retryTimer && this.deps.canSend()) {
      const held = (await this.deps.held?.()) ?? new Set<string>()
      const waiting = await db.orders.find({ selector: { status: { $in: ['queued', 'sending'] } }, sort: [{ created_at: 'asc' }] }).exec()
      const next = waiting.find((doc) => !held.has(doc.order_id))
      if (!next) return
      if (!(await this.sendOne(next))) return
    }
  }

  /** true when the order got its answer; false when it waits (retried later by itself). */
  private async sendOne(doc: RxOrder): Promise<boolean> {
    try {
      const request = (doc.request as OrderBody | undefined) ?? (await this.prepare(doc))
      const answer = await this.deps.api.placeOrder(request)
      this.failures = 0
      if (answer.kind === 'placed') {
        const { orderNumber, backendOrderId } = answer.result
        await doc.getLatest().incrementalPatch({ status: 'placed', placed: { orderNumber, backendOrderId }, updated_at: this.deps.now() })
        await this.clearOrderedCart(doc, request.cart_id)
      } else {
        const { reason, errorMessage, items } = answer.refusal
        await doc
          .getLatest()
          .incrementalPatch({ status: 'refused', refusal: JSON.parse(JSON.stringify({ reason, errorMessage, items })) as object, updated_at: this.deps.now() })
      }
      return true
    } catch (error) {
      if (error instanceof ApiError && error.code === 400) {
        const refusal = { reason: 'invalid', errorMessage: error.message }
        await doc.getLatest().incrementalPatch({ status: 'refused', refusal, updated_at: this.deps.now() })
        return true
      }
      if (error instanceof ApiError && error.code === 404) {
        // the server cart is unknown: the order was not stored (the server answers a stored
        // order_id before it looks at the cart), so it is rebuilt on a new cart, same order_id
        await doc.getLatest().incrementalModify((d) => {
          delete d.request
          return { ...d, status: 'queued' }
        })
        await this.deps.cartStore.setState({ serverCartId: null, syncedHash: null })
        await detachItems(this.deps.cartStore)
      }
      await doc.getLatest().incrementalPatch({ attempts: doc.getLatest().attempts + 1, last_error: String((error as Error).message ?? error).slice(0, 300) })
      this.retryLater(retryDelayMs(error, this.failures))
      this.failures += 1
      return false
    }
  }

  /**
   * Puts the order's lines on a server cart, then stores the body (status sending) before anything
   * is posted. While the local cart still holds exactly the order's lines (the usual case: one order
   * from the cart the shopper filled), that cart is pushed and used, with its coupon and gift cards.
   * Once the local cart holds something else (the shopper, or a kiosk, went on and placed another
   * order from a changed cart while this one waited offline), the order is placed from a server cart
   * of its own holding its stored lines: the server checks the order against its cart, so the live
   * cart would refuse it (cart changed) or never become this order at all.
   */
  private async prepare(doc: RxOrder): Promise<OrderBody> {
    const { cartStore, api } = this.deps
    const view = toOrderView(doc.getLatest().toJSON() as OrderDoc)
    let cartId: string
    if (sameLines(view.lines, await cartStore.getItems())) {
      await this.deps.syncCart()
      const [items, state] = await Promise.all([cartStore.getItems(), cartStore.getState()])
      if (!state.serverCartId || hasLocalChanges(items, state, this.deps.token?.() ?? null)) throw new CartNotSyncedError('the cart is not on the server yet')
      cartId = state.serverCartId
    } else {
      // a new cart each try until the body is stored: a cart left by a broken try is never ordered
      cartId = await api.createCart()
      for (const line of view.lines) {
        await api.updateCartItem(cartId, {
          sku: line.sku,
          qty: line.qty,
          ...(line.product_option ? { product_option: line.product_option as ProductOption } : {}),
        })
      }
    }
    const request = orderBody(view, cartId)
    await doc.getLatest().incrementalPatch({ status: 'sending', request: JSON.parse(JSON.stringify(request)) as object, updated_at: this.deps.now() })
    return request
  }

  /** The order's lines leave the local cart; the next sync creates a new server cart for what is left. */
  private async clearOrderedCart(doc: RxOrder, cartId: string): Promise<void> {
    const { cartStore } = this.deps
    const ordered = new Map(toOrderView(doc.getLatest().toJSON() as OrderDoc).lines.map((line) => [line.key, line.qty]))
    // a line the shopper changed after placing (another quantity) is theirs, not this order's
    for (const item of await cartStore.getItems()) if (ordered.get(item.key) === item.qty) await cartStore.removeItem(item.key)
    const state = await cartStore.getState()
    if (state.serverCartId === cartId || state.serverCartId === null) {
      await cartStore.setState({ serverCartId: null, syncedHash: null, totals: null, bypassCount: 0, lastSyncAt: null })
      await detachItems(cartStore)
    }
  }

  private retryLater(ms: number): void {
    if (this.retryTimer || this.stopped) return
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      void this.process()
    }, ms)
  }

  stop(): void {
    this.stopped = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
  }
}
