/**
 * Money is integer cents everywhere in our own code (float prices break schema checks and sums);
 * the wire format keeps the contract's decimals, converted at the edges with toCents/fromCents.
 */
import type { FormattingSettings } from './store-views'

export type Cents = number

export function toCents(amount: number): Cents {
  return Math.round(amount * 100)
}

export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100
}

/** Rounds a decimal amount to 2 places the way totals are rounded (half away from zero). */
export function round2(amount: number): number {
  return (Math.sign(amount) * Math.round(Math.abs(amount) * 100 + Number.EPSILON)) / 100
}

/** The spec's price formatting "without i18n": sign, separators and layout from the store view. */
export function formatPrice(cents: Cents, settings: FormattingSettings): string {
  const negative = cents < 0
  const abs = Math.abs(Math.round(cents))
  const digits = settings.fractionDigits
  const whole = Math.floor(abs / 100)
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .slice(0, digits)
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, settings.currencyGroup)
  let amount = digits > 0 ? `${grouped}${settings.currencyDecimal}${fraction}` : grouped
  if (settings.trailingZeroesReplacement && digits > 0 && /^0+$/.test(fraction)) {
    amount = `${grouped}${settings.currencyDecimal}${settings.trailingZeroesReplacement}`
  }
  const formatted = settings.priceFormat.replace('{sign}', settings.currencySign).replace('{amount}', amount)
  return negative ? `-${formatted}` : formatted
}

/**
 * The spec's date format tokens: HH, mm, D, DD, M, MM, YYYY. Local time of the device, or of
 * `timeZone` (the server writes the shop's time in its mails, never its own UTC).
 */
export function formatDate(date: Date, format: string, timeZone?: string): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const wall = timeZone ? wallClock(date, timeZone) : null
  const [year, month, day, hour, minute] = wall ?? [date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes()]
  const tokens: Record<string, string> = {
    YYYY: String(year),
    MM: pad(month),
    M: String(month),
    DD: pad(day),
    D: String(day),
    HH: pad(hour),
    mm: pad(minute),
  }
  return format.replace(/YYYY|MM|M|DD|D|HH|mm/g, (t) => tokens[t]!)
}

/** Year, month, day, hour and minute of `date` on the clocks of `timeZone`. */
function wallClock(date: Date, timeZone: string): [number, number, number, number, number] {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return [part('year'), part('month'), part('day'), part('hour'), part('minute')]
}
