/**
 * Where a VAT number that passed its format and checksum is looked up: one interface, two
 * adapters, chosen by one setting (VIES_URL). The stand-in (default) answers from this file, like
 * the EU VIES test service; the VIES adapter (vies-registry.ts) calls the EU service;
 * createVatRegistry (vat-check-service.ts) chooses. Adapters never throw for the registry's own
 * failures: they answer `{ outcome: 'error', error }` with the VIES error code, and the service
 * reports "could not verify".
 */
export type RegistryAnswer =
  | {
      outcome: 'valid' | 'invalid'
      name?: string
      address?: string
      requestDate?: string
      requestIdentifier?: string
    }
  /** the registry could not say: `error` is VIES's code (TIMEOUT, MS_UNAVAILABLE, ...) */
  | { outcome: 'error'; error: string; message?: string }

export interface VatRegistry {
  readonly kind: 'vies' | 'stand-in'
  /** `vatNumber` is the national part, normalised (BE `0403019261`, NL `810433941B01`) */
  check(countryCode: string, vatNumber: string): Promise<RegistryAnswer>
}

/**
 * The VIES test service's numbers (be-nl-domain §1.4): `100` valid, `200` invalid, the others
 * its error codes. VIES takes them as they are; our numbers must pass the BE/NL checksum first, so
 * the stand-in reads the code from the number's base instead: a BE number `00000ccc` + its two
 * check digits (BE0000010094 is code 100), an NL number `000000ccc` + `B` + the sub-number that
 * makes its mod 97 right (NL000000100B46 is code 100). Any other number that passed its checksum is
 * valid, answered with the test service's trader (or a known company's name).
 */
export const VIES_TEST_CODES: Readonly<Record<string, RegistryAnswer>> = {
  '100': { outcome: 'valid', name: 'John Doe', address: '123 Main St, Anytown, UK' },
  '200': { outcome: 'invalid' },
  '201': { outcome: 'error', error: 'INVALID_INPUT' },
  '202': { outcome: 'error', error: 'INVALID_REQUESTER_INFO' },
  '300': { outcome: 'error', error: 'SERVICE_UNAVAILABLE' },
  '301': { outcome: 'error', error: 'MS_UNAVAILABLE' },
  '302': { outcome: 'error', error: 'TIMEOUT' },
  '400': { outcome: 'error', error: 'VAT_BLOCKED' },
  '401': { outcome: 'error', error: 'IP_BLOCKED' },
  '500': { outcome: 'error', error: 'GLOBAL_MAX_CONCURRENT_REQ' },
  '501': { outcome: 'error', error: 'GLOBAL_MAX_CONCURRENT_REQ_TIME' },
  '600': { outcome: 'error', error: 'MS_MAX_CONCURRENT_REQ' },
  '601': { outcome: 'error', error: 'MS_MAX_CONCURRENT_REQ_TIME' },
}

/** Companies whose numbers are public (be-nl-domain §1.3), so a demo checkout shows a real name. */
const KNOWN_TRADERS: Readonly<Record<string, string>> = {
  BE0867686774: 'Coolblue België NV',
  NL810433941B01: 'Coolblue B.V.',
  NL820471616B01: 'bol.com B.V.',
}

/** The test code a stand-in number carries, if any. */
export function standInTestCode(countryCode: string, vatNumber: string): string | null {
  const m = countryCode === 'BE' ? /^00000(\d{3})\d{2}$/.exec(vatNumber) : countryCode === 'NL' ? /^000000(\d{3})B\d{2}$/.exec(vatNumber) : null
  return m && m[1]! in VIES_TEST_CODES ? m[1]! : null
}

export function createStandInRegistry(now: () => Date = () => new Date()): VatRegistry {
  return {
    kind: 'stand-in',
    async check(countryCode, vatNumber) {
      const code = standInTestCode(countryCode, vatNumber)
      const requestDate = now().toISOString()
      if (code) {
        const answer = VIES_TEST_CODES[code]!
        return answer.outcome === 'error' ? answer : { ...answer, requestDate }
      }
      const known = KNOWN_TRADERS[`${countryCode}${vatNumber}`]
      return known ? { outcome: 'valid', name: known, requestDate } : { ...VIES_TEST_CODES['100']!, requestDate }
    },
  }
}
