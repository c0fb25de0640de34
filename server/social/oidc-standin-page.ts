/**
 * The stand-in provider's sign-in page: plain HTML, no script and no inline style (the shop's
 * Content-Security-Policy allows neither). Each test user and "Cancel" is a plain link (GET), so the
 * redirect back to the shop is a navigation, never a form POST (CSP form-action would stop a form's
 * redirect to the shop's other host). English: it stands in for the provider, it is not the shop.
 */
import type { SocialProvider } from '../../domain/api/social-login.schema'
import { escapeHtml } from '../http/page-head-html'
import { plainPage } from '../http/plain-page'
import { STANDIN_BASE_PATH, type StandinUser } from './oidc-standin'

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' }

const page = (title: string, body: string): string => plainPage('en', title, body)

/** The address of the user's choice (`user`) or of "Cancel" for the pending request. */
export function decisionPath(provider: SocialProvider, requestId: string, choice: string | 'cancel'): string {
  const query = new URLSearchParams({ request: requestId, ...(choice === 'cancel' ? { cancel: '1' } : { user: choice }) })
  return `${STANDIN_BASE_PATH}/${provider}/authorize/decide?${query.toString()}`
}

function userLine(u: StandinUser): string {
  const email = u.email ? `${u.email}, ${u.email_verified ? 'verified' : 'not verified'}` : 'no e-mail address'
  return `Continue as ${u.name} (${email})`
}

export function renderStandinSignIn(provider: SocialProvider, requestId: string, users: readonly StandinUser[]): string {
  const name = PROVIDER_NAMES[provider]
  const items = users
    .map(
      (u) => `<li><a href="${escapeHtml(decisionPath(provider, requestId, u.id))}" data-user="${escapeHtml(u.id)}">${escapeHtml(userLine(u))}</a>
<br><small>${escapeHtml(u.edgeCase)}</small></li>`,
    )
    .join('\n')
  return page(
    `Sign in with ${name} (local test provider)`,
    `<h1>Sign in with ${escapeHtml(name)}</h1>
<p>This is Polder’s local test provider standing in for ${escapeHtml(name)}: no real ${escapeHtml(name)} account is used and nothing leaves this computer.
Choose a test user to sign in to the shop with, or cancel.</p>
<ul>
${items}
</ul>
<p><a href="${escapeHtml(decisionPath(provider, requestId, 'cancel'))}" data-action="cancel">Cancel</a></p>`,
  )
}

export function renderStandinError(message: string): string {
  return page(
    'Sign-in request refused (local test provider)',
    `<h1>This sign-in request was refused</h1>
<p>${escapeHtml(message)}</p>
<p>Close this window and start the sign-in again from the shop.</p>`,
  )
}
