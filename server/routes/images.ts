/**
 * /img/{width}/{height}/{fit}/{path}: product pictures drawn by the seed (SVG), rasterised and
 * resized by sharp to WebP, kept in a small in-memory LRU because the same thumbnails repeat.
 * /img/banners/{kind}/{hex}/{slot}.webp: banner pictures drawn the same way at their slot's one size
 * (seed/banner-pictures), addressed as they are so a theme can use a banner's `image` as it is.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { IMAGE_FITS, isServedImageSize, SERVED_IMAGE_SIZES } from '../../domain/images'
import { sendEnvelope } from '../http/envelope'
import { parseWith } from '../http/validation'
import type { renderBannerPicture } from '../seed/banner-pictures'
import type { renderProductPicture } from '../seed/pictures'

const BannerParamsSchema = z.object({ '*': z.string().min(1).max(120) })

const SIZES_TEXT = SERVED_IMAGE_SIZES.map((s) => `${s.width}x${s.height}`).join(', ')

// only the sizes the shop shows (domain/images): each other size would be another render and
// another cache entry on request (a costly render and megabytes of cache each)
const ParamsSchema = z
  .object({
    width: z.coerce.number().int().min(1).max(2000),
    height: z.coerce.number().int().min(1).max(2000),
    fit: z.enum(IMAGE_FITS),
    '*': z.string().min(1).max(300),
  })
  .refine((p) => isServedImageSize(p.width, p.height), { message: `the picture size must be one of ${SIZES_TEXT}`, path: ['size'] })

class LruCache<V> {
  private map = new Map<string, V>()
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key)
    if (v !== undefined) {
      this.map.delete(key)
      this.map.set(key, v)
    }
    return v
  }
  set(key: string, value: V): void {
    this.map.delete(key)
    this.map.set(key, value)
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string)
  }
}

async function toWebp(svg: string, size?: { width: number; height: number; fit: string }): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  const image = sharp(Buffer.from(svg))
  const sized = size
    ? image.resize(size.width, size.height, { fit: size.fit === 'cover' ? 'cover' : 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
    : image
  return sized.webp({ quality: 80 }).toBuffer()
}

function sendWebp(reply: FastifyReply, webp: Buffer): FastifyReply {
  return reply.header('Cache-Control', 'public, max-age=604800').type('image/webp').send(webp)
}

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const cache = new LruCache<Buffer>(500)
  // the drawings are loaded with the first picture asked for, not at start-up
  let renderers: Promise<[typeof renderProductPicture, typeof renderBannerPicture]> | undefined
  const loadRenderers = () =>
    (renderers ??= Promise.all([
      import('../seed/pictures').then((m) => m.renderProductPicture),
      import('../seed/banner-pictures').then((m) => m.renderBannerPicture),
    ]))

  // registered beside the parametric route below: a static first segment wins over `:width`
  app.get('/img/banners/*', async (request, reply) => {
    const path = `/img/banners/${parseWith(BannerParamsSchema, request.params)['*']}`
    const key = `banner:${path}`
    let webp = cache.get(key)
    if (!webp) {
      const [, renderBanner] = await loadRenderers()
      const picture = renderBanner(path)
      if (!picture) return sendEnvelope(reply, 404, `No picture at ${path}`)
      webp = await toWebp(picture.svg)
      cache.set(key, webp)
    }
    return sendWebp(reply, webp)
  })

  app.get('/img/:width/:height/:fit/*', async (request, reply) => {
    const p = parseWith(ParamsSchema, request.params)
    const key = `${p.width}/${p.height}/${p.fit}/${p['*']}`
    let webp = cache.get(key)
    if (!webp) {
      const [renderProduct] = await loadRenderers()
      const svg = renderProduct('/' + p['*'].replace(/^\/+/, ''))
      if (!svg) return sendEnvelope(reply, 404, `No picture at /${p['*']}`)
      webp = await toWebp(svg, p)
      cache.set(key, webp)
    }
    return sendWebp(reply, webp)
  })
}
