/**
 * Spec §9 image sizes served by the real server's resizer: gallery 600x744, thumbnails 150x150 and
 * 295x295, and each at 2× for dense screens, each exactly at the asked size (the picture is fitted inside, never stretched).
 */
import { describe, expect, it } from 'vitest'
import { useTestServer } from './helpers'

const server = useTestServer()

describe('product image sizes', () => {
  it.each([
    [600, 744],
    [150, 150],
    [295, 295],
    [300, 300],
    [590, 590],
    [1200, 1488],
  ])('/img/%i/%i/resize/… is a %ix%i image', async (width, height) => {
    const sharp = (await import('sharp')).default
    const res = await server.app.inject({ method: 'GET', url: `/img/${width}/${height}/resize/catalog/product/tshirt/222428/1.png` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    const meta = await sharp(res.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([width, height])
  })
})
