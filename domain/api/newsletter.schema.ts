/**
 * The newsletter extension (spec §7 "Newsletter"; §4: subscribed or unsubscribed, and subscribing
 * while subscribed or unsubscribing while not does nothing), with double opt-in:
 *
 * - `GET /api/ext/newsletter/subscribe?email=` → `result` 'subscribed' | 'pending' | 'unsubscribed'
 *   (the client reads `result === 'subscribed'`).
 * - `POST /api/ext/newsletter/subscribe` `{email}` → 200 `result` 'pending' (a confirmation mail with a
 *   single-use link went out, in the store view's language) or 'subscribed' (already was: nothing done).
 *   With a customer's token the subscription is tied to that customer.
 * - `POST /api/ext/newsletter/confirm` `{token}` (the mail's link opens a page that posts it) → 200
 *   'subscribed'; a used, unknown or expired link → 400.
 * - `DELETE /api/ext/newsletter/subscribe` `{email}` → 200 'unsubscribed'.
 * A refused field → 400 naming it ("email: …").
 */
import { z } from 'zod'
import { EmailSchema } from './user.schema'

export const NEWSLETTER_STATES = ['subscribed', 'pending', 'unsubscribed'] as const
export const NewsletterStatusSchema = z.enum(NEWSLETTER_STATES)
export type NewsletterStatus = z.infer<typeof NewsletterStatusSchema>

export const NewsletterEmailSchema = z.object({ email: EmailSchema.pipe(z.string().max(254)) })
export const NewsletterConfirmSchema = z.object({ token: z.string().trim().min(1).max(200) })

export const NewsletterEnvelopeSchema = z.object({ code: z.literal(200), result: NewsletterStatusSchema })

export const NEWSLETTER_MESSAGES = {
  linkInvalid: 'This confirmation link was used already or has expired.',
} as const
