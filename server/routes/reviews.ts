/**
 * POST /api/review/create (domain/api/review.schema.ts; contract §2.5): the body's review is
 * stored pending, written by the customer of the request's token (`Authorization: Bearer` or
 * `?token=`; a token that is not valid is 401, so the client renews it and sends again) or by a
 * guest, who gets a confirmation mail in the language of the store view the request names
 * (`storeCode` or `x-vs-store-code`). Answers 200 with the created review, as the contract's
 * client expects. Limited per client address with the other anonymous writes (http/security), and
 * a guest's reviews per e-mail address (http/review-mail-limit).
 *
 * The mail's link opens a page (GET confirm) whose button posts the token (POST confirm, a form);
 * an API client may post `{token}` as JSON and gets the envelope. Answers are never cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { REVIEW_CONFIRM_PATH, REVIEW_CREATE_PATH, ReviewConfirmSchema, ReviewCreateBodySchema, ReviewCreateResultSchema } from '../../domain/api/review.schema'
import { DEFAULT_STORE_CODE, type StoreCode } from '../../domain/store-views'
import { accessTokenOf } from '../http/access-token'
import { noStore, sendEnvelope } from '../http/envelope'
import { linkOrigin } from '../http/link-origin'
import { createReviewMailLimiter } from '../http/review-mail-limit'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import { renderReviewConfirmedPage, renderReviewConfirmPage, renderReviewLinkInvalidPage } from '../mail/review-mail'
import { InvalidRequestError } from '../services/errors'
import type { ReviewService } from '../services/review-service'
import type { UserService } from '../services/user-service'

const storeOf = (request: FastifyRequest): StoreCode => askedStoreCode(request) ?? DEFAULT_STORE_CODE

export interface ReviewRouteOptions {
  reviews: ReviewService
  users: UserService
  /** the shop's public origin for the mail's link; undefined: the request's own */
  publicUrl: string | undefined
}

export async function reviewRoutes(app: FastifyInstance, opts: ReviewRouteOptions): Promise<void> {
  const { reviews, users } = opts
  const html = (reply: FastifyReply, code: number, text: string) => noStore(reply).code(code).type('text/html; charset=utf-8').send(text)

  // the confirmation page's form posts application/x-www-form-urlencoded: parsed here only
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))))
  })

  const reviewMailLimit = createReviewMailLimiter(app)

  app.post(REVIEW_CREATE_PATH, async (request, reply) => {
    const body = parseWith(ReviewCreateBodySchema, request.body ?? {})
    const customerId = await users.customerIdOf(accessTokenOf(request))
    // a guest's review mails its address: counted per address (http/review-mail-limit says why)
    if (customerId === null && body.review.email !== undefined) await reviewMailLimit.check(request)
    // the confirmation mail's link: never to a host the requester made up (http/link-origin)
    const writer = { customerId, store: storeOf(request), origin: linkOrigin(request, opts.publicUrl) }
    return sendEnvelope(noStore(reply), 200, ReviewCreateResultSchema.parse(await reviews.create(body.review, writer)))
  })

  app.get(REVIEW_CONFIRM_PATH, async (request, reply) => {
    const store = storeOf(request)
    const query = ReviewConfirmSchema.safeParse(request.query ?? {})
    const review = query.success ? await reviews.pendingOf(query.data.token) : null
    if (!query.success || review === null) return html(reply, 400, renderReviewLinkInvalidPage(store))
    return html(reply, 200, renderReviewConfirmPage(store, review, query.data.token))
  })

  app.post(REVIEW_CONFIRM_PATH, async (request, reply) => {
    const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false
    const body = parseWith(ReviewConfirmSchema, request.body ?? {})
    if (!form) {
      await reviews.confirm(body.token)
      return sendEnvelope(noStore(reply), 200, 'confirmed')
    }
    const store = storeOf(request)
    try {
      await reviews.confirm(body.token)
      return html(reply, 200, renderReviewConfirmedPage(store))
    } catch (err) {
      if (err instanceof InvalidRequestError) return html(reply, 400, renderReviewLinkInvalidPage(store))
      throw err
    }
  })
}
