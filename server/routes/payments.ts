/**
 * The payment provider service's routes (spec §7; shapes in domain/api/payment.schema.ts), the
 * provider's notification (webhook) and, with the sandbox provider, its hosted payment page.
 * Every answer is no-store: a payment page, a status or a redirect is never to be cached.
 */
import { linkOrigin } from '../http/link-origin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  PaymentMethodsAnswerSchema,
  PaymentMethodsQuerySchema,
  PaymentStatusAnswerSchema,
  PaymentStatusBodySchema,
  PostPaymentAnswerSchema,
  PostPaymentBodySchema,
  SandboxOutageSchema,
  SandboxSubmitSchema,
} from '../../domain/api/payment.schema'
import { accessTokenOf } from '../http/access-token'
import { noStore, sendEnvelope } from '../http/envelope'
import { parseWith } from '../http/validation'
import { PaymentProviderError } from '../payments/provider'
import { renderSandboxNotFound, renderSandboxPage } from '../payments/sandbox-page'
import type { Notify, SandboxProvider } from '../payments/sandbox-provider'
import { PaymentNotAllowedError, PaymentNotCreatedError, type PaymentService } from '../services/payment-service'
import type { UserService } from '../services/user-service'

export interface PaymentRouteOptions {
  payments: PaymentService
  /** the caller's token (bearer or `?token=`): a customer's order is theirs only; one that is not valid is a 401 */
  users: Pick<UserService, 'customerIdOf'>
  /** the shop's public origin for return and notification addresses; else this machine's (linkOrigin) */
  publicUrl: string | undefined
  /** with the sandbox provider: its page, and how it calls our webhook */
  sandbox?: { provider: SandboxProvider; notify: Notify }
}

function paymentFailure(reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof PaymentNotAllowedError) return sendEnvelope(reply, 409, err.message)
  if (err instanceof PaymentNotCreatedError) return sendEnvelope(reply, 502, `Payment is not created - ${err.message}`)
  if (err instanceof PaymentProviderError) return sendEnvelope(reply, 502, err.message)
  throw err
}

export async function paymentRoutes(app: FastifyInstance, opts: PaymentRouteOptions): Promise<void> {
  const { payments, users, publicUrl, sandbox } = opts
  // a token that is not valid is refused with 401 (the client renews it)
  const customerOf = (request: FastifyRequest) => users.customerIdOf(accessTokenOf(request))

  app.get('/api/ext/payment/payment-methods', async (request, reply) => {
    const query = parseWith(PaymentMethodsQuerySchema, request.query ?? {})
    return sendEnvelope(noStore(reply), 200, PaymentMethodsAnswerSchema.parse(payments.listMethods(query.country)))
  })

  app.post('/api/ext/payment/post-payment', async (request, reply) => {
    const body = parseWith(PostPaymentBodySchema, request.body ?? {})
    const customerId = await customerOf(request)
    try {
      // never the Host the caller named: a guest's payment page and callbacks stay the shop's
      const created = await payments.createPayment(body.order_id, linkOrigin(request, publicUrl), customerId, body.order_token)
      return sendEnvelope(noStore(reply), 200, PostPaymentAnswerSchema.parse(created))
    } catch (err) {
      return paymentFailure(noStore(reply), err)
    }
  })

  app.post('/api/ext/payment/get-payment-status', async (request, reply) => {
    const body = parseWith(PaymentStatusBodySchema, request.body ?? {})
    const customerId = await customerOf(request)
    try {
      return sendEnvelope(noStore(reply), 200, PaymentStatusAnswerSchema.parse(await payments.paymentStatus(body.order_id, customerId, body.order_token)))
    } catch (err) {
      return paymentFailure(noStore(reply), err)
    }
  })

  // the provider's webhook: MultiSafepay POSTs (or GETs) ?transactionid=…&timestamp=… and wants "OK";
  // anything else makes it retry, which is right when we could not ask it for the status
  const notification = async (request: FastifyRequest, reply: FastifyReply) => {
    noStore(reply)
    try {
      const known = await payments.notified({ query: (request.query ?? {}) as Record<string, unknown>, body: request.body, headers: request.headers })
      if (!known) return sendEnvelope(reply, 404, 'No such payment')
    } catch (err) {
      if (err instanceof PaymentProviderError) return sendEnvelope(reply, 502, err.message)
      throw err
    }
    return reply.code(200).type('text/plain; charset=utf-8').send('OK')
  }
  app.get('/api/ext/payment/notification', notification)
  app.post('/api/ext/payment/notification', notification)

  if (sandbox) {
    await app.register(async (page) => {
      // the page's form posts application/x-www-form-urlencoded: parsed here only
      page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))))
      })
      const html = (reply: FastifyReply, code: number, text: string) => noStore(reply).code(code).type('text/html; charset=utf-8').send(text)

      page.get<{ Params: { id: string } }>('/payment-sandbox/:id', async (request, reply) => {
        const payment = await sandbox.provider.find(request.params.id)
        if (!payment) return html(reply, 404, renderSandboxNotFound())
        return html(reply, 200, renderSandboxPage(payment, payment.current))
      })

      // the stand-in for the provider's dashboard, where the shop owner refunds a paid payment
      page.post<{ Params: { id: string } }>('/payment-sandbox/:id/refund', async (request, reply) => {
        const refunded = await sandbox.provider.refund(request.params.id, sandbox.notify)
        return noStore(reply)
          .code(refunded ? 200 : 409)
          .send({ code: refunded ? 200 : 409, result: refunded ? 'refunded' : 'no paid payment with this id' })
      })

      // the stand-in for the provider being down, so a shop's (and its tests') handling of a refused create can be tried
      page.post('/payment-sandbox/outage', async (request, reply) => {
        const { creates } = parseWith(SandboxOutageSchema, request.body ?? {})
        sandbox.provider.outage(creates)
        return noStore(reply)
          .code(200)
          .send({ code: 200, result: `the next ${creates} payment creates are refused` })
      })

      page.post<{ Params: { id: string } }>('/payment-sandbox/:id', async (request, reply) => {
        const form = parseWith(SandboxSubmitSchema, request.body ?? {})
        const outcome = await sandbox.provider.submit(request.params.id, form.method, form.result, sandbox.notify)
        if (!outcome) return html(reply, 404, renderSandboxNotFound())
        // 303: the shopper's browser GETs the return address, as after the real provider's page
        return noStore(reply).redirect(outcome.redirectTo, 303)
      })
    })
  }
}
