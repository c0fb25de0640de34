/**
 * The newsletter with double opt-in (spec §4 "Newsletter", §7). A subscription starts
 * pending and a mail with a single-use link goes out in the store view's language; the link's
 * confirmation makes it subscribed. Subscribing while subscribed, or unsubscribing while not, does
 * nothing. A pending mailbox asked again within RESEND_MINUTES gets no second mail (nobody can use
 * the shop to flood a mailbox). What may fail: a used, unknown or expired link → InvalidRequestError;
 * the mail not handed over → AccountMailError (503, try again).
 *
 * Whose a subscription is: a signed-in customer's only when it is their own address (subscribing
 * someone else's must not put that person's address in the customer's account and data). Who may
 * unsubscribe an address: whoever holds its unsubscribe link (in the mail; an HMAC of the address
 * under a secret of the shop's, so it works for as long as the address may get mails) or the
 * signed-in customer whose address it is; knowing the address is not enough. Anyone else who asks
 * (VSF1 sends only `{email}`) has the link mailed to the address, at most once per mailbox within
 * RESEND_MINUTES as a pending subscription's confirmation is: VSF1 still gets its success, and only
 * whoever reads that mailbox can act on it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { NEWSLETTER_MESSAGES, type NewsletterStatus, type NewsletterUnsubscribeResult } from '../../domain/api/newsletter.schema'
import { emailKey } from '../../domain/account-rules'
import { isStoreCode, DEFAULT_STORE_CODE, type StoreCode } from '../../domain/store-views'
import { newsletterConfirmMailContent, newsletterConfirmUrl, newsletterUnsubscribeMailContent, newsletterUnsubscribeUrl } from '../mail/newsletter-mail'
import type { Mailer } from '../mail/mailer'
import type { Storage } from '../storage'
import type { NewsletterRow } from '../storage/newsletter-repository'
import { hashToken, newOpaqueToken, newSigningSecret } from './auth-tokens'
import { InvalidRequestError } from './errors'
import { AccountMailError, type UserMailDeps } from './user-service'

/** Who asks to unsubscribe an address without its link: the customer of the request's token (if any), and where. */
export interface UnsubscribeAsker {
  customerId: number | null
  /** the store view the request names (the mail's language); else the subscription's */
  store: StoreCode | undefined
  /** the origin of the mail's link */
  origin: string
}

/** A confirmation link works once, within this many days. */
export const CONFIRM_DAYS = 7
export const RESEND_MINUTES = 5

