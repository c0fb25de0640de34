/**
 * /img/{width}/{height}/{fit}/{path}: product pictures drawn by the seed (SVG), rasterised and
 * resized by sharp to WebP, kept in a small in-memory LRU because the same thumbnails repeat.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { IMAGE_FITS, isServedImageSize, SERVED_IMAGE_SIZES } from '../../domain/images'
import { sendEnvelope } from '../http/envelope'
import { parseWith } from '../http/validation'

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

type RenderPicture = (imagePath: string) => string | null

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

async function loadRenderer(): Promise<RenderPicture | null> {
  try {
    // the seed module is another engineer's and may not exist yet: without it there are no pictures
    const specifier = '../seed/pictures' // a variable: typechecks even before the module exists
    const mod = (await import(specifier)) as { renderProductPicture?: RenderPicture }
    return typeof mod.renderProductPicture === 'function' ? mod.renderProductPicture : null
  } catch {
    return null
  }
}

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const cache = new LruCache<Buffer>(500)
  let renderer: Promise<RenderPicture | null> | undefined

  app.get('/img/:width/:height/:fit/*', async (request, reply) => {
    const p = parseWith(ParamsSchema, request.params)
    const key = `${p.width}/${p.height}/${p.fit}/${p['*']}`
    let webp = cache.get(key)
    if (!webp) {
      renderer ??= loadRenderer()
      const render = await renderer
      const svg = render ? render('/' + p['*'].replace(/^\/+/, '')) : null
      if (!svg) return sendEnvelope(reply, 404, `No picture at /${p['*']}`)
      const { default: sharp } = await import('sharp')
      webp = await sharp(Buffer.from(svg))
        .resize(p.width, p.height, { fit: p.fit === 'cover' ? 'cover' : 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
        .webp({ quality: 80 })
        .toBuffer()
      cache.set(key, webp)
    }
    return reply.header('Cache-Control', 'public, max-age=604800').type('image/webp').send(webp)
  })
}
