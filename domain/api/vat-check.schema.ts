/**
 * GET /api/ext/vat-check/check?countryCode=&vatNumber= (spec §7 "VAT check").
 *
 * The answer is the envelope `{ code: 200, result: VatCheckResult }` whenever the query is well
 * formed, also when the number is refused or the registry could not be asked: a VAT check never
 * answers 500. A bad query (missing or over-long field) is a 400 naming the field.
 *
 * `result`:
 * - `valid`: true (valid), false (refused), or null (passed format and checksum, but the registry
 *   could not say: time-out, member state unavailable, ... — "could not verify", never "invalid")
 * - `checked`: how far the check went. `format`: refused offline by format or checksum, the
 *   registry was not asked; `registry`: the registry answered valid or invalid; `unverified`: the
 *   registry was asked and could not answer (valid is null)
 * - `registry`: which registry answered (`vies`: the EU service at VIES_URL; `stand-in`: the
 *   local stand-in answering like the VIES test service); absent when `checked` is `format`
 * - `reason`: why the number is not (known to be) valid: a format problem of domain/vat-number
 *   (`format`, `checksum`, `country-mismatch`, `unsupported-country`, `empty`) or the registry's
 *   error code (`INVALID`, `INVALID_INPUT`, `TIMEOUT`, `MS_UNAVAILABLE`, `SERVICE_UNAVAILABLE`, ...)
 * - `countryCode`, `vatNumber`: as the registry takes them (`BE`, `0403019261`; `NL`,
 *   `810433941B01`); `vatId` compact (`BE0403019261`) and `formatted` (`BE 0403.019.261`) once
 *   the format is right
 * - `name`, `address`: the trader as the registry gives them (absent when it does not disclose)
 * - `requestDate`, `requestIdentifier`: the registry's proof of the check (keep it with the order)
 * - `is_valid`, `request_message`: the fields of vue-storefront's VAT extension (spec §7): is_valid
 *   is `valid === true`; request_message is an English line for logs and the success notice
 *   (the shop shows its own words from the dictionaries' `vatCheck` section)
 */
import { z } from 'zod'

export const VatCheckQuerySchema = z.object({
  countryCode: z
    .string()
    .trim()
    .min(2)
    .max(2)
    .regex(/^[A-Za-z]{2}$/, 'must be two letters')
    .transform((c) => c.toUpperCase()),
  vatNumber: z.string().trim().min(1).max(40),
})
export type VatCheckQuery = z.infer<typeof VatCheckQuerySchema>

export const VAT_CHECKED = ['format', 'registry', 'unverified'] as const
export const VAT_REGISTRIES = ['vies', 'stand-in'] as const

export const VatCheckResultSchema = z.object({
  valid: z.boolean().nullable(),
  checked: z.enum(VAT_CHECKED),
  registry: z.enum(VAT_REGISTRIES).optional(),
  reason: z.string().optional(),
  countryCode: z.string(),
  vatNumber: z.string(),
  vatId: z.string().optional(),
  formatted: z.string().optional(),
  name: z.string().optional(),
  address: z.string().optional(),
  requestDate: z.string().optional(),
  requestIdentifier: z.string().optional(),
  is_valid: z.boolean(),
  request_message: z.string(),
})
export type VatCheckResult = z.infer<typeof VatCheckResultSchema>

// --- the EU VIES REST API (be-nl-domain §1.4), as the server's adapter reads it

/** POST {VIES_URL}/check-vat-number (and /check-vat-test-service) body. */
export const ViesCheckRequestSchema = z.object({ countryCode: z.string(), vatNumber: z.string() })
export type ViesCheckRequest = z.infer<typeof ViesCheckRequestSchema>

/** Its 200 answer (fields we use; VIES sends more, the trader*Match fields among them). */
export const ViesCheckResponseSchema = z.object({
  countryCode: z.string().optional(),
  vatNumber: z.string().optional(),
  requestDate: z.string().optional(),
  valid: z.boolean(),
  requestIdentifier: z.string().optional(),
  name: z.string().optional(),
  address: z.string().optional(),
  /** sent by some VIES routes (`VALID`, `INVALID`, `MS_UNAVAILABLE`, ...) */
  userError: z.string().optional(),
})
export type ViesCheckResponse = z.infer<typeof ViesCheckResponseSchema>

/** Its 400/500 answer: `{actionSucceed:false, errorWrappers:[{error:"MS_UNAVAILABLE", message?}]}`. */
export const ViesErrorResponseSchema = z.object({
  actionSucceed: z.literal(false).optional(),
  errorWrappers: z.array(z.object({ error: z.string(), message: z.string().optional() })).min(1),
})
