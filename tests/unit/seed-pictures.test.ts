import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { generateDemoShop } from '../../server/seed/generate'
import { renderProductPicture } from '../../server/seed/pictures'

describe('renderProductPicture', () => {
  const shop = generateDemoShop({ products: 400 })
  const paths = new Set<string>()
  for (const p of shop.catalog.en.products) {
    for (const image of [p.image, p.small_image, p.thumbnail, ...(p.media_gallery ?? []).map((m) => m.image)]) if (image) paths.add(image)
    for (const c of p.configurable_children ?? []) if (c.image) paths.add(c.image)
  }

  it('draws every image path the generator uses as a text-free 600 × 744 SVG', () => {
    expect(paths.size).toBeGreaterThan(100)
    const failures = [...paths].filter((path) => {
      const svg = renderProductPicture(path)
      return svg === null || !svg.startsWith('<svg') || !svg.includes('viewBox="0 0 600 744"') || svg.includes('<text')
    })
    expect(failures).toEqual([])
  })

  it('is deterministic and varies by colour and view', () => {
    const a = renderProductPicture('/catalog/product/bike/c0392b/1.png')
    expect(renderProductPicture('/catalog/product/bike/c0392b/1.png')).toBe(a)
    expect(a).toContain('#c0392b')
    expect(renderProductPicture('/catalog/product/bike/2e5aac/1.png')).not.toBe(a)
    expect(renderProductPicture('/catalog/product/bike/c0392b/2.png')).not.toBe(a)
  })

  it('returns null for paths it cannot draw', () => {
    for (const garbage of [
      '',
      '/catalog/product/unicorn/c0392b/1.png',
      '/catalog/product/bike/zzzzzz/1.png',
      '/catalog/product/bike/c0392b/9.png',
      '/catalog/product/bike/c0392b/1.jpg',
      '/catalog/product/bike/c0392b/1.png/../../etc',
      '/w/s/ws01-black_main.jpg',
    ]) {
      expect(renderProductPicture(garbage)).toBeNull()
    }
  })

  it('rasterises with sharp at thumbnail size', async () => {
    const svg = renderProductPicture('/catalog/product/jacket/2e7d4f/3.png')!
    const png = await sharp(Buffer.from(svg)).resize(150, 150).png().toBuffer()
    const meta = await sharp(png).metadata()
    expect([meta.width, meta.height]).toEqual([150, 150])
    const { dominant } = await sharp(png).stats()
    // a drawing on a tinted backdrop, not a blank or black image
    expect(dominant.r + dominant.g + dominant.b).toBeGreaterThan(150)
  })
})
