/**
 * The shop's origins as the browser sees them: the main host and the French store view's own host
 * (fr.<host>, FRENCH_HOST_PREFIX), and the configured PUBLIC_URL as it applies to a request made on
 * either. One place for the French-sibling rule, which the mail links (http/link-origin), the
 * social-login redirect (routes/social-login) and its callback pages (social/callback-url) share.
 */
import { FRENCH_HOST_PREFIX } from '../../domain/store-views'

/** The French host's origin and the main host's origin for an origin on either. */
export function siblingOrigins(origin: string): { main: string; french: string } {
  const url = new URL(origin)
  const host = url.host.toLowerCase()
  const mainHost = host.startsWith(FRENCH_HOST_PREFIX) ? host.slice(FRENCH_HOST_PREFIX.length) : host
  return { main: `${url.protocol}//${mainHost}`, french: `${url.protocol}//${FRENCH_HOST_PREFIX}${mainHost}` }
}

/** Whether a Host (or an origin's host) is the French store view's own. */
export function isFrenchHost(host: string): boolean {
  return host.toLowerCase().startsWith(FRENCH_HOST_PREFIX)
}

/** PUBLIC_URL for a request made on `host`: its French sibling when asked on the French host, else PUBLIC_URL (no trailing slash). */
export function publicOriginFor(host: string, publicUrl: string): string {
  return isFrenchHost(host) ? siblingOrigins(publicUrl).french : publicUrl.replace(/\/+$/, '')
}
