/**
 * The newsletter extension (spec §7 "Newsletter"; §4: subscribed or unsubscribed, and subscribing
 * while subscribed or unsubscribing while not does nothing), with double opt-in. Its subscribe calls
 * answer at two addresses with the same handlers: Polder's `/api/ext/newsletter/subscribe` and
 * VSF1 1.12's default `/api/ext/mailchimp-subscribe/subscribe` (vue-storefront-api's mailchimp
 * extension; VSF1 reads GET `result === 'subscribed'`, POST and DELETE `code === 200`).
 *
 * - `GET …/subscribe?email=` → `result` 'subscribed' | 'pending' | 'unsubscribed'.
 * - `POST …/subscribe` `{email}` → 200 `result` 'pending' (a confirmation mail with a single-use
 *   link and an unsubscribe link went out, in the language of the store view the request names) or
 *   'subscribed' (already was: nothing done). With a customer's token and the customer's own
 *   address the subscription is tied to that customer; another person's address never is.
 * - `POST /api/ext/newsletter/confirm` `{token}` (the mail's link opens a page that posts it) → 200
 *   'subscribed'; a used, unknown or expired link → 400.
 * - `DELETE …/subscribe` `{email, token?}`: knowing an address is never enough to unsubscribe it.
 *   With the mail's unsubscribe link (`token`, an extra field beside VSF1's `{email}`) → 200
 *   'unsubscribed' (a link that is not this address's → 400); from the signed-in owner of the
 *   address (the customer's access token, as on every call) → 200 'unsubscribed'. Anyone else (no
 *   token, or another customer's) → 200 'unsubscribe-mail-sent': the address is mailed its
 *   unsubscribe link (at most one such mail per mailbox in a few minutes), and stays as it was
 *   until that link is used; an address not subscribed nor pending → 200 'unsubscribed', no mail.
 *   A token that is not valid (expired) → 401, for the client to renew it and ask again.
 * - `GET /api/ext/newsletter/unsubscribe?email=&token=` (the mail's link) opens a page whose button
 *   posts them to `POST /api/ext/newsletter/unsubscribe` (a form, or JSON `{email, token}` → the envelope).
 * A refused field → 400 naming it ("email: …"); vue-storefront-api answers 500 there, and VSF1 only
 * checks for 200.
 */
import { z } from 'zod'
import { EmailSchema } from './user.schema'

export const NEWSLETTER_STATES = ['subscribed', 'pending', 'unsubscribed'] as const
export const NewsletterStatusSchema = z.enum(NEWSLETTER_STATES)
export type NewsletterStatus = z.infer<typeof NewsletterStatusSchema>

export const NewsletterEmailSchema = z.object({ email: EmailSchema.pipe(z.string().max(254)) })
export const NewsletterConfirmSchema = z.object({ token: z.string().trim().min(1).max(200) })
/** `token`: the unsubscribe link's, which works for its address only (left out: the signed-in owner asks). */
export const NewsletterUnsubscribeSchema = NewsletterEmailSchema.extend({ token: z.string().trim().min(1).max(200).optional() })
export const NewsletterUnsubscribeLinkSchema = NewsletterEmailSchema.extend({ token: z.string().trim().min(1).max(200) })

/** The subscribe calls' two addresses: Polder's own and VSF1's default (its mailchimp extension). */
export const NEWSLETTER_SUBSCRIBE_PATHS = ['/api/ext/newsletter/subscribe', '/api/ext/mailchimp-subscribe/subscribe'] as const

/** DELETE's answer: done, or the address was mailed its unsubscribe link (the caller showed no proof). */
export const NewsletterUnsubscribeResultSchema = z.enum(['unsubscribed', 'unsubscribe-mail-sent'])
export type NewsletterUnsubscribeResult = z.infer<typeof NewsletterUnsubscribeResultSchema>

export const NewsletterEnvelopeSchema = z.object({ code: z.literal(200), result: NewsletterStatusSchema })

export const NEWSLETTER_MESSAGES = {
  linkInvalid: 'This confirmation link was used already or has expired.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid for this address.',
} as const
