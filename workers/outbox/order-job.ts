/**
 * The outbox's order job: sends the device's orders to POST /api/order, exactly once, in the leader
 * tab only (the leader alone keeps the sends in order and the answers in one place).
 *
 * An order's life: `queued` (stored with what it took from the cart, which was emptied then) →
 * its own server cart is made of its lines, coupon and gift cards (workers/orders/order-cart) → the
 * body is built once and stored with status `sending`, *then* posted → `placed` or `refused` (409,
 * or its own cart refused a line, coupon or card: its reason kept, its lines put back in the cart
 * when the cart is empty). No answer leaves it `sending` with its body: the next leader resends that
 * same body, and the server, idempotent by order_id, answers the order it stored. The device never
 * makes a second order_id for one order.
 *
 * Not a queued task: the body names its server cart (`cart_id`), which exists only once the order's
 * cart is made, so it is built here and stored before it is posted. The spec's sync task states map
 * onto the order: transmited = `sending`, acknowledged = `placed`/`refused`. The outbox runs this job
 * after the cart job and never beside it, so no cart sync still touches the server cart the order took.
 */
import type { RxDocument } from 'rxdb'
import type { OrderBody } from '../../domain/api/order.schema'
import type { OrderRefusal } from '../../domain/api/order.schema'
import type { ApiClient } from '../../replication/api-client'
import { toCents } from '../../domain/money'
import { ApiError } from '../../replication/api-errors'
import { tokenSubject } from '../../replication/token-subject'
import type { PolderDatabase } from '../db/database'
import { clean } from '../db/session-records'
import { orderBody, toOrderView } from '../orders/order-body'
import { prepareOrderCart } from '../orders/order-cart'
import type { OrderDoc } from '../orders/order-schema'
import { DONE, type JobOutcome, type OutboxJob } from './outbox'

export interface OrderJobDeps {
  db: PolderDatabase
  api: Pick<ApiClient, 'placeOrder' | 'createCart' | 'pullCart' | 'updateCartItem' | 'deleteCartItem' | 'cartTotals' | 'applyCoupon' | 'applyGiftCard'>
  /** lines leave the shopper's cart (workers/cart emptyForOrder): an order stored before v2 took none */
  emptyCart: (lines: readonly { key: string; qty: number }[]) => Promise<void>
  /** a refused order's lines, coupon and gift cards go back to the shopper's cart (workers/cart) */
  restoreToCart: (order: OrderDoc) => Promise<void>
  /** online and leader (checked before each order) */
  canSend: () => boolean
  now: () => number
  /** orders waiting for the shopper's confirmation (workers/orders/offline-orders): not sent */
  held?: () => Promise<ReadonlySet<string>>
  /** the customer's token when logged in: an order is sent with it only when that customer placed it */
  token?: () => string | null
  /** the shop accepted the order (the analytics' purchase) */
  onPlaced?: (order: OrderDoc) => Promise<void>
}

/** The local cart holds exactly these lines (same keys, same quantities). */
export function sameLines(lines: readonly { key: string; qty: number }[], items: readonly { key: string; qty: number }[]): boolean {
  return lines.length === items.length && lines.every((line) => items.some((item) => item.key === line.key && item.qty === line.qty))
}

/** Its own cart refused the order before it was posted (a line, its coupon or a gift card). */
class OrderCartRefusedError extends Error {
  override readonly name = 'OrderCartRefusedError'
  constructor(readonly refusal: OrderRefusal) {
    super(refusal.errorMessage)
  }
}

type RxOrder = RxDocument<OrderDoc>

/**
 * Orders in flight at once. Each is a few calls in a row (its cart, its lines, the order), so
 * senders side by side fill the round trips; four leave the browser's other connections to the
 * host (six over HTTP/1.1) to the catalogue and the shopper's own calls.
 */
export const PARALLEL_ORDERS = 4

export class OrderJob implements OutboxJob {
  readonly kind = 'orders'
  private stopped = false
  /** the shopper's cart is changed by one order's answer at a time (emptied, or a refusal's lines put back) */
  private cartTurn: Promise<unknown> = Promise.resolve()

  constructor(private readonly deps: OrderJobDeps) {}

  private inCartTurn(work: () => Promise<void>): Promise<void> {
    const done = this.cartTurn.then(work)
    this.cartTurn = done.catch(() => undefined)
    return done
  }

  /** The store view closes: no order is taken after the one in hand. */
  stop(): void {
    this.stopped = true
  }

  /**
   * Sends the unsent orders, several shoppers' side by side and each shopper's one after another in
   * the order they were placed (an in-store tablet brings a day's orders back at once). An order is
   * taken by one sender only, so it is still sent exactly once; the first that fails for now stops
   * the taking of more (those in hand finish), and the outbox retries after its back-off.
   */
  async run(): Promise<JobOutcome> {
    const { db } = this.deps
    let answered = 0
    /** what stopped a sender (the first one counts) */
    const failures: { error: unknown }[] = []
    /** orders taken in this run and not answered: their shopper's later orders wait */
    const taken = new Set<string>()
    const lane = (doc: RxOrder) => doc.customer ?? doc.email.trim().toLowerCase()
    // one taker at a time: two senders must never take the same order
    let taking: Promise<unknown> = Promise.resolve()
    const take = (): Promise<RxOrder | null> => {
      const next = taking.then(async () => {
        if (this.stopped || failures.length > 0 || !this.deps.canSend()) return null
        const held = (await this.deps.held?.()) ?? new Set<string>()
        const waiting = await db.orders.find({ selector: { status: { $in: ['queued', 'sending'] } }, sort: [{ created_at: 'asc' }] }).exec()
        const busy = new Set<string>()
        for (const doc of waiting) {
          if (held.has(doc.order_id)) continue
          const shopper = lane(doc)
          if (!taken.has(doc.order_id) && !busy.has(shopper)) {
            taken.add(doc.order_id)
            return doc
          }
          busy.add(shopper)
        }
        return null
      })
      taking = next.catch(() => undefined)
      return next
    }
    const sender = async () => {
      for (let doc = await take(); doc; doc = await take()) {
        const result = await this.sendOne(doc)
        if (result) {
          failures.push(result)
          return
        }
        taken.delete(doc.order_id)
        answered += 1
      }
    }
    await Promise.all(Array.from({ length: PARALLEL_ORDERS }, sender))
    return failures[0] ? { kind: 'retry', error: failures[0].error, progressed: answered > 0 } : DONE
  }

