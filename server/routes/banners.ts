/**
 * Banners (spec §7; shapes in domain/api/banner.schema.ts):
 *
 * - /api/ext/info-banner/banner/check/:id and get/:id, in the store view the call names
 *   (`storeCode` or `x-vs-store-code`, else the default one), in the envelope.
 * - /assets/banners/{storeCode}_promoted_offers.json and {storeCode}_main-image.json: the files a
 *   VSF1 theme reads, bare JSON as a file would be. Read from the database, so an import changes
 *   them at once: revalidated on every use, never kept as the build's hashed assets are.
 * - /api/ext/banners/:storeCode: the stored banners for our own client, in the envelope.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { z } from 'zod'
import {
  BANNER_FILE,
  BannerFileParamsSchema,
  BannersAnswerSchema,
  BannersParamsSchema,
  InfoBannerAnswerSchema,
  InfoBannerCheckResultSchema,
  InfoBannerParamsSchema,
  MainImageFileSchema,
  PromotedOffersFileSchema,
} from '../../domain/api/banner.schema'
import { DEFAULT_STORE_CODE } from '../../domain/store-views'
import { sendEnvelope } from '../http/envelope'
import { askedStoreCode } from '../http/request-store-view'
import { parseWith } from '../http/validation'
import type { BannerService } from '../services/banner-service'
import { NotFoundError } from '../services/errors'

/** Banners change with an import: a cache may keep an answer but must ask again before using it. */
const REVALIDATE = 'no-cache'

function answer<S extends z.ZodType>(reply: FastifyReply, schema: S, result: z.infer<S>): FastifyReply {
  return sendEnvelope(reply.header('Cache-Control', REVALIDATE), 200, schema.parse(result))
}

export async function bannerRoutes(app: FastifyInstance, opts: { banners: BannerService }): Promise<void> {
  const { banners } = opts

  app.get('/api/ext/info-banner/banner/check/:id', async (request, reply) => {
    const { id } = parseWith(InfoBannerParamsSchema, request.params)
    const active = await banners.isInfoBannerActive(askedStoreCode(request) ?? DEFAULT_STORE_CODE, id)
    return answer(reply, InfoBannerCheckResultSchema, active ? 'true' : 'false')
  })

  app.get('/api/ext/info-banner/banner/get/:id', async (request, reply) => {
    const { id } = parseWith(InfoBannerParamsSchema, request.params)
    return answer(reply, InfoBannerAnswerSchema, await banners.infoBanner(askedStoreCode(request) ?? DEFAULT_STORE_CODE, id))
  })

  app.get('/api/ext/banners/:storeCode', async (request, reply) => {
    const { storeCode } = parseWith(BannersParamsSchema, request.params)
    return answer(reply, BannersAnswerSchema, await banners.banners(storeCode))
  })

  app.get('/assets/banners/:file', async (request, reply) => {
    const { file } = parseWith(BannerFileParamsSchema, request.params)
    const [, storeCode = '', kind] = BANNER_FILE.exec(file) ?? []
    if (!kind) throw new NotFoundError(`No banner file ${file}`)
    const body =
      kind === 'promoted_offers'
        ? PromotedOffersFileSchema.parse(await banners.promotedOffers(storeCode))
        : MainImageFileSchema.parse(await banners.mainImage(storeCode))
    return reply.header('Cache-Control', REVALIDATE).type('application/json; charset=utf-8').send(body)
  })
}
