/**
 * The newsletter with double opt-in (issue 11; spec §4 "Newsletter", §7). A subscription starts
 * pending and a mail with a single-use link goes out in the store view's language; the link's
 * confirmation makes it subscribed. Subscribing while subscribed, or unsubscribing while not, does
 * nothing. A pending mailbox asked again within RESEND_MINUTES gets no second mail (nobody can use
 * the shop to flood a mailbox). What may fail: a used, unknown or expired link → InvalidRequestError;
 * the mail not handed over → AccountMailError (503, try again).
 */
import { NEWSLETTER_MESSAGES, type NewsletterStatus } from '../../domain/api/newsletter.schema'
import { emailKey } from '../../domain/account-rules'
import type { StoreCode } from '../../domain/store-views'
import { newsletterConfirmMailContent, newsletterConfirmUrl } from '../mail/newsletter-mail'
import type { Mailer } from '../mail/mailer'
import type { Storage } from '../storage'
import type { NewsletterRow } from '../storage/newsletter-repository'
import { hashToken, newOpaqueToken } from './auth-tokens'
import { InvalidRequestError } from './errors'
import { AccountMailError, type UserMailDeps } from './user-service'

/** A confirmation link works once, within this many days. */
export const CONFIRM_DAYS = 7
export const RESEND_MINUTES = 5

export function createNewsletterService(storage: Storage, mail: UserMailDeps & { mailer: Mailer }, clock: () => Date = () => new Date()) {
  const now = () => clock().toISOString()
  return {
    async status(email: string): Promise<NewsletterStatus> {
      return (await storage.newsletter.findByEmailKey(emailKey(email)))?.status ?? 'unsubscribed'
    },

    /** Starts the double opt-in for `email` (tied to `customerId` when a customer asks). */
    async subscribe(email: string, p: { store: StoreCode; origin: string; customerId: number | null }): Promise<NewsletterStatus> {
      const key = emailKey(email)
      const existing = await storage.newsletter.findByEmailKey(key)
      if (existing?.status === 'subscribed') {
        if (p.customerId !== null && existing.customer_id === null) await storage.newsletter.tieToCustomer(existing.id, p.customerId, now())
        return 'subscribed'
      }
      if (existing?.status === 'pending' && clock().getTime() - Date.parse(existing.requested_at) < RESEND_MINUTES * 60_000) {
        if (p.customerId !== null && existing.customer_id === null) await storage.newsletter.tieToCustomer(existing.id, p.customerId, now())
        return 'pending'
      }
      const token = newOpaqueToken()
      const at = now()
      const row: NewsletterRow = await storage.newsletter.requestPending(
        {
          email: email.trim(),
          emailKey: key,
          customerId: p.customerId,
          storeCode: p.store,
          source: p.customerId !== null ? 'account' : 'shop',
          tokenHash: hashToken(token),
          expiresAt: new Date(clock().getTime() + CONFIRM_DAYS * 86_400_000).toISOString(),
        },
        at,
      )
      const content = newsletterConfirmMailContent({
        store: p.store,
        email: row.email,
        link: newsletterConfirmUrl(p.origin, p.store, token),
        days: CONFIRM_DAYS,
      })
      try {
        await mail.mailer.send({ to: row.email, ...content, key: `newsletter-confirm-${row.id}` })
      } catch (err) {
        mail.log.error({ err }, `the newsletter confirmation mail of subscription ${row.id} was not sent`)
        throw new AccountMailError('The confirmation mail could not be sent. Please try again later.')
      }
      return 'pending'
    },

    /** The address a still valid link is for (the confirmation page shows it); null otherwise. */
    async pendingEmailOf(token: string): Promise<string | null> {
      return (await storage.newsletter.findByToken(hashToken(token), now()))?.email ?? null
    },

    /** Uses the link up: the subscription becomes subscribed. */
    async confirm(token: string): Promise<{ email: string }> {
      const row = await storage.newsletter.confirm(hashToken(token), now())
      if (!row) throw new InvalidRequestError(NEWSLETTER_MESSAGES.linkInvalid)
      return { email: row.email }
    },

    async unsubscribe(email: string): Promise<NewsletterStatus> {
      await storage.newsletter.unsubscribe(emailKey(email), now())
      return 'unsubscribed'
    },
  }
}
export type NewsletterService = ReturnType<typeof createNewsletterService>
