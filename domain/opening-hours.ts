/**
 * A pickup point's opening hours (domain/shop-details) as a shopper reads them. Apart from the
 * settings' schema: the thank-you page shows them and must not load zod on the main thread.
 */
export interface OpeningHours {
  /** ISO weekdays, 1 Monday … 7 Sunday: one day (`6`) or a run (`1-5`) */
  days: string
  open: string
  close: string
}

/** "maandag–vrijdag 10:00–18:00", the days named in `locale`. */
export function openingHoursText(hours: OpeningHours, locale: string): string {
  // 2024-01-01 was a Monday: day n is 2024-01-0n
  const day = (n: number) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, n)))
  const [from, to] = hours.days.split('-').map(Number) as [number, number | undefined]
  const days = to !== undefined && to !== from ? `${day(from)}–${day(to)}` : day(from)
  return `${days} ${hours.open}–${hours.close}`
}
