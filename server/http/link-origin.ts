/**
 * The origin written into the addresses the shop gives out: the links of the account mails (password
 * reset, welcome, newsletter confirmation) and a payment's page, return and notification addresses.
 * The Host header is the requester's to choose: a reset asked for someone else's
 * address with `Host: evil.example` would mail them a genuine shop mail whose link carries the real
 * reset token to the attacker's site (password-reset poisoning). So the links go to PUBLIC_URL when
 * it is configured (its French sibling, fr.<host>, when asked on the French store view's host, as
 * social login does); without it, to the request's host only when that is this machine (localhost,
 * `*.localhost` such as the French store view's fr.localhost, 127.0.0.1, [::1]: a developer's shop),
 * and otherwise to localhost on the port the server listens on (and the log says to set PUBLIC_URL).
 */
import type { AddressInfo } from 'node:net'
import type { FastifyRequest } from 'fastify'
import { publicOriginFor } from './public-origin'

const LOCAL_HOST = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/

export function linkOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  const host = request.host.toLowerCase()
  // asked on the French store view's own host: its sibling of PUBLIC_URL (the mails link there)
  if (publicUrl) return publicOriginFor(host, publicUrl)
  if (LOCAL_HOST.test(host)) return `${request.protocol}://${host}`
  const address = request.server.server.address() as AddressInfo | string | null
  const port = address && typeof address === 'object' ? `:${address.port}` : ''
  request.log.warn(`PUBLIC_URL is not set: the link in this mail goes to localhost${port}, not to the host the request named`)
  return `http://localhost${port}`
}
