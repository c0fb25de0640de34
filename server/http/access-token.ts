/** Bearer tokens of a request: the `Authorization: Bearer …` header alone, or a customer's access token. */
import type { FastifyRequest } from 'fastify'

/** The token of an `Authorization: Bearer …` header; no other place is read. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1]
}

/** The customer's access token of a request: `Authorization: Bearer …` first, else `?token=` (spec §6). */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const bearer = bearerTokenOf(request)
  if (bearer !== undefined) return bearer
  const token = ((request.query ?? {}) as Record<string, unknown>).token
  return typeof token === 'string' && token !== '' ? token : undefined
}
