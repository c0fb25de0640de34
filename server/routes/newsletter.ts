/**
 * /api/ext/newsletter/* and VSF1's /api/ext/mailchimp-subscribe/subscribe (shapes and answers in
 * domain/api/newsletter.schema.ts). Both subscribe addresses run the same handlers on the one
 * double opt-in: GET answers 'subscribed' only once the mailed link was confirmed, POST starts a
 * pending subscription and mails the link in the language of the store view the request names
 * (`storeCode` or `x-vs-store-code`), both 200 as VSF1 expects.
 *
 * DELETE: VSF1 sends only `{email}`, no proof that the caller owns the address, and an address must
 * not be unsubscribed by whoever knows it. So it unsubscribes at once only for the mail's link
 * (`token` in the body) or the signed-in owner of the address (their access token, `Authorization:
 * Bearer` or `?token=`; empty is none); for anyone else it mails the address its unsubscribe link
 * (once per mailbox in a few minutes) and answers 200 'unsubscribe-mail-sent'. A token that is not
 * valid is 401, so the client renews it and asks again.
 *
 * The confirmation link of the mail opens a page (GET confirm) whose button posts the token (POST
 * confirm, a form); an API client may post `{token}` as JSON and gets the envelope. The unsubscribe
 * link does the same (GET and POST unsubscribe, with the address and its token). Answers are never
 * cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  NEWSLETTER_SUBSCRIBE_PATHS,
  NewsletterConfirmSchema,
  NewsletterEmailSchema,
  NewsletterUnsubscribeLinkSchema,
  NewsletterUnsubscribeSchema,
} from '../../domain/api/newsletter.schema'
import { DEFAULT_STORE_CODE, type StoreCode } from '../../domain/store-views'
import { accessTokenOf } from '../http/access-token'
import { noStore, sendEnvelope } from '../http/envelope'
import { linkOrigin } from '../http/link-origin'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import {
  CONFIRM_PATH,
  renderConfirmedPage,
  renderConfirmPage,
  renderLinkInvalidPage,
  renderUnsubscribedPage,
  renderUnsubscribeInvalidPage,
  renderUnsubscribePage,
  UNSUBSCRIBE_PATH,
} from '../mail/newsletter-mail'
import { InvalidRequestError } from '../services/errors'
import type { NewsletterService } from '../services/newsletter-service'
import type { UserService } from '../services/user-service'

/** The store view of the mails and pages: the one the request names, else the default. */
const storeOf = (request: FastifyRequest): StoreCode => askedStoreCode(request) ?? DEFAULT_STORE_CODE

export interface NewsletterRouteOptions {
  newsletter: NewsletterService
  users: UserService
  /** the shop's public origin for the mail's link; undefined: the request's own */
  publicUrl: string | undefined
}

export async function newsletterRoutes(app: FastifyInstance, opts: NewsletterRouteOptions): Promise<void> {
  const { newsletter, users } = opts
  // the confirmation mail's link: never to a host the requester made up (http/link-origin)
  const originOf = (request: FastifyRequest) => linkOrigin(request, opts.publicUrl)
  const html = (reply: FastifyReply, code: number, text: string) => noStore(reply).code(code).type('text/html; charset=utf-8').send(text)

  // the confirmation page's form posts application/x-www-form-urlencoded: parsed here only
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))))
  })

  // a token that is not valid is refused with 401 (the client renews it)
  const customerOf = (request: FastifyRequest) => users.customerIdOf(accessTokenOf(request))

  for (const path of NEWSLETTER_SUBSCRIBE_PATHS) {
    app.get(path, async (request, reply) => {
      const query = parseWith(NewsletterEmailSchema, request.query ?? {})
      return sendEnvelope(noStore(reply), 200, await newsletter.status(query.email))
    })

    app.post(path, async (request, reply) => {
      const body = parseWith(NewsletterEmailSchema, request.body ?? {})
      // a customer's token ties the subscription to them when the address is theirs
      const customerId = await customerOf(request)
      return sendEnvelope(noStore(reply), 200, await newsletter.subscribe(body.email, { store: storeOf(request), origin: originOf(request), customerId }))
    })

    app.delete(path, async (request, reply) => {
      const body = parseWith(NewsletterUnsubscribeSchema, request.body ?? {})
      if (body.token !== undefined) return sendEnvelope(noStore(reply), 200, await newsletter.unsubscribeWithLink(body.email, body.token))
      const asker = { customerId: await customerOf(request), store: askedStoreCode(request), origin: originOf(request) }
      return sendEnvelope(noStore(reply), 200, await newsletter.unsubscribe(body.email, asker))
    })
  }

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const store = storeOf(request)
    const query = NewsletterUnsubscribeLinkSchema.safeParse(request.query ?? {})
    if (!query.success || !(await newsletter.isUnsubscribeLink(query.data.email, query.data.token)))
      return html(reply, 400, renderUnsubscribeInvalidPage(store))
    return html(reply, 200, renderUnsubscribePage(store, query.data.email, query.data.token))
  })

  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false
    const body = parseWith(NewsletterUnsubscribeLinkSchema, request.body ?? {})
    if (!form) return sendEnvelope(noStore(reply), 200, await newsletter.unsubscribeWithLink(body.email, body.token))
    const store = storeOf(request)
    try {
      await newsletter.unsubscribeWithLink(body.email, body.token)
      return html(reply, 200, renderUnsubscribedPage(store, body.email))
    } catch (err) {
      if (err instanceof InvalidRequestError) return html(reply, 400, renderUnsubscribeInvalidPage(store))
      throw err
    }
  })

  app.get(CONFIRM_PATH, async (request, reply) => {
    const store = storeOf(request)
    const query = NewsletterConfirmSchema.safeParse(request.query ?? {})
    const email = query.success ? await newsletter.pendingEmailOf(query.data.token) : null
    if (!query.success || email === null) return html(reply, 400, renderLinkInvalidPage(store))
    return html(reply, 200, renderConfirmPage(store, email, query.data.token))
  })

  app.post(CONFIRM_PATH, async (request, reply) => {
    const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false
    const body = parseWith(NewsletterConfirmSchema, request.body ?? {})
    if (!form) {
      await newsletter.confirm(body.token)
      return sendEnvelope(noStore(reply), 200, 'subscribed')
    }
    const store = storeOf(request)
    try {
      const { email } = await newsletter.confirm(body.token)
      return html(reply, 200, renderConfirmedPage(store, email))
    } catch (err) {
      if (err instanceof InvalidRequestError) return html(reply, 400, renderLinkInvalidPage(store))
      throw err
    }
  })
}
