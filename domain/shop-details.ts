/**
 * What a shopper needs to pay by transfer or to pick up an order (issue 35, item 6): the shop's bank
 * account (beneficiary, IBAN, BIC; the order number is the reference) and its pickup point with its
 * opening hours. One setting of the shop (SHOP_DETAILS, server/config), served to the app
 * (GET /api/ext/shop-details) and written in the mails.
 */
import { z } from 'zod'
import { COUNTRIES } from './store-views'

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/

export const OpeningHoursSchema = z.object({
  /** ISO weekdays, 1 Monday … 7 Sunday: one day (`6`) or a run (`1-5`) */
  days: z.string().regex(/^[1-7](?:-[1-7])?$/),
  open: z.string().regex(TIME),
  close: z.string().regex(TIME),
})
export type OpeningHours = z.infer<typeof OpeningHoursSchema>

export const ShopDetailsSchema = z.object({
  bank: z.object({
    beneficiary: z.string().trim().min(1).max(100),
    iban: z.string().trim().min(15).max(42),
    bic: z.string().trim().min(8).max(11),
  }),
  pickup: z.object({
    name: z.string().trim().min(1).max(100),
    street: z.string().trim().min(1).max(100),
    postcode: z.string().trim().min(4).max(10),
    city: z.string().trim().min(1).max(100),
    country: z.enum(COUNTRIES),
    hours: z.array(OpeningHoursSchema).min(1).max(14),
  }),
})
export type ShopDetails = z.infer<typeof ShopDetailsSchema>

/** The demo shop's: ABN AMRO's documentation IBAN (valid checksum, no real account). */
export const DEFAULT_SHOP_DETAILS: ShopDetails = {
  bank: { beneficiary: 'Polder B.V.', iban: 'NL91 ABNA 0417 1643 00', bic: 'ABNANL2A' },
  pickup: {
    name: 'Polder Utrecht',
    street: 'Oudegracht 100',
    postcode: '3511 AX',
    city: 'Utrecht',
    country: 'NL',
    hours: [
      { days: '1-5', open: '10:00', close: '18:00' },
      { days: '6', open: '10:00', close: '17:00' },
    ],
  },
}

/** Opening hours as a shopper reads them in `locale`: "maandag–vrijdag 10:00–18:00". */
export function openingHoursText(hours: OpeningHours, locale: string): string {
  // 2024-01-01 was a Monday: day n is 2024-01-0n
  const day = (n: number) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, n)))
  const [from, to] = hours.days.split('-').map(Number) as [number, number | undefined]
  const days = to !== undefined && to !== from ? `${day(from)}–${day(to)}` : day(from)
  return `${days} ${hours.open}–${hours.close}`
}
