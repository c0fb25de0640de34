/**
 * /api/ext/newsletter/* (shapes in domain/api/newsletter.schema.ts). The confirmation link of the
 * mail opens a page (GET confirm) whose button posts the token (POST confirm, a form); an API
 * client may post `{token}` as JSON and gets the envelope. The unsubscribe link does the same
 * (GET and POST unsubscribe, with the address and its token). Answers are never cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
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
import type { NewsletterService, UnsubscribeProof } from '../services/newsletter-service'
import type { UserService } from '../services/user-service'

const SUBSCRIBE_PATH = '/api/ext/newsletter/subscribe'
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

  app.get(SUBSCRIBE_PATH, async (request, reply) => {
    const query = parseWith(NewsletterEmailSchema, request.query ?? {})
    return sendEnvelope(noStore(reply), 200, await newsletter.status(query.email))
  })

  app.post(SUBSCRIBE_PATH, async (request, reply) => {
    const body = parseWith(NewsletterEmailSchema, request.body ?? {})
    // a customer's token ties the subscription to them; a bad one is refused (the client renews it)
    const token = accessTokenOf(request)
    const customerId = token ? (await users.authenticate(token)).customerId : null
    return sendEnvelope(noStore(reply), 200, await newsletter.subscribe(body.email, { store: storeOf(request), origin: originOf(request), customerId }))
  })

  app.delete(SUBSCRIBE_PATH, async (request, reply) => {
    const body = parseWith(NewsletterUnsubscribeSchema, request.body ?? {})
    // the mail's link, else the customer's token (a bad one is refused: the client renews it), else nothing
    const token = accessTokenOf(request)
    const proof: UnsubscribeProof =
      body.token !== undefined ? { linkToken: body.token } : token ? { customerId: (await users.authenticate(token)).customerId } : null
    return sendEnvelope(noStore(reply), 200, await newsletter.unsubscribe(body.email, proof))
  })

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
    if (!form) return sendEnvelope(noStore(reply), 200, await newsletter.unsubscribe(body.email, { linkToken: body.token }))
    const store = storeOf(request)
    try {
      await newsletter.unsubscribe(body.email, { linkToken: body.token })
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
