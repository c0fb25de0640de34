/** The vue-storefront-api envelope: HTTP status = body code, JSON always. */
import type { FastifyReply } from 'fastify'
import type { FailureKind } from '../services/errors'

/** The HTTP status of each kind of service refusal. */
export const FAILURE_STATUS: Readonly<Record<FailureKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  incompatible: 426,
  unavailable: 503,
}

export function sendEnvelope<T>(reply: FastifyReply, code: number, result: T): FastifyReply {
  return reply.code(code).type('application/json; charset=utf-8').send({ code, result })
}

/** The envelope around a result that is JSON text already (printed by the database). */
export function sendEnvelopeText(reply: FastifyReply, code: number, resultJson: string): FastifyReply {
  return reply.code(code).type('application/json; charset=utf-8').send(`{"code":${code},"result":${resultJson}}`)
}

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-cache, no-store')
}
