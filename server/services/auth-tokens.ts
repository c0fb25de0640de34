/**
 * The tokens of customer sessions:
 * - access tokens: JWTs (HS256, signed and checked by `jose`), short-lived (ACCESS_TOKEN_TTL), naming
 *   the customer (`sub`) and the login they belong to (`fam`, the refresh family);
 * - refresh tokens and password reset tokens: 32 random bytes (base64url), stored only as their
 *   SHA-256 (hex). A token with 256 bits of randomness needs no slow hash: SHA-256 of it cannot be
 *   turned back, and lookups by hash stay indexed.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'

const ISSUER = 'polder'
const AUDIENCE = 'polder-api'

/** A new opaque token (refresh, password reset). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What is stored of an opaque token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

export function newFamilyId(): string {
  return randomUUID()
}

/** A new random signing secret (when AUTH_SECRET is not configured). */
export function newSigningSecret(): string {
  return randomBytes(32).toString('base64url')
}

export interface AccessClaims {
  customerId: number
  familyId: string
}

export class InvalidAccessTokenError extends Error {
  override name = 'InvalidAccessTokenError'
}

export function createAccessTokens(secret: string, ttlSeconds: number, clock: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret)
  return {
    async sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000)
      return new SignJWT({ fam: claims.familyId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.customerId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key)
    },
    /** The claims of a token we signed that has not expired; InvalidAccessTokenError otherwise. */
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: clock() })
        const customerId = Number(payload.sub)
        if (!Number.isInteger(customerId) || customerId <= 0 || typeof payload.fam !== 'string') throw new InvalidAccessTokenError('claims missing')
        return { customerId, familyId: payload.fam }
      } catch (err) {
        if (err instanceof InvalidAccessTokenError) throw err
        throw new InvalidAccessTokenError(err instanceof Error ? err.name : 'invalid token')
      }
    },
  }
}
export type AccessTokens = ReturnType<typeof createAccessTokens>
