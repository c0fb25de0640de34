/**
 * Tokens never reach the log: the request line Fastify logs for every request carries the query
 * (`?token=` is how the spec sends the customer's token) and, for the create-password page and the
 * shop-side returns link, a token in the path. The request serializer logs the URL with those values replaced; the
 * Authorization header is not logged at all (and is redacted should anyone log headers).
 */
import type { FastifyRequest } from 'fastify'

const SECRET_PARAMS = new Set(['token', 'refreshtoken', 'resettoken', 'code', 'code_verifier'])
const REDACTED = '[redacted]'

/** The URL with secret query values and the create-password path's token replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  const path = (q === -1 ? url : url.slice(0, q))
    .replace(/(\/create-password\/token\/)[^/?#]+/gi, `$1${REDACTED}`)
    .replace(/(\/rma\/vue\/login\/token\/)[^/?#]+/gi, `$1${REDACTED}`)
  if (q === -1) return path
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq === -1 ? pair : pair.slice(0, eq)
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {
        // a malformed name is logged as it came
      }
      return eq !== -1 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair
    })
    .join('&')
  return `${path}?${query}`
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

export const REDACT_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization']
