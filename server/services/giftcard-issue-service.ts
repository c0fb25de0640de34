/**
 * Gift cards bought: when an order is paid, each unit of its gift card lines becomes a
 * card worth what was paid for it, usable at once, and its recipient gets it by mail in the
 * language of the store view it was bought in, on the day the buyer chose (domain/giftcard-issue).
 *
 * - Once: a card is recorded per order line and unit (giftcard_issues' key) in the transaction
 *   that makes it; issuing an order again (a second notification, a second process) makes nothing.
 * - Nothing lost in a crash: the cards of a paid order are issued right after the payment, and the
 *   sweep (run with the mail retries) issues those of paid orders that have none yet; mails are
 *   claimed before they are sent and one left 'sending' by a dead process is sent again.
 * - A cancelled order's unused cards are switched off (order-cancellation.ts).
 */
import { randomInt } from 'node:crypto'
import { giftCardCode, giftCardsToIssue, isMailDue, issuedCardExpiry, shopDay } from '../../domain/giftcard-issue'
import type { StoreCode } from '../../domain/store-views'
import { giftCardMailContent } from '../mail/giftcard-mail'
import type { Mailer } from '../mail/mailer'
import type { Storage } from '../storage'
import type { OrderRow } from '../storage/order-repository'
import type { MailLog } from './order-mail-service'

export const GIFT_CARD_MAIL_ATTEMPTS = 5
/** a mail claimed longer ago than this and never finished belonged to a process that died */
const STALE_MS = 10 * 60 * 1000

export interface GiftCardIssueOptions {
  /** the shop's public origin (PUBLIC_URL, else this machine): the mail's link to spend the card */
  shopOrigin: string
  clock?: () => Date
  /** 0 ≤ n < size; crypto's by default */
  random?: (size: number) => number
}

export function createGiftCardIssueService(storage: Storage, mailer: Mailer, log: MailLog, options: GiftCardIssueOptions) {
  const clock = options.clock ?? (() => new Date())
  const random = options.random ?? ((size: number) => randomInt(size))

  /** Issues the paid order's cards not issued yet; how many it made. An order not paid gets none. */
  async function issueForOrder(orderId: number): Promise<number> {
    return storage.transaction(async (repos) => {
      const order = await repos.orders.findById(orderId)
      if (!order || order.status !== 'processing') return 0
      const done = new Set((await repos.giftcardIssues.listForOrder(orderId)).map((i) => `${i.line_id}/${i.seq}`))
      const billing = order.billing_address
      const buyerName = [billing.firstname, billing.lastname].filter((x) => typeof x === 'string' && x.trim() !== '').join(' ')
      const plan = giftCardsToIssue(await repos.orders.listLines(orderId), { email: order.email, name: buyerName })
      const now = clock()
      const nowIso = now.toISOString()
      let made = 0
      for (const card of plan.filter((c) => !done.has(`${c.lineId}/${c.seq}`))) {
        let code = giftCardCode(random)
        const fields = { balance_cents: card.amountCents, currency: 'EUR' as const, expires_at: issuedCardExpiry(now), status: 'active' as const }
        while (!(await repos.giftcards.insertNew({ code, ...fields }, nowIso))) code = giftCardCode(random)
        const recorded = await repos.giftcardIssues.insert(
          {
            order_id: orderId,
            line_id: card.lineId,
            seq: card.seq,
            code,
            amount_cents: card.amountCents,
            store_code: order.store_code,
            recipient_email: card.recipientEmail,
            recipient_name: card.recipientName,
            sender_name: card.senderName,
            message: card.message,
            send_on: card.sendOn,
          },
          nowIso,
        )
        // another process issued this unit meanwhile: its card stands, this one goes
        if (recorded) made++
        else await repos.giftcards.remove(code)
      }
      return made
    })
  }

  /** Sends the recipients' mails that are due; how many went out. Never throws for one mail. */
  async function sendDue(limit = 20): Promise<number> {
    const now = clock()
    const claimed = await storage.giftcardIssues.claimDue(
      shopDay(now),
      now.toISOString(),
      new Date(now.getTime() - STALE_MS).toISOString(),
      GIFT_CARD_MAIL_ATTEMPTS,
      limit,
    )
    let sent = 0
    for (const issue of claimed) {
      if (!isMailDue(issue.send_on, now)) continue
      try {
        const card = await storage.giftcards.find(issue.code)
        const store = issue.store_code as StoreCode
        const content = giftCardMailContent({
          store,
          code: issue.code,
          amountCents: issue.amount_cents,
          recipientName: issue.recipient_name,
          senderName: issue.sender_name,
          message: issue.message,
          expiresAt: card?.expires_at ?? null,
          shopUrl: `${options.shopOrigin}/${store}/`,
        })
        await mailer.send({ to: issue.recipient_email, ...content, key: `giftcard-${issue.code}` })
        await storage.giftcardIssues.markSent(issue.line_id, issue.seq, clock().toISOString())
        sent++
      } catch (err) {
        log.error({ err }, `the gift card mail of order ${issue.order_id} was not sent`)
        await storage.giftcardIssues.markFailed(issue.line_id, issue.seq, err instanceof Error ? err.message : String(err), clock().toISOString())
      }
    }
    return sent
  }

  return {
    issueForOrder,
    sendDue,
    /** After an order was stored or became paid: its cards, then their mails. Never throws. */
    async orderPaid(order: OrderRow): Promise<void> {
      if (order.status !== 'processing') return
      try {
        if ((await issueForOrder(order.id)) > 0) await sendDue()
      } catch (err) {
        log.error({ err }, `the gift cards of order ${order.increment_id} were not issued`)
      }
    },
    /** The sweep: cards of paid orders that have none yet (a crash between payment and issue), then the due mails. */
    async sweep(): Promise<number> {
      for (const orderId of await storage.giftcardIssues.listOrdersMissingCards(20)) await issueForOrder(orderId)
      return sendDue()
    },
  }
}
export type GiftCardIssueService = ReturnType<typeof createGiftCardIssueService>
