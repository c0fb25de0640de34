/**
 * The shopper's cookie answer as the device remembers it (localStorage `polder-consent`), as plain
 * functions: no storage, no DOM. A record of another version, or one that does not read, counts as no
 * answer, so the banner asks again (a new category of cookies needs a new answer). Necessary cookies
 * need no consent and are not recorded.
 */

export const CONSENT_KEY = 'polder-consent'
/** raise it when the categories or what they cover change: every shopper is asked again */
export const CONSENT_VERSION = 1

export interface ConsentChoice {
  analytics: boolean
  marketing: boolean
}

export interface ConsentRecord extends ConsentChoice {
  version: number
  /** when the shopper answered (ISO 8601) */
  decidedAt: string
}

export const NECESSARY_ONLY: ConsentChoice = { analytics: false, marketing: false }
export const ALL_COOKIES: ConsentChoice = { analytics: true, marketing: true }

export function consentRecord(choice: ConsentChoice, now: Date): ConsentRecord {
  return { version: CONSENT_VERSION, analytics: choice.analytics, marketing: choice.marketing, decidedAt: now.toISOString() }
}

/** The remembered answer in `text`, or null: nothing stored, another version, or not a record. */
export function parseConsent(text: string | null): ConsentRecord | null {
  if (!text) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const record = value as Record<string, unknown>
  if (record.version !== CONSENT_VERSION || typeof record.analytics !== 'boolean' || typeof record.marketing !== 'boolean') return null
  return {
    version: CONSENT_VERSION,
    analytics: record.analytics,
    marketing: record.marketing,
    decidedAt: typeof record.decidedAt === 'string' ? record.decidedAt : '',
  }
}
