/** The vue-storefront-api envelope: HTTP status = body code, JSON always. */
import type { FastifyReply } from 'fastify'

export function sendEnvelope<T>(reply: FastifyReply, code: number, result: T): FastifyReply {
  return reply.code(code).type('application/json; charset=utf-8').send({ code, result })
}

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-cache, no-store')
}