  /** null when the order got its answer; what failed when it waits for the back-off. */
  private async sendOne(doc: RxOrder): Promise<{ error: unknown } | null> {
    try {
      const request = (doc.request as OrderBody | undefined) ?? (await this.prepare(doc))
      const answer = await this.deps.api.placeOrder(request, !this.sendsAsCustomer(doc.getLatest().toJSON() as OrderDoc))
      if (answer.kind === 'placed') {
        const { orderNumber, backendOrderId, grand_total, reverse_charge, order_token } = answer.result
        // the shop's VAT decision (null: VAT charged) replaces the device's guess
        const vat = reverse_charge ? { customerVatId: reverse_charge.customer_vat_id, shopVatId: reverse_charge.shop_vat_id } : null
        const placed = await doc.getLatest().incrementalPatch({
          status: 'placed',
          // a guest order's key: its payment calls carry it (the shop answers nobody else about it)
          placed: {
            orderNumber,
            backendOrderId,
            // a stock vue-storefront-api answers no total: the order keeps the device's
            ...(grand_total !== undefined ? { grandTotal: toCents(grand_total) } : {}),
            vat,
            ...(order_token ? { orderToken: order_token } : {}),
          },
          updated_at: this.deps.now(),
        })
        // an order stored before v2 was placed from a cart it left full: its lines leave the cart now
        if (!placed.cart_items) await this.inCartTurn(() => this.deps.emptyCart(placed.lines))
        void this.deps.onPlaced?.(placed.toJSON() as OrderDoc)
      } else {
        await this.refuse(doc, answer.refusal)
      }
      return null
    } catch (error) {
      if (error instanceof OrderCartRefusedError) {
        await this.refuse(doc, error.refusal)
        return null
      }
      if (error instanceof ApiError && error.code === 400) {
        await this.refuse(doc, { reason: 'invalid', errorMessage: error.message })
        return null
      }
      if (error instanceof ApiError && error.code === 404) {
        // the server cart is unknown: the order was not stored (the server answers a stored
        // order_id before it looks at the cart), so it is rebuilt on a new cart, same order_id
        await doc.getLatest().incrementalModify((d) => {
          delete d.request
          delete d.cart_id
          return { ...d, status: 'queued' }
        })
      }
      await doc.getLatest().incrementalPatch({ attempts: doc.getLatest().attempts + 1, last_error: String((error as Error).message ?? error).slice(0, 300) })
      return { error }
    }
  }

  /**
   * Only the customer who placed the order sends it with their token (their order, their cart); a
   * guest's order, or one whose customer has signed out since, goes as a guest's.
   */
  private sendsAsCustomer(order: OrderDoc): boolean {
    return order.customer !== undefined && order.customer === tokenSubject(this.deps.token?.() ?? null)
  }

  /** Puts the order's lines on its own server cart, then stores the body (status sending) before anything is posted. */
  private async prepare(doc: RxOrder): Promise<OrderBody> {
    const order = doc.getLatest().toJSON() as OrderDoc
    const view = toOrderView(order)
    const asCustomer = this.sendsAsCustomer(order)
    // a customer's cart is reachable with their token only: without it the order gets a guest cart
    const reuseCart = order.customer === undefined || asCustomer
    const outcome = await prepareOrderCart(
      this.deps.api,
      {
        lines: view.lines,
        ...(order.cart_items ? { cartItems: order.cart_items } : {}),
        ...(order.cart_id ? { cartId: order.cart_id } : {}),
        ...(order.coupon ? { coupon: order.coupon } : {}),
        ...(order.gift_cards ? { giftCards: order.gift_cards } : {}),
        createdAt: order.created_at,
      },
      reuseCart,
      this.deps.now,
    )
    if (outcome.kind === 'refused') throw new OrderCartRefusedError(outcome.refusal)
    const request = orderBody(view, outcome.cartId)
    await doc.getLatest().incrementalPatch({ status: 'sending', request: clean(request), updated_at: this.deps.now() })
    return request
  }

  /** The shop's refusal is kept with the order, and its lines go back to the cart for the shopper to fix. */
  private async refuse(doc: RxOrder, refusal: Omit<OrderRefusal, 'reason'> & { reason: OrderRefusal['reason'] | 'invalid' }): Promise<void> {
    const { reason, errorMessage, items } = refusal
    const refused = await doc.getLatest().incrementalPatch({ status: 'refused', refusal: clean({ reason, errorMessage, items }), updated_at: this.deps.now() })
    await this.inCartTurn(() => this.deps.restoreToCart(refused.toJSON() as OrderDoc))
  }
}
