/**
 * Whose access token this is: the JWT's `sub` (the customer), read without checking the signature.
 * Only for telling customers apart on this device (an order placed by one is never sent with
 * another's token); the shop checks every token it is sent.
 */
export function tokenSubject(token: string | null | undefined): string | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const text = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const sub = (JSON.parse(text) as { sub?: unknown }).sub
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null
  } catch {
    return null
  }
}
