/**
 * Password hashing with node:crypto's scrypt at the OWASP Password Storage Cheat Sheet's parameters
 * (N=2^17, r=8, p=1: about 128 MiB and a few hundred ms per hash, on libuv's thread pool, so at most
 * four run at once). The stored form names its parameters (`scrypt$N$r$p$salt$hash`, base64url), so
 * they can be raised later and old hashes still verify. No crypto of our own beyond calling scrypt
 * and timingSafeEqual.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export interface ScryptParams {
  N: number
  r: number
  p: number
}

export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 }
const KEY_LENGTH = 32
const SALT_LENGTH = 16

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) refuses N=2^17
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 }
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))))
}

export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` matches `stored`; false for anything that is not a hash of ours. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false
  const expected = Buffer.from(parts[5]!, 'base64url')
  if (expected.length !== KEY_LENGTH) return false
  const key = await derive(password, Buffer.from(parts[4]!, 'base64url'), { N, r, p })
  return timingSafeEqual(key, expected)
}

/** Whether a stored hash was made with weaker parameters than today's (rehash at the next login). */
export function needsRehash(stored: string, params: ScryptParams = OWASP_SCRYPT): boolean {
  const [kind, N, r, p] = stored.split('$')
  return kind !== 'scrypt' || Number(N) < params.N || Number(r) < params.r || Number(p) < params.p
}
