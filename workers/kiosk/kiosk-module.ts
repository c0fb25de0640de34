/**
 * The in-store tablet (kiosk mode): the setup screen's PIN check, asked of the server (the PIN is
 * the shop's setting and never kept on the device), and the end of a shopper's turn, which leaves
 * the tablet as the next shopper should find it: no session, no cart, no lists, no checkout details.
 * Orders waiting to be sent are the shop's, not the shopper's: they stay and go out as usual; once
 * the shop has accepted one and its shopper's turn is over, it leaves the tablet.
 */
import { ApiError, NetworkError, RetryLaterError } from '../../replication/api-errors'
import type { DataApi } from '../data-api'
import type { KioskUnlockResult } from '../contract/kiosk'
import { PerStore, type OpenedStore, type WorkerModule } from '../worker-session'

export interface KioskModuleDeps {
  isOnline: () => boolean
  loggedIn: () => boolean
  /** the account's logout, with the spec's clearing (cart, lists, checkout details) */
  logout: () => Promise<void>
  clearCart: () => Promise<void>
  clearLists: () => Promise<void>
  forgetCheckout: () => Promise<void>
  /** the order the checkout last placed (its shopper's thank-you page) */
  lastOrderId: () => Promise<string | null>
  /** orders the shop accepted, removed from the device, but `except` */
  forgetSentOrders: (except: string | null) => Promise<void>
}

export class KioskModule implements WorkerModule {
  private readonly opened = new PerStore<OpenedStore>()

  constructor(private readonly deps: KioskModuleDeps) {}

  open(store: OpenedStore): void {
    this.opened.set(store)
  }

  close(): void {
    this.opened.set(null)
  }

  readonly api = {
    unlockKiosk: async (pin: string): Promise<KioskUnlockResult> => {
      if (!this.deps.isOnline()) return { ok: false, error: 'offline' }
      try {
        return { ok: true, products: (await this.opened.get().api.unlockKiosk(pin)).products }
      } catch (error) {
        if (error instanceof NetworkError) return { ok: false, error: 'offline' }
        if (error instanceof RetryLaterError && error.status === 429) return { ok: false, error: 'tooManyAttempts' }
        if (error instanceof ApiError && (error.code === 401 || error.code === 400)) return { ok: false, error: 'wrongPin' }
        if (error instanceof ApiError && error.code === 429) return { ok: false, error: 'tooManyAttempts' }
        if (error instanceof ApiError && error.code === 404) return { ok: false, error: 'noKiosk' }
        console.error('[kiosk] the PIN check failed', error)
        return { ok: false, error: 'serverError' }
      }
    },

    /**
     * One shopper's turn is over (idle, or staff said so): their session and everything they left,
     * gone, the orders the shop has accepted too; orders still to be sent stay until they are.
     */
    endShopperSession: async (): Promise<void> => {
      if (this.deps.loggedIn()) await this.deps.logout()
      else {
        // a guest's server cart is left as it is: the cart forgotten here is never synced again
        await this.deps.clearCart()
        await this.deps.clearLists()
        await this.deps.forgetCheckout()
      }
      if (this.isKiosk()) await this.deps.forgetSentOrders(null)
    },
  } satisfies Partial<DataApi>

  /**
   * The shop accepted an order: on a kiosk, once its shopper's turn is over (the checkout has
   * moved on), nothing of it stays on the tablet; the order of a shopper still at the tablet goes
   * at the end of their turn.
   */
  async orderSent(orderId: string): Promise<void> {
    if (!this.isKiosk()) return
    const current = await this.deps.lastOrderId()
    if (current !== orderId) await this.deps.forgetSentOrders(current)
  }

  private isKiosk(): boolean {
    return this.opened.peek()?.config.replicationMode === 'kiosk'
  }
}
