/**
 * A fetch for openid-client that answers from this server's own routes (app.inject), never over
 * the network: how the shop talks to its local stand-in provider, whatever address it listens on.
 */
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { CustomFetch } from 'openid-client'

export function inProcessFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url)
    const body = options.body
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof URLSearchParams)) {
      throw new TypeError('in-process fetch: only text and form bodies')
    }
    const res = await app.inject({
      method: options.method as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(body === undefined || body === null ? {} : { payload: body.toString() }),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v))
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers })
  }
}
