/**
 * Review calls (spec §7 "POST /api/review/create, body review. Success is response code 200";
 * contract §2.5): the body is `{review:{product_id, title, detail, nickname, review_entity,
 * review_status, customer_id}}`, and the answer's `result` the created review.
 *
 * Beyond the contract, both optional so a VSF1 client's body still parses: `rating` (1–5 stars) and
 * `email`, the address a guest confirms their review from. Who writes a review is never taken from
 * the body: `customer_id` and `review_status` are read and ignored (the server sets the status to
 * pending, as the contract's API overwrites it with its default; the author is the customer of the
 * request's token, else a guest, who must give `email`).
 */
import { z } from 'zod'
import { EMAIL_MAX_LENGTH, isValidEmail } from '../account-rules'
import { ReviewRatingSchema, reviewWords } from '../review.schema'

export const REVIEW_CREATE_PATH = '/api/review/create'
/** A guest's confirmation link opens this page; its button posts the token back to it. */
export const REVIEW_CONFIRM_PATH = '/api/review/confirm'

export const REVIEW_MESSAGES = {
  productNotFound: 'The product to review does not exist in this store view.',
  emailNeeded: 'A review written without signing in needs an e-mail address to confirm it from.',
  alreadyReviewed: 'You have already written a review of this product.',
  linkInvalid: 'The confirmation link was used already, has expired or is not valid.',
  mailNotSent: 'The confirmation mail could not be sent. Please try again later.',
} as const

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .refine((v) => isValidEmail(v), 'must be a valid e-mail address')

export const ReviewInputSchema = z.object({
  product_id: z.coerce.number().int().positive().max(2_147_483_647),
  title: reviewWords.title,
  detail: reviewWords.detail,
  nickname: reviewWords.nickname,
  review_entity: z.literal('product').default('product'),
  /** overwritten with pending */
  review_status: z.number().int().optional(),
  /** ignored: the author is the customer of the request's token */
  customer_id: z.number().int().nullable().optional(),
  rating: ReviewRatingSchema.nullable().optional(),
  email: email.optional(),
})
export type ReviewInput = z.infer<typeof ReviewInputSchema>

export const ReviewCreateBodySchema = z.object({ review: ReviewInputSchema })

/**
 * The created review: the stored document (pending, never shown until approved) and, for a guest,
 * that a confirmation mail went out.
 */
export const ReviewCreateResultSchema = z.object({
  id: z.number().int().positive(),
  product_id: z.number().int().positive(),
  entity_pk_value: z.number().int().positive(),
  review_entity: z.literal('product'),
  title: z.string(),
  detail: z.string(),
  nickname: z.string(),
  review_status: z.literal(2),
  customer_id: z.number().int().nullable(),
  rating: ReviewRatingSchema.nullable(),
  store_id: z.number().int().nonnegative(),
  created_at: z.string(),
  confirmation: z.enum(['not-needed', 'mail-sent']),
})
export type ReviewCreateResult = z.infer<typeof ReviewCreateResultSchema>

export const ReviewConfirmSchema = z.object({ token: z.string().min(16).max(200) })

/** A moderator's decision on one review (the import endpoint's `reviews` kind). */
export const ReviewModerationSchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647),
    status: z.enum(['approved', 'rejected', 'pending']),
  })
  .strict()
export type ReviewModeration = z.infer<typeof ReviewModerationSchema>
