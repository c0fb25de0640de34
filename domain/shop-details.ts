/**
 * What a shopper needs to pay by transfer or to pick up an order: the shop's bank
 * account (beneficiary, IBAN, BIC; the order number is the reference) and its pickup point with its
 * opening hours; and the shop's VAT position (its country, VAT id, OSS), which decides every order's VAT. One setting of the shop (SHOP_DETAILS, server/config), served to the app
 * (GET /api/ext/shop-details) and written in the mails.
 */
import { z } from 'zod'
import { COUNTRIES } from './store-views'
import { DEFAULT_VAT_SETTINGS } from './vat-rule'

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/

export const OpeningHoursSchema = z.object({
  /** ISO weekdays, 1 Monday … 7 Sunday: one day (`6`) or a run (`1-5`) */
  days: z.string().regex(/^[1-7](?:-[1-7])?$/),
  open: z.string().regex(TIME),
  close: z.string().regex(TIME),
})
export type { OpeningHours } from './opening-hours'

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
  /** the shop's VAT position (domain/vat-rule VatSettings): one for every store view */
  vat: z
    .object({
      shopCountry: z.enum(COUNTRIES),
      shopVatId: z.string().trim().min(8).max(20),
      oss: z.boolean(),
    })
    .default(DEFAULT_VAT_SETTINGS),
})
export type ShopDetails = z.infer<typeof ShopDetailsSchema>

/** A Google Tag Manager container id (the server's GTM_ID). */
export const TagManagerIdSchema = z.string().regex(/^GTM-[A-Z0-9]{4,12}$/)

/**
 * GET /api/ext/shop-details: the shop's details and its public settings the app needs, here the tag
 * manager's container (absent: the shop has none, and the app loads and queues nothing for it).
 */
export const ShopDetailsAnswerSchema = ShopDetailsSchema.extend({ tagManagerId: TagManagerIdSchema.optional() })
export type ShopDetailsAnswer = z.infer<typeof ShopDetailsAnswerSchema>

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
  vat: DEFAULT_VAT_SETTINGS,
}
