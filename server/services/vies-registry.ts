/**
 * The EU VIES REST API adapter (be-nl-domain §1.4): POST `${baseUrl}/check-vat-number` with
 * `{countryCode, vatNumber}`. The server's one gateway to VIES. What may fail, and what it answers
 * then (never a throw):
 * - no answer within `timeoutMs` → error TIMEOUT; connection refused / reset → SERVICE_UNAVAILABLE
 * - VIES's error body `{errorWrappers:[{error}]}` (400/500) → that error code
 * - another status, or a body that is not what the API promises → BAD_RESPONSE
 * VIES sends `"---"` for the name and address of member states that do not disclose them: dropped.
 */
import { ViesCheckResponseSchema, ViesErrorResponseSchema, type ViesCheckRequest } from '../../domain/api/vat-check.schema'
import type { RegistryAnswer, VatRegistry } from './vat-registry'

export interface ViesRegistryOptions {
  /** the REST API's base, e.g. https://ec.europa.eu/taxation_customs/vies/rest-api */
  baseUrl: string
  timeoutMs: number
  fetch: typeof fetch
}

/** userError values of VIES that are an answer, not a failure */
const ANSWERS = new Set(['VALID', 'INVALID'])

function disclosed(text: string | undefined): string | undefined {
  const t = text?.trim()
  return t && t !== '---' ? t : undefined
}

export function createViesRegistry(options: ViesRegistryOptions): VatRegistry {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/check-vat-number`
  return {
    kind: 'vies',
    async check(countryCode, vatNumber): Promise<RegistryAnswer> {
      const body: ViesCheckRequest = { countryCode, vatNumber }
      let response: Response
      let text: string
      try {
        response = await options.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs),
        })
        // the body read is under the same time-out: a registry that sends headers and stalls is a time-out too
        text = await response.text()
      } catch (err) {
        const name = err instanceof Error ? err.name : ''
        if (name === 'TimeoutError' || name === 'AbortError')
          return { outcome: 'error', error: 'TIMEOUT', message: `VIES did not answer within ${options.timeoutMs} ms` }
        return { outcome: 'error', error: 'SERVICE_UNAVAILABLE', message: err instanceof Error ? err.message : String(err) }
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        return { outcome: 'error', error: 'BAD_RESPONSE', message: `VIES answered ${response.status} with a body that is not JSON` }
      }
      const failure = ViesErrorResponseSchema.safeParse(json)
      if (failure.success) {
        const first = failure.data.errorWrappers[0]!
        return first.error === 'INVALID' ? { outcome: 'invalid' } : { outcome: 'error', error: first.error, message: first.message }
      }
      if (!response.ok) return { outcome: 'error', error: 'BAD_RESPONSE', message: `VIES answered ${response.status}` }
      const parsed = ViesCheckResponseSchema.safeParse(json)
      if (!parsed.success) return { outcome: 'error', error: 'BAD_RESPONSE', message: 'VIES answered without a valid field' }
      const answer = parsed.data
      if (answer.userError && !ANSWERS.has(answer.userError)) return { outcome: 'error', error: answer.userError }
      return {
        outcome: answer.valid ? 'valid' : 'invalid',
        name: disclosed(answer.name),
        address: disclosed(answer.address),
        requestDate: answer.requestDate,
        requestIdentifier: answer.requestIdentifier || undefined,
      }
    },
  }
}
