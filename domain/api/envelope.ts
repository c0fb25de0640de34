/**
 * The vue-storefront-api envelope: `{code, result}` (plus `meta` on login/refresh). The HTTP status
 * equals `code`; the client reads the body's `code`.
 */
import { z } from 'zod'

export interface Envelope<T> {
  code: number
  result: T
  meta?: Record<string, unknown>
}

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({ code: z.number().int(), result, meta: z.record(z.string(), z.unknown()).optional() })
}

/** An error answer: `result` is a message the client can show (or an ajv-like list for 400s). */
export const ErrorEnvelopeSchema = z.object({ code: z.number().int(), result: z.unknown() })
