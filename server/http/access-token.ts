/** The customer's access token of a request: `Authorization: Bearer …` first, else `?token=` (spec §6). */
import type { FastifyRequest } from 'fastify'

export function accessTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (match) return match[1]
  }
  const token = ((request.query ?? {}) as Record<string, unknown>).token
  return typeof token === 'string' && token !== '' ? token : undefined
}
