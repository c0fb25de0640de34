/**
 * What the browser keeps between the shop's redirect to the provider and the callback's POST:
 * state, nonce, the PKCE verifier, store view, mode and redirect_uri, in one cookie. Sealed with
 * jose as an encrypted JWT (dir, A256GCM: authenticated encryption, so it is both tamper-proof and
 * unreadable — the verifier and nonce stay out of anyone's sight who reads the cookie store or a
 * log), expiring after FLOW_TTL_SECONDS. The key is the server's own (kept in the database, shared
 * by every process on it).
 */
import { createHash } from 'node:crypto'
import { EncryptJWT, jwtDecrypt } from 'jose'
import { z } from 'zod'
import { SocialProviderSchema } from '../../domain/api/social-login.schema'
import { STORE_CODES } from '../../domain/store-views'

export const FLOW_COOKIE = 'polder_social_login'
export const FLOW_TTL_SECONDS = 600

const FlowSchema = z.object({
  provider: SocialProviderSchema,
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
  store: z.enum(STORE_CODES),
  mode: z.enum(['login', 'link']),
  redirectUri: z.string().min(1),
})
export type SocialFlow = z.infer<typeof FlowSchema>

export function createFlowSealer(secret: string, clock: () => Date = () => new Date()) {
  const key = createHash('sha256').update(`social-login-flow:${secret}`).digest()
  return {
    async seal(flow: SocialFlow): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000)
      return new EncryptJWT({ ...flow })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(now)
        .setExpirationTime(now + FLOW_TTL_SECONDS)
        .encrypt(key)
    },
    /** The flow, or null when the text is missing, forged, damaged or expired. */
    async open(sealed: string | undefined): Promise<SocialFlow | null> {
      if (!sealed) return null
      try {
        const { payload } = await jwtDecrypt(sealed, key, { currentDate: clock(), keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] })
        const flow = FlowSchema.safeParse(payload)
        return flow.success ? flow.data : null
      } catch {
        return null
      }
    },
  }
}
export type FlowSealer = ReturnType<typeof createFlowSealer>
