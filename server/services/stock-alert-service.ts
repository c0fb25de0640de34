/**
 * Back-in-stock notifications (spec §1, §7 "Stock notification"). A shopper asks to be told when an
 * out-of-stock product, or a configurable's chosen variant, can be ordered again; one active
 * subscription per mailbox and sku, so asking twice is one subscription and one mail.
 *
 * When stock comes back: `sweep` finds the active subscriptions whose stock row is in stock (whatever
 * wrote it: an import, a cancelled order's stock given back, another process) and ends each one as
 * it claims it, then mails it, once, through the mailer (the outbox without SMTP) in its store view's
 * language with a link to the product. Since only out-of-stock skus take subscriptions, an active one
 * whose sku is in stock is one whose stock came back. A mail that was not handed over makes its
 * subscription active again for the next sweep; the mail's identity (`once`) keeps a mail sent
 * twice after a crash one mail in the outbox and to SMTP receivers. Sweeps of one process run one at
 * a time; a sweep asked for during one runs again right after it.
 *
 * What may fail: an unknown sku → ProductNotFoundError (404); an in-stock sku or a configurable
 * without its variant → InvalidRequestError (400).
 */
import { emailKey } from '../../domain/account-rules'
import { STOCK_ALERT_MESSAGES } from '../../domain/api/stock-alert.schema'
import { DEFAULT_STORE_CODE, isStoreCode, type StoreCode } from '../../domain/store-views'
import type { Mailer } from '../mail/mailer'
import { stockAlertMailContent, stockAlertProductUrl } from '../mail/stock-alert-mail'
import type { Storage } from '../storage'
import type { StockSubscriptionRow } from '../storage/stock-alert-repository'
import { InvalidRequestError, ProductNotFoundError } from './errors'
import type { MailLog } from './order-mail-service'
import { stockStatus } from './stock-service'

/** Subscriptions claimed and mailed per round of a sweep. */
const SWEEP_BATCH = 100

export interface StockAlertOptions {
  mailer: Mailer
  log: MailLog
  /** the shop's origin for the mail's link (a sweep runs without any shopper's request) */
  shopOrigin: string
}

export function createStockAlertService(storage: Storage, options: StockAlertOptions, clock: () => Date = () => new Date()) {
  const now = () => clock().toISOString()

  /** The customer the token names, when `key` is their own address; null otherwise. */
  async function ownerOf(customerId: number | null, key: string): Promise<number | null> {
    if (customerId === null) return null
    const row = await storage.customers.findById(customerId)
    return row?.email_key === key ? row.id : null
  }

  /** Mails one claimed subscription; false when the mail was not handed over (it is active again). */
  async function mail(row: StockSubscriptionRow): Promise<boolean> {
    const store: StoreCode = isStoreCode(row.store_code) ? row.store_code : DEFAULT_STORE_CODE
    const doc = await storage.products.findBySku(store, row.product_sku)
    // the product left the catalogue while it waited: nothing to link to, the subscription just ends
    if (!doc) return true
    const parentSku = String(doc.sku)
    const link = stockAlertProductUrl(options.shopOrigin, store, { parentSku, slug: String(doc.slug ?? doc.url_key ?? ''), childSku: row.sku })
    const content = stockAlertMailContent({ store, productName: String(doc.name ?? parentSku), link })
    try {
      await options.mailer.send({ to: row.email, ...content, key: `stock-alert-${row.id}`, once: `stock-alert-${row.id}` })
      return true
    } catch (err) {
      await storage.stockAlerts.release(row.id, row.notified_at!)
      options.log.error({ err }, `the back-in-stock mail of subscription ${row.id} was not sent`)
      return false
    }
  }

  /** Claims and mails the restocked subscriptions until none is left or a mail fails; how many went out. */
  async function sweepOnce(): Promise<number> {
    let sent = 0
    for (;;) {
      const claimed = await storage.stockAlerts.claimRestocked(now(), SWEEP_BATCH)
      for (const row of claimed) {
        if (await mail(row)) sent++
        else return sent
      }
      if (claimed.length < SWEEP_BATCH) return sent
    }
  }

  let running: Promise<number> | null = null
  let again = false

  return {
    /** Subscribes `email` to `sku` (a product's, or a configurable's variant's) in `store`. */
    async subscribe(email: string, sku: string, p: { store: StoreCode; customerId: number | null }): Promise<'subscribed'> {
      const doc = await storage.products.findBySku(p.store, sku)
      const [stock] = await storage.stock.findBySkus([sku])
      if (!doc || !stock) throw new ProductNotFoundError(sku)
      if (doc.type_id === 'configurable' && doc.sku === sku) throw new InvalidRequestError(STOCK_ALERT_MESSAGES.chooseVariant)
      if (stockStatus(stock) !== 'out_of_stock') throw new InvalidRequestError(STOCK_ALERT_MESSAGES.inStock)
      const key = emailKey(email)
      await storage.stockAlerts.subscribe(
        {
          storeCode: p.store,
          productId: Number(doc.id),
          productSku: String(doc.sku),
          sku,
          email: email.trim(),
          emailKey: key,
          customerId: await ownerOf(p.customerId, key),
        },
        now(),
      )
      return 'subscribed'
    },

    /** Mails the subscriptions whose stock came back (see above); how many mails went out. */
    sweep(): Promise<number> {
      if (running) {
        again = true
        return running
      }
      running = (async () => {
        let sent = 0
        do {
          again = false
          sent += await sweepOnce()
        } while (again)
        return sent
      })().finally(() => {
        running = null
      })
      return running
    },
  }
}
export type StockAlertService = ReturnType<typeof createStockAlertService>