export function createNewsletterService(storage: Storage, mail: UserMailDeps & { mailer: Mailer }, clock: () => Date = () => new Date()) {
  const now = () => clock().toISOString()

  let secret: Promise<string> | undefined
  const unsubscribeSecret = () =>
    (secret ??= storage.customers.ensureSecret('newsletter-unsubscribe', newSigningSecret(), now()).catch((err: unknown) => {
      secret = undefined
      throw err
    }))
  /** The unsubscribe link's token of a mailbox (the same for every mail to it). */
  const unsubscribeToken = async (key: string) =>
    createHmac('sha256', await unsubscribeSecret())
      .update(key, 'utf8')
      .digest('base64url')

  /** The customer the token names, when `key` is their own address; null otherwise. */
  async function ownerOf(customerId: number | null, key: string): Promise<number | null> {
    if (customerId === null) return null
    const row = await storage.customers.findById(customerId)
    return row?.email_key === key ? row.id : null
  }

  /** Whether `token` is the mailbox's unsubscribe link token (compared in constant time). */
  async function isLinkOf(key: string, token: string): Promise<boolean> {
    const expected = Buffer.from(await unsubscribeToken(key))
    const given = Buffer.from(token)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  /**
   * Mails the mailbox its unsubscribe link unless one went to it within RESEND_MINUTES; false when
   * it has nothing to unsubscribe (neither pending nor subscribed).
   */
  async function mailUnsubscribeLink(key: string, asker: UnsubscribeAsker): Promise<boolean> {
    const at = now()
    const since = new Date(clock().getTime() - RESEND_MINUTES * 60_000).toISOString()
    // the claim takes only a pending or subscribed mailbox; without one, whether it has anything
    // to unsubscribe decides the answer (a mail went to it lately, or there is nothing)
    const row = await storage.newsletter.claimUnsubscribeMail(key, at, since)
    if (!row) {
      const existing = await storage.newsletter.findByEmailKey(key)
      return existing !== null && existing.status !== 'unsubscribed'
    }
    const store = asker.store ?? (isStoreCode(row.store_code) ? row.store_code : DEFAULT_STORE_CODE)
    const link = newsletterUnsubscribeUrl(asker.origin, store, row.email, await unsubscribeToken(key))
    const content = newsletterUnsubscribeMailContent({ store, email: row.email, unsubscribeLink: link })
    try {
      await mail.mailer.send({ to: row.email, ...content, key: `newsletter-unsubscribe-${row.id}` })
    } catch (err) {
      await storage.newsletter.releaseUnsubscribeMail(row.id, at)
      mail.log.error({ err }, `the newsletter unsubscribe mail of subscription ${row.id} was not sent`)
      throw new AccountMailError('The mail could not be sent. Please try again later.')
    }
    return true
  }

  return {
    async status(email: string): Promise<NewsletterStatus> {
      return (await storage.newsletter.findByEmailKey(emailKey(email)))?.status ?? 'unsubscribed'
    },

    /**
     * Starts the double opt-in for `email`; tied to the customer who asks (`customerId`, from their
     * token) only when it is their own address.
     */
    async subscribe(email: string, p: { store: StoreCode; origin: string; customerId: number | null }): Promise<NewsletterStatus> {
      const key = emailKey(email)
      const owner = await ownerOf(p.customerId, key)
      const existing = await storage.newsletter.findByEmailKey(key)
      if (existing?.status === 'subscribed') {
        if (owner !== null && existing.customer_id === null) await storage.newsletter.tieToCustomer(existing.id, owner, now())
        return 'subscribed'
      }
      if (existing?.status === 'pending' && clock().getTime() - Date.parse(existing.requested_at) < RESEND_MINUTES * 60_000) {
        if (owner !== null && existing.customer_id === null) await storage.newsletter.tieToCustomer(existing.id, owner, now())
        return 'pending'
      }
      const token = newOpaqueToken()
      const at = now()
      const row: NewsletterRow = await storage.newsletter.requestPending(
        {
          email: email.trim(),
          emailKey: key,
          customerId: owner,
          storeCode: p.store,
          source: owner !== null ? 'account' : 'shop',
          tokenHash: hashToken(token),
          expiresAt: new Date(clock().getTime() + CONFIRM_DAYS * 86_400_000).toISOString(),
        },
        at,
      )
      const content = newsletterConfirmMailContent({
        store: p.store,
        email: row.email,
        link: newsletterConfirmUrl(p.origin, p.store, token),
        unsubscribeLink: newsletterUnsubscribeUrl(p.origin, p.store, row.email, await unsubscribeToken(key)),
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

    /** Unsubscribes the mailbox for the holder of its link; a link of another mailbox: InvalidRequestError. */
    async unsubscribeWithLink(email: string, linkToken: string): Promise<'unsubscribed'> {
      const key = emailKey(email)
      if (!(await isLinkOf(key, linkToken))) throw new InvalidRequestError(NEWSLETTER_MESSAGES.unsubscribeLinkInvalid)
      await storage.newsletter.unsubscribe(key, now())
      return 'unsubscribed'
    },

    /**
     * Unsubscribes the mailbox at once when the asker is the customer whose address it is; for
     * anyone else mails the address its unsubscribe link ('unsubscribe-mail-sent') and changes
     * nothing. A mailbox neither pending nor subscribed: 'unsubscribed', no mail.
     */
    async unsubscribe(email: string, asker: UnsubscribeAsker): Promise<NewsletterUnsubscribeResult> {
      const key = emailKey(email)
      if ((await ownerOf(asker.customerId, key)) === null) return (await mailUnsubscribeLink(key, asker)) ? 'unsubscribe-mail-sent' : 'unsubscribed'
      await storage.newsletter.unsubscribe(key, now())
      return 'unsubscribed'
    },

    /** Whether an unsubscribe link's token is the mailbox's (its page offers the button only then). */
    async isUnsubscribeLink(email: string, token: string): Promise<boolean> {
      return isLinkOf(emailKey(email), token)
    },
  }
}
export type NewsletterService = ReturnType<typeof createNewsletterService>
