/**
 * Social login (spec §7 "Social login"; be-nl-domain §6): the shop's side of the
 * OpenID Connect code flow and what a provider account may do here.
 *
 * - redirect: state, nonce and PKCE verifier for one sign-in, sealed into the browser's flow cookie
 *   (server/social/flow-cookie.ts), and the provider's address to send the browser to.
 * - login: the flow must match (provider, mode, state); the code is exchanged and the id_token
 *   checked (server/social/oidc-relying-party.ts). Then, in this order: a provider account already
 *   linked logs in to its customer; a VERIFIED e-mail address of an existing account is linked to it
 *   and logs in; an address with no account makes one (names from the claims, no password of its
 *   own: "forgot password" sets one; the welcome mail as on register) and links it. An UNVERIFIED
 *   address of an existing account is refused (409): whoever controls the provider account has not
 *   shown that the mailbox is theirs, so they log in with the password and link from the account
 *   page. No address at all is refused (400).
 * - linkAccount: the token's customer only (403 for another customerId); a provider account linked
 *   to another customer → 409.
 * - links / unlink: the token's customer's links only (another's link → 404, as a missing one).
 * What may fail: InvalidRequestError (400: flow, state, the provider's refusal, no e-mail),
 * ConflictError (409), ForbiddenError (403), NotFoundError (404), UnavailableError (503: the
 * provider could not be reached); each with a SOCIAL_LOGIN_MESSAGES text. Storage errors propagate.
 */
import { timingSafeEqual } from 'node:crypto'
import {
  SOCIAL_LOGIN_MESSAGES,
  type SocialLink,
  type SocialLinkAccountBody,
  type SocialLoginBody,
  type SocialProvider,
} from '../../domain/api/social-login.schema'
import { emailKey, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '../../domain/account-rules'
import type { StoreCode } from '../../domain/store-views'
import { socialCallbackUrl } from '../social/callback-url'
import { createFlowSealer, type FlowSealer, type SocialFlow } from '../social/flow-cookie'
import { ProviderRefusedError, ProviderUnavailableError, type RelyingParty, type SocialIdentity } from '../social/oidc-relying-party'
import type { Storage } from '../storage'
import type { CustomerRow } from '../storage/customer-repository'
import type { SocialLinkRow } from '../storage/social-link-repository'
import { newSigningSecret, type AccessClaims } from './auth-tokens'
import { ConflictError, ForbiddenError, InvalidRequestError, NotFoundError, UnavailableError } from './errors'
import type { TokenPair, UserService } from './user-service'

export interface SocialLoginDeps {
  users: UserService
  relyingParty: RelyingParty
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }
}

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' }

