import { describe, expect, it } from 'vitest'
import { createAccessTokens, hashToken, InvalidAccessTokenError, newOpaqueToken } from '../../server/services/auth-tokens'
import { hashPassword, needsRehash, OWASP_SCRYPT, verifyPassword } from '../../server/services/passwords'
import { redactUrl } from '../../server/http/log-redaction'

const FAST = { N: 2 ** 10, r: 8, p: 1 }

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 100 }, newOpaqueToken))
    expect(tokens.size).toBe(100)
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('are stored as their SHA-256 in hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(hashToken('abd')).not.toBe(hashToken('abc'))
  })
})

describe('passwords (scrypt)', () => {
  it('hash with the OWASP parameters by default and verify', async () => {
    const stored = await hashPassword('correct horse 1')
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
    expect(await verifyPassword('correct horse 1', stored)).toBe(true)
    expect(await verifyPassword('correct horse 2', stored)).toBe(false)
    expect(needsRehash(stored)).toBe(false)
  })

  it('salt every hash, verify with the parameters stored, and flag weaker ones for rehashing', async () => {
    const a = await hashPassword('passphrase', FAST)
    const b = await hashPassword('passphrase', FAST)
    expect(a).not.toBe(b)
    expect(await verifyPassword('passphrase', a)).toBe(true)
    expect(needsRehash(a, OWASP_SCRYPT)).toBe(true)
  })

  it('refuse anything that is not a hash of ours', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$c2FsdA$aGFzaA', 'bcrypt$1$2$3$4$5', 'scrypt$1024$8$1$c2FsdA$c2hvcnQ'])
      expect(await verifyPassword('passphrase', stored), stored).toBe(false)
  })
})

describe('access tokens (JWT, HS256)', () => {
  const secret = 'x'.repeat(43)

  it('carry the customer and the login, and expire after the lifetime', async () => {
    let now = new Date('2026-06-15T12:00:00Z')
    const tokens = createAccessTokens(secret, 300, () => now)
    const token = await tokens.sign({ customerId: 7, familyId: 'fam-1' })
    expect(await tokens.verify(token)).toEqual({ customerId: 7, familyId: 'fam-1' })
    now = new Date('2026-06-15T12:04:59Z')
    expect(await tokens.verify(token)).toEqual({ customerId: 7, familyId: 'fam-1' })
    now = new Date('2026-06-15T12:05:00Z')
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(InvalidAccessTokenError)
  })

  it('refuse a token signed with another key', async () => {
    const other = await createAccessTokens('y'.repeat(43), 300).sign({ customerId: 7, familyId: 'fam-1' })
    await expect(createAccessTokens(secret, 300).verify(other)).rejects.toBeInstanceOf(InvalidAccessTokenError)
  })
})

describe('log redaction', () => {
  it('replaces token values in the query and the create-password path, keeping the rest', () => {
    expect(redactUrl('/api/user/me?token=abc.def&storeCode=nl')).toBe('/api/user/me?token=[redacted]&storeCode=nl')
    expect(redactUrl('/api/cart/pull?cartId=12&Token=x')).toBe('/api/cart/pull?cartId=12&Token=[redacted]')
    expect(redactUrl('/nl/create-password/token/s3cr3t/email/a%40b.nl')).toBe('/nl/create-password/token/[redacted]/email/a%40b.nl')
    expect(redactUrl('/api/catalog?q=token')).toBe('/api/catalog?q=token')
    expect(redactUrl('/rma/vue/login/token/s3cr3t/customer_id/7')).toBe('/rma/vue/login/token/[redacted]/customer_id/7')
  })
})
