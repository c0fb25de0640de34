/**
 * Banner answers (spec §7):
 *
 * - The info-banner extension: `GET /api/ext/info-banner/banner/check/{id}` answers the string
 *   "true" or "false" (the info banner exists and is active in the store view the call names);
 *   `GET /api/ext/info-banner/banner/get/{id}` the banner's JSON, or a 404 when it is not active.
 * - "Local JSON banner files by store code", as a VSF1 theme loads them from its
 *   `resource/banners/` folder (the promoted-offers store module): `{storeCode}_promoted_offers.json`
 *   with `mainBanners`, `smallBanners` and `productBanners` of `{title, subtitle, image, link}`, and
 *   `{storeCode}_main-image.json` with the head image as `image`. We serve them at
 *   `/assets/banners/{file}` from the database, so an import changes them.
 * - `GET /api/ext/banners/{storeCode}`: the same banners as stored documents, in the envelope, for
 *   our own client.
 */
import { z } from 'zod'
import { BANNER_SLOTS } from '../banner-slots'

const id = z.coerce.number().int().positive().max(2_147_483_647)

export const InfoBannerParamsSchema = z.object({ id })

export const InfoBannerCheckResultSchema = z.enum(['true', 'false'])

const storedFields = { store_id: z.number().int().nonnegative(), updated_at: z.string() }

export const InfoBannerAnswerSchema = z.object({
  id: z.number().int().positive(),
  content: z.string(),
  link: z.string().optional(),
  active: z.boolean(),
  ...storedFields,
})

/** A VSF1 banner file's name: `{storeCode}_promoted_offers.json` or `{storeCode}_main-image.json`. */
export const BANNER_FILE = /^([a-z]{2,20})_(promoted_offers|main-image)\.json$/
export const BannerFileParamsSchema = z.object({ file: z.string().max(60) })

/** One banner as VSF1 themes read it (`alt` on top, which they leave alone). */
export const PromotedBannerSchema = z.object({
  title: z.string(),
  subtitle: z.string().optional(),
  image: z.string(),
  link: z.string(),
  alt: z.string(),
})
export type PromotedBanner = z.infer<typeof PromotedBannerSchema>

export const PromotedOffersFileSchema = z.object({
  mainBanners: z.array(PromotedBannerSchema),
  smallBanners: z.array(PromotedBannerSchema),
  productBanners: z.array(PromotedBannerSchema),
})
export type PromotedOffersFile = z.infer<typeof PromotedOffersFileSchema>

export const MainImageFileSchema = z.object({ image: PromotedBannerSchema })
export type MainImageFile = z.infer<typeof MainImageFileSchema>

export const BannersParamsSchema = z.object({ storeCode: z.string().max(20) })

export const BannerAnswerSchema = z.object({
  id: z.number().int().positive(),
  slot: z.enum(BANNER_SLOTS),
  title: z.string(),
  subtitle: z.string().optional(),
  image: z.string(),
  link: z.string(),
  alt: z.string(),
  sort_order: z.number().int(),
  active: z.boolean(),
  ...storedFields,
})

export const BannersAnswerSchema = z.object({
  mainBanners: z.array(BannerAnswerSchema),
  smallBanners: z.array(BannerAnswerSchema),
  productBanners: z.array(BannerAnswerSchema),
  headImage: BannerAnswerSchema.nullable(),
})
export type BannersAnswer = z.infer<typeof BannersAnswerSchema>
