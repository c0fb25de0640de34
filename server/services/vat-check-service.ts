/**
 * The VAT number check: format and checksum offline first (domain/vat-number), so a
 * mistyped number is answered at once and the registry is never asked about it; then the
 * registry (VIES or its stand-in). A registry that cannot say (time-out, member state down,
 * throttled) makes the answer "could not verify" (valid: null), never "invalid" and never an error
 * of ours: the shop then charges VAT (domain/vat-rule.ts).
 */
import type { VatCheckResult } from '../../domain/api/vat-check.schema'
import { checkVatNumber, formatVatNumber } from '../../domain/vat-number'
import type { VatRegistryConfig } from '../config'
import { createStandInRegistry, type RegistryAnswer, type VatRegistry } from './vat-registry'
import { createViesRegistry } from './vies-registry'

export interface VatCheckService {
  check(countryCode: string, vatNumber: string): Promise<VatCheckResult>
}

const FORMAT_MESSAGES: Record<string, string> = {
  empty: 'No VAT number was given',
  'unsupported-country': 'Only Belgian and Dutch VAT numbers are checked',
  'country-mismatch': 'The VAT number has the prefix of another country',
  format: 'The VAT number does not have the form of its country',
  checksum: 'The VAT number fails its checksum',
}

/** error codes of VIES that say the number itself is wrong, not that VIES could not answer */
const REFUSALS = new Set(['INVALID', 'INVALID_INPUT'])

/** The registry of the setting: VIES when VIES_URL is set, else the stand-in. */
export function createVatRegistry(config: VatRegistryConfig, fetchImpl: typeof fetch = fetch): VatRegistry {
  return config.viesUrl ? createViesRegistry({ baseUrl: config.viesUrl, timeoutMs: config.timeoutMs, fetch: fetchImpl }) : createStandInRegistry()
}

export function createVatCheckService(registry: VatRegistry): VatCheckService {
  return {
    async check(countryCode, input) {
      const offline = checkVatNumber(countryCode, input)
      if (!offline.ok) {
        return {
          valid: false,
          checked: 'format',
          reason: offline.problem,
          countryCode: offline.countryCode,
          vatNumber: offline.vatNumber,
          is_valid: false,
          request_message: FORMAT_MESSAGES[offline.problem] ?? 'Invalid VAT number',
        }
      }
      const known = {
        countryCode: offline.countryCode,
        vatNumber: offline.vatNumber,
        vatId: offline.vatId,
        formatted: formatVatNumber(offline.countryCode, offline.vatNumber),
        registry: registry.kind,
      }
      let answer: RegistryAnswer
      try {
        answer = await registry.check(offline.countryCode, offline.vatNumber)
      } catch (err) {
        // adapters answer their failures; this is a defect of ours, still not the shopper's problem
        answer = { outcome: 'error', error: 'SERVICE_UNAVAILABLE', message: err instanceof Error ? err.message : String(err) }
      }
      const source = registry.kind === 'vies' ? 'the EU VIES service' : 'the VAT register stand-in'
      if (answer.outcome === 'error' && !REFUSALS.has(answer.error)) {
        return {
          ...known,
          valid: null,
          checked: 'unverified',
          reason: answer.error,
          is_valid: false,
          request_message: `The VAT number passed its format and checksum, but ${source} could not verify it (${answer.error})`,
        }
      }
      if (answer.outcome !== 'valid') {
        return {
          ...known,
          valid: false,
          checked: 'registry',
          reason: answer.outcome === 'error' ? answer.error : 'INVALID',
          is_valid: false,
          request_message: `The VAT number is not valid according to ${source}`,
        }
      }
      return {
        ...known,
        valid: true,
        checked: 'registry',
        ...(answer.name ? { name: answer.name } : {}),
        ...(answer.address ? { address: answer.address } : {}),
        ...(answer.requestDate ? { requestDate: answer.requestDate } : {}),
        ...(answer.requestIdentifier ? { requestIdentifier: answer.requestIdentifier } : {}),
        is_valid: true,
        request_message: answer.name ? `VAT number ${known.vatId} is valid: ${answer.name}` : `VAT number ${known.vatId} is valid`,
      }
    },
  }
}
