/**
 * VAT identification numbers of Belgium and the Netherlands: normalise, check (format and
 * checksum, offline) and format. Rules from ../shared/reference/be-nl-domain.md §1:
 * - BE: 10 digits (the KBO/BCE enterprise number), first digit 0 or 1 (the 1-series since 2023),
 *   mod 97 over the first 8 digits gives the last 2. An old 9-digit number gets a leading 0.
 * - NL: 9 digits + `B` + 2 digits (sub-number 01..99). Valid when either the mod-11 "elfproef" on
 *   the 9 digits (legal entities, the pre-2020 form) or ISO 7064 MOD 97-10 on `NL…B..` (the
 *   btw-identificatienummer of sole proprietors since 2020) passes; some numbers pass both.
 * Pure, no I/O: the registry check (VIES) is the server's business.
 */
import type { Country } from './store-views'

/** Why a VAT number is refused offline, in words the API answers with (`reason`). */
export const VAT_NUMBER_PROBLEMS = ['empty', 'unsupported-country', 'country-mismatch', 'format', 'checksum'] as const
export type VatNumberProblem = (typeof VAT_NUMBER_PROBLEMS)[number]

export type VatNumberCheck =
  | {
      ok: true
      countryCode: Country
      /** the national part as VIES wants it: BE `0403019261`, NL `810433941B01` */
      vatNumber: string
      /** the VAT identification number, compact: `BE0403019261` */
      vatId: string
      /** NL only: which checksum passed (`mod11` legal entities, `mod97` sole proprietors since 2020) */
      nlForm?: 'mod11' | 'mod97' | 'both'
    }
  | { ok: false; countryCode: string; vatNumber: string; problem: VatNumberProblem }

export function isVatCountry(value: string): value is Country {
  return value === 'BE' || value === 'NL'
}

/**
 * Upper case, without spaces, dots, dashes, slashes and a Belgian `(0)`; the country prefix (BE,
 * NL) is split off when present. Nothing is checked here.
 */
export function normaliseVatNumber(input: string): { prefix: string | null; national: string } {
  const compact = input
    .toUpperCase()
    .replace(/\(0\)/g, '0')
    .replace(/[\s.\-/\u00a0\u202f]/g, '')
  const m = /^([A-Z]{2})(.*)$/.exec(compact)
  if (m && (m[1] === 'BE' || m[1] === 'NL')) return { prefix: m[1], national: m[2]! }
  return { prefix: null, national: compact }
}

/** The BE mod-97 check on 10 digits: the last two are 97 − (first eight mod 97). */
export function isBeChecksumValid(digits: string): boolean {
  if (!/^[01]\d{9}$/.test(digits)) return false
  const base = Number(digits.slice(0, 8))
  const check = Number(digits.slice(8))
  return check === 97 - (base % 97)
}

/** The NL mod-11 "elfproef" on 9 digits: weights 9..2 and −1, sum divisible by 11. */
export function isNlMod11Valid(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits)) return false
  let sum = 0
  for (let i = 0; i < 8; i++) sum += Number(nineDigits[i]) * (9 - i)
  sum -= Number(nineDigits[8])
  return sum % 11 === 0
}

/** ISO 7064 MOD 97-10 over `NL` + 9 digits + `B` + 2 digits (letters A=10 … Z=35): valid when ≡ 1. */
export function isNlMod97Valid(national: string): boolean {
  if (!/^\d{9}B\d{2}$/.test(national)) return false
  let remainder = 0
  for (const ch of `NL${national}`) {
    const value = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
}

/**
 * Format and checksum of a VAT number for `countryCode` (BE or NL). The input may carry the
 * country prefix (it must then be the same country), spaces, dots and dashes.
 */
export function checkVatNumber(countryCode: string, input: string): VatNumberCheck {
  const country = countryCode.trim().toUpperCase()
  const { prefix, national } = normaliseVatNumber(input)
  const refuse = (problem: VatNumberProblem): VatNumberCheck => ({ ok: false, countryCode: country, vatNumber: national, problem })
  if (national === '') return refuse('empty')
  if (!isVatCountry(country)) return refuse('unsupported-country')
  if (prefix !== null && prefix !== country) return refuse('country-mismatch')

  if (country === 'BE') {
    const digits = /^\d{9}$/.test(national) ? `0${national}` : national
    if (!/^[01]\d{9}$/.test(digits)) return { ...refuse('format'), vatNumber: digits }
    if (!isBeChecksumValid(digits)) return { ...refuse('checksum'), vatNumber: digits }
    return { ok: true, countryCode: 'BE', vatNumber: digits, vatId: `BE${digits}` }
  }

  // python-stdnum refuses an all-zero number and the sub-number 00
  if (!/^\d{9}B\d{2}$/.test(national) || /^0{9}/.test(national) || national.endsWith('B00')) return refuse('format')
  const mod11 = isNlMod11Valid(national.slice(0, 9))
  const mod97 = isNlMod97Valid(national)
  if (!mod11 && !mod97) return refuse('checksum')
  return { ok: true, countryCode: 'NL', vatNumber: national, vatId: `NL${national}`, nlForm: mod11 && mod97 ? 'both' : mod11 ? 'mod11' : 'mod97' }
}

/**
 * The number as people write it: BE `BE 0403.019.261` (the enterprise number's dots), NL
 * `NL810433941B01`. Input that does not pass checkVatNumber is returned trimmed, unchanged.
 */
export function formatVatNumber(countryCode: string, input: string): string {
  const checked = checkVatNumber(countryCode, input)
  if (!checked.ok) return input.trim()
  if (checked.countryCode === 'BE') {
    const d = checked.vatNumber
    return `BE ${d.slice(0, 4)}.${d.slice(4, 7)}.${d.slice(7)}`
  }
  return checked.vatId
}
