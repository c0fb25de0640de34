/**
 * The in-store tablet (kiosk mode): the setup screen's PIN check, asked of the server (the PIN is
 * the shop's setting and never kept on the device), and the end of a shopper's turn, which leaves
 * the tablet as the next shopper should find it: no session, no cart, no lists, no checkout details.
 * Orders waiting to be sent are the shop's, not the shopper's: they stay and go out as usual; once
 * the shop has accepted one and its shopper's turn is over, it leaves the tablet. The leader keeps
 * every product's listing picture in the service worker's cache (replication/picture-warmup), so listings
 * show pictures offline, within the storage the browser grants.
 */
import { ApiError, NetworkError, RetryLaterError } from '../../replication/api-errors'
import type { DataApi } from '../data-api'
import type { KioskUnlockResult } from '../contract/kiosk'
import { PerStore, type OpenedStore, type WorkerModule } from '../worker-session'
import { browserPictureCache, listingPictureUrls, makeRoomForPictures, warmPictures } from '../../replication/picture-warmup'

/** catalogue changes (a pull's batches) settle this long before the pictures are looked at again */
const PICTURES_SETTLE_MS = 5000

export interface KioskModuleDeps {
  isOnline: () => boolean
  loggedIn: () => boolean
  /** the account's logout, with the spec's clearing (cart, lists, checkout details) */
  logout: () => Promise<void>
  /** a guest's cart (without sync), lists and checkout details cleared, as a logout clears them */
  clearShopper: () => Promise<void>
  /** the order the checkout last placed (its shopper's thank-you page) */
  lastOrderId: () => Promise<string | null>
  /** orders the shop accepted, removed from the device, but `except` */
  forgetSentOrders: (except: string | null) => Promise<void>
  isLeader: () => boolean
  /** the whole catalogue is on the device in its mode's projection (CatalogSnapshot.catalogueComplete) */
  catalogueComplete: () => boolean
  /** the listing pictures' paths of the products the device holds */
  pictures: () => Iterable<string | undefined>
  onCatalogueChange: (listener: () => void) => () => void
  /** the network: the worker's own fetch */
  fetch: (url: string) => Promise<Response>
}

export class KioskModule implements WorkerModule {
  private readonly opened = new PerStore<OpenedStore>()
  private stopWatching: (() => void) | null = null
  private settle: ReturnType<typeof setTimeout> | null = null
  /** the warm-up under way (one at a time), and whether another is due after it */
  private warming: Promise<void> | null = null
  private again = false

  constructor(private readonly deps: KioskModuleDeps) {}

  open(store: OpenedStore): void {
    this.opened.set(store)
  }

  /** The leader keeps a kiosk's listing pictures: once the catalogue is complete, and after each change. */
  lead(): void {
    if (!this.isKiosk() || this.stopWatching) return
    this.stopWatching = this.deps.onCatalogueChange(() => this.schedulePictures())
    this.schedulePictures(0)
  }

  connectivity(online: boolean): void {
    if (online) this.schedulePictures(0)
  }

  close(): void {
    this.stopWatching?.()
    this.stopWatching = null
    if (this.settle) clearTimeout(this.settle)
    this.settle = null
    this.opened.set(null)
  }

  private schedulePictures(delayMs = PICTURES_SETTLE_MS): void {
    if (!this.stopWatching) return
    if (this.settle) clearTimeout(this.settle)
    this.settle = setTimeout(() => {
      this.settle = null
      void this.warmPictures()
    }, delayMs)
  }

  private warmPictures(): Promise<void> {
    if (this.warming) {
      this.again = true
      return this.warming
    }
    const opened = this.opened.peek()
    if (!opened || !this.deps.catalogueComplete() || !this.deps.isOnline() || !this.deps.isLeader()) return Promise.resolve()
    // no Cache Storage (an insecure origin, tests in Node): nothing to keep the pictures in
    if (typeof caches === 'undefined') return Promise.resolve()
    // the pictures as the pages ask for them: on the page's origin (the worker's own), like ProductImage
    const origin = typeof location !== 'undefined' ? location.origin : new URL(opened.config.apiBaseUrl).origin
    const cache = browserPictureCache(origin)
    const storage = async () => navigator.storage.estimate()
    // room first (the catalogue grew, orders piled up): the pictures used longest ago go
    const run = makeRoomForPictures(cache, storage).then(() =>
      warmPictures(listingPictureUrls(this.deps.pictures()), {
        cache,
        storage,
        fetch: (url) => this.deps.fetch(new URL(url, origin).href),
        go: () => this.deps.isOnline() && this.opened.peek() === opened,
      }),
    )
    this.warming = run.then(
      () => {
        this.warming = null
        if (this.again) {
          this.again = false
          this.schedulePictures()
        }
      },
      (error: unknown) => {
        this.warming = null
        console.debug('[kiosk] the pictures could not be kept', error)
      },
    )
    return this.warming
  }

  readonly api = {
    unlockKiosk: async (pin: string): Promise<KioskUnlockResult> => {
      if (!this.deps.isOnline()) return { ok: false, error: 'offline' }
      try {
        const { products, pass } = await this.opened.get().api.unlockKiosk(pin)
        return { ok: true, products, pass }
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
      // a guest's server cart is left as it is: the cart forgotten here is never synced again
      if (this.deps.loggedIn()) await this.deps.logout()
      else await this.deps.clearShopper()
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