export function toSocialLink(row: SocialLinkRow): SocialLink {
  return { link_id: row.id, sociallogin_id: row.subject, type: row.provider as SocialProvider, email: row.email, created_at: row.created_at }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** A name the account rules accept: the candidate trimmed and cut to size, else the fallback. */
function nameOr(candidate: string | null | undefined, fallback: string): string {
  const name = [...(candidate ?? '').trim()].slice(0, NAME_MAX_LENGTH).join('')
  return [...name].length >= NAME_MIN_LENGTH ? name : fallback
}

/** First and last name from the id_token's claims (given/family name, else the full name split once). */
export function namesOf(identity: SocialIdentity): { firstname: string; lastname: string } {
  const [first, ...rest] = (identity.name ?? '').split(/\s+/).filter(Boolean)
  const local = identity.email?.split('@')[0]
  return {
    firstname: nameOr(identity.givenName ?? first ?? local, 'Customer'),
    lastname: nameOr(identity.familyName ?? (rest.length > 0 ? rest.join(' ') : null), PROVIDER_NAMES[identity.provider]),
  }
}

export function createSocialLoginService(storage: Storage, deps: SocialLoginDeps, clock: () => Date = () => new Date()) {
  const now = () => clock().toISOString()
  let sealer: Promise<FlowSealer> | undefined
  const flowSealer = () =>
    (sealer ??= storage.customers
      .ensureSecret('social-login-flow', newSigningSecret(), now())
      .then((secret) => createFlowSealer(secret, clock))
      .catch((err: unknown) => {
        sealer = undefined
        throw err
      }))

  /** The flow of the browser's cookie, when it is this sign-in's; the provider's checked identity. */
  async function verifiedIdentity(body: { type: SocialProvider; code: string; state: string }, sealed: string | undefined, mode: SocialFlow['mode']) {
    const flow = await (await flowSealer()).open(sealed)
    if (!flow || flow.provider !== body.type || flow.mode !== mode || !sameText(flow.state, body.state)) {
      throw new InvalidRequestError(SOCIAL_LOGIN_MESSAGES.stateMismatch)
    }
    try {
      const identity = await deps.relyingParty.finish(flow.provider, {
        redirectUri: flow.redirectUri,
        code: body.code,
        state: body.state,
        expectedState: flow.state,
        nonce: flow.nonce,
        verifier: flow.verifier,
      })
      return { flow, identity }
    } catch (err) {
      if (err instanceof ProviderRefusedError) {
        deps.log.warn({ provider: flow.provider, reason: err.message }, 'social login refused by the provider or its answer failed a check')
        throw new InvalidRequestError(SOCIAL_LOGIN_MESSAGES.providerRefused)
      }
      if (err instanceof ProviderUnavailableError) {
        deps.log.warn({ provider: flow.provider, reason: err.message }, 'social login provider unavailable')
        throw new UnavailableError(SOCIAL_LOGIN_MESSAGES.providerUnavailable)
      }
      throw err
    }
  }

  /** Links the provider account to the customer: the link, or ConflictError when another customer has it. */
  async function link(customerId: number, identity: SocialIdentity): Promise<SocialLinkRow> {
    const row = await storage.socialLinks.insert({ customerId, provider: identity.provider, subject: identity.subject, email: identity.email }, now())
    if (row.customer_id !== customerId) throw new ConflictError(SOCIAL_LOGIN_MESSAGES.linkedElsewhere)
    return row
  }

  /** The customer an identity with no link yet signs in to (linked, or made); refusals as the header says. */
  async function customerFor(identity: SocialIdentity, store: StoreCode, origin: string): Promise<CustomerRow> {
    if (!identity.email) throw new InvalidRequestError(SOCIAL_LOGIN_MESSAGES.emailMissing)
    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await storage.customers.findByEmailKey(emailKey(identity.email))
      if (existing) {
        if (!identity.emailVerified) throw new ConflictError(SOCIAL_LOGIN_MESSAGES.emailUnverified)
        return existing
      }
      const made = await deps.users.createWithoutPassword({ email: identity.email, ...namesOf(identity) }, store, origin)
      if (made) {
        deps.log.info({ customerId: made.id, provider: identity.provider }, 'customer account made by social login')
        return made
      }
      // the address got an account meanwhile (a second tab): decide again against it
    }
    throw new ConflictError(SOCIAL_LOGIN_MESSAGES.emailUnverified)
  }

  return {
    /** The provider's address for a new sign-in from `origin`, and the sealed flow for the browser's cookie. */
    async redirect(provider: SocialProvider, store: StoreCode, mode: SocialFlow['mode'], origin: string): Promise<{ location: string; flow: string }> {
      const redirectUri = socialCallbackUrl(origin, store, provider)
      let start
      try {
        start = await deps.relyingParty.start(provider, redirectUri)
      } catch (err) {
        if (!(err instanceof ProviderUnavailableError)) throw err
        deps.log.warn({ provider, reason: err.message }, 'social login provider unavailable')
        throw new UnavailableError(SOCIAL_LOGIN_MESSAGES.providerUnavailable)
      }
      const flow = await (
        await flowSealer()
      ).seal({
        provider,
        state: start.state,
        nonce: start.nonce,
        verifier: start.verifier,
        store,
        mode,
        redirectUri,
      })
      return { location: start.url, flow }
    },

    /** Signs in with the provider's code (the header's matching rules); `origin` for the welcome mail's link. */
    async login(body: SocialLoginBody, sealed: string | undefined, origin: string): Promise<TokenPair> {
      const { flow, identity } = await verifiedIdentity(body, sealed, 'login')
      const linked = await storage.socialLinks.find(identity.provider, identity.subject)
      if (linked) return deps.users.startSession(linked.customer_id)
      const customer = await customerFor(identity, flow.store, origin)
      await link(customer.id, identity)
      return deps.users.startSession(customer.id)
    },

    /** Links the provider account to the token's customer (`customerId` must be theirs). */
    async linkAccount(claims: AccessClaims, body: SocialLinkAccountBody, sealed: string | undefined): Promise<SocialLink> {
      const customer = await deps.users.customerOf(claims)
      if (body.customerId !== customer.id) throw new ForbiddenError(SOCIAL_LOGIN_MESSAGES.notYours)
      const { identity } = await verifiedIdentity(body, sealed, 'link')
      return toSocialLink(await link(customer.id, identity))
    },

    async links(claims: AccessClaims): Promise<SocialLink[]> {
      const customer = await deps.users.customerOf(claims)
      return (await storage.socialLinks.listForCustomer(customer.id)).map(toSocialLink)
    },

    async unlink(claims: AccessClaims, linkId: number): Promise<void> {
      const customer = await deps.users.customerOf(claims)
      if (!(await storage.socialLinks.delete(customer.id, linkId))) throw new NotFoundError(SOCIAL_LOGIN_MESSAGES.linkNotFound)
    },
  }
}
export type SocialLoginService = ReturnType<typeof createSocialLoginService>
