/**
 * The social-login calls of the gateway (replication/api-client; spec §7 "Social login", the
 * contract in domain/api/social-login.schema.ts). A refusal is an ApiError whose result holds the
 * server's errorMessage (spec §8: "a non-200 throws the result's errorMessage").
 *
 * The token: link-account and unlink carry it in the URL like the other account calls, so `call`
 * renews it through the token renewal on a 401. The links call carries it in its body (the contract's
 * `{token}`), so it renews it there itself.
 */
import { z } from 'zod'
import {
  SOCIAL_LOGIN_BASE,
  SocialLinkSchema,
  SocialLinksResultSchema,
  type SocialLink,
  type SocialLinkAccountBody,
  type SocialLoginBody,
} from '../domain/api/social-login.schema'
import { ApiError } from './api-errors'
import { ShopCalls } from './api-shop-calls'
import type { TokenPair } from './api-types'

/** spec §7: "Code 200 and a result list; entries with a type are kept" (the rest checked as links). */
const KeptLinksSchema = z
  .array(z.unknown())
  .transform((entries) => entries.filter((entry) => typeof entry === 'object' && entry !== null && Boolean((entry as { type?: unknown }).type)))
  .pipe(SocialLinksResultSchema)

export class SocialCalls extends ShopCalls {
  /** The provider's code and state for the shop's own token pair (answered as /api/user/login); no token is sent. */
  socialLogin(body: SocialLoginBody): Promise<TokenPair> {
    const url = this.url(`${SOCIAL_LOGIN_BASE}/login`, { storeCode: this.storeCode }, false)
    return this.tokenPair(url, JSON.stringify(body))
  }

  /** Links the provider account to the logged-in customer; 409 when it already belongs to another customer. */
  linkSocialAccount(body: SocialLinkAccountBody): Promise<SocialLink> {
    const url = this.url(`${SOCIAL_LOGIN_BASE}/link-account`, { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify(body) }, SocialLinkSchema)
  }

  /** Removes one of the customer's links (404: not theirs, or gone). */
  unlinkSocial(linkId: number): Promise<true> {
    const url = this.url(`${SOCIAL_LOGIN_BASE}/unlink`, { storeCode: this.storeCode })
    return this.call(url, { method: 'POST', body: JSON.stringify({ link_id: linkId }) }, z.literal(true))
  }

  /** The logged-in customer's links; the token goes in the body and is renewed once on a 401. */
  async socialLinks(): Promise<SocialLink[]> {
    const url = this.url(`${SOCIAL_LOGIN_BASE}/links`, { storeCode: this.storeCode }, false)
    const send = async (token: string) =>
      (await this.request({ url, method: 'POST', body: JSON.stringify({ token }), answer: 'envelope', schema: KeptLinksSchema })).result
    const token = this.options.getToken?.() ?? ''
    try {
      return await send(token)
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 401 || !token) throw error
      const fresh = await this.renewedToken(token)
      if (!fresh) throw error
      return send(fresh)
    }
  }
}
