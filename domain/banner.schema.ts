/**
 * Home banners and the info banner (spec §3: "Banners: mainBanners, smallBanners, productBanners,
 * plus a head image"; "Info banner: status flag, content"), one record per store view.
 *
 * A banner sits in one slot: `main` and `small` on the home page, `product` on product pages,
 * `head` the home page's head image (the first active one by sort order). Its words are plain text
 * (markup is taken out when parsed: domain/plain-text), its link a path inside the shop without
 * the store view's prefix (the client's router adds it, as VSF1's localizedRoute does), its image
 * a site-relative path the browser loads as it is.
 *
 * The info banner is a short piece of HTML (delivery times, opening hours) shown on the shop's pages
 * while it is active; the server sanitises it when imported, so what is stored is the clean text.
 */
import { z } from 'zod'
import { BANNER_SLOTS } from './banner-slots'
import { plainTextSchema, ShopPathSchema } from './plain-text'

const id = z.number().int().positive().max(2_147_483_647)

export const BannerSchema = z.object({
  id,
  slot: z.enum(BANNER_SLOTS),
  title: plainTextSchema(1, 120),
  subtitle: plainTextSchema(1, 200).optional(),
  /** the picture, site-relative (`/img/banners/bike/2e5aac/main.webp`) */
  image: ShopPathSchema,
  /** where the banner leads, inside the store view (`/c/bikes-and-cycling-5`) */
  link: ShopPathSchema,
  /** the picture's text alternative; empty for a picture that only decorates */
  alt: plainTextSchema(0, 200),
  /** the order inside the slot, lowest first (then by id) */
  sort_order: z.number().int().min(0).max(1_000_000).default(0),
  /** an inactive banner is stored but never answered */
  active: z.boolean().default(true),
})
export type Banner = z.infer<typeof BannerSchema>

export const InfoBannerSchema = z.object({
  id,
  /** HTML; kept only in its sanitised form */
  content: z.string().min(1).max(20_000),
  /** where "read more" leads, inside the store view */
  link: ShopPathSchema.optional(),
  /** the status flag: an inactive info banner is stored, checked as "false" and never answered */
  active: z.boolean().default(true),
})
export type InfoBanner = z.infer<typeof InfoBannerSchema>

/** Fields the server adds to every stored banner and info banner. */
export interface StoredContentFields {
  store_id: number
  updated_at: string
}
export type BannerDoc = Banner & StoredContentFields
export type InfoBannerDoc = InfoBanner & StoredContentFields

/** An info banner's identifier column is this prefix and its id (the content tables share one column shape). */
export const INFO_BANNER_IDENTIFIER_PREFIX = 'info-'
