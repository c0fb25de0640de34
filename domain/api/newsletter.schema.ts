/**
 * The newsletter extension (spec §7 "Newsletter"; §4: subscribed or unsubscribed, and subscribing
 * while subscribed or unsubscribing while not does nothing), with double opt-in:
 *
 * - `GET /api/ext/newsletter/subscribe?email=` → `result` 'subscribed' | 'pending' | 'unsubscribed'
 *   (the client reads `result === 'subscribed'`).
 * - `POST /api/ext/newsletter/subscribe` `{email}` → 200 `result` 'pending' (a confirmation mail with a
 *   single-use link and an unsubscribe link went out, in the store view's language) or 'subscribed'
 *   (already was: nothing done). With a customer's token and the customer's own address the
 *   subscription is tied to that customer; another person's address never is.
 * - `POST /api/ext/newsletter/confirm` `{token}` (the mail's link opens a page that posts it) → 200
 *   'subscribed'; a used, unknown or expired link → 400.
 * - `DELETE /api/ext/newsletter/subscribe` `{email, token?}` → 200 'unsubscribed', for the mail's
 *   unsubscribe link (`token`, an extra field beside VSF1's `{email}`) or the signed-in owner of the
 *   address (the customer's access token, as on every call). Neither → 401; a link that is not this
 *   address's → 400; another customer's token → 403. Knowing an address is not enough to unsubscribe it.
 * - `GET /api/ext/newsletter/unsubscribe?email=&token=` (the mail's link) opens a page whose button
 *   posts them to `POST /api/ext/newsletter/unsubscribe` (a form, or JSON `{email, token}` → the envelope).
 * A refused field → 400 naming it ("email: …").
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

export const NewsletterEnvelopeSchema = z.object({ code: z.literal(200), result: NewsletterStatusSchema })

export const NEWSLETTER_MESSAGES = {
  linkInvalid: 'This confirmation link was used already or has expired.',
  unsubscribeNeedsProof: 'To unsubscribe this address, use the link in the mail it received, or sign in with it.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid for this address.',
  notYours: 'Only the owner of this address can unsubscribe it.',
} as const
