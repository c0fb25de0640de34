import { describe, expect, it } from 'vitest'
import { imageUrl, isServedImageSize, servedImageSize, SERVED_IMAGE_SIZES } from '../../domain/images'

describe('servedImageSize', () => {
  it('asks for the smallest served square at least as large as a square picture is shown', () => {
    expect(servedImageSize(80, 80)).toEqual({ width: 150, height: 150 })
    expect(servedImageSize(140, 140)).toEqual({ width: 150, height: 150 })
    expect(servedImageSize(150, 150)).toEqual({ width: 150, height: 150 })
    expect(servedImageSize(151, 151)).toEqual({ width: 295, height: 295 })
    expect(servedImageSize(295, 295)).toEqual({ width: 295, height: 295 })
    expect(servedImageSize(296, 296)).toEqual({ width: 300, height: 300 })
    expect(servedImageSize(400, 400)).toEqual({ width: 590, height: 590 })
  })

  it("keeps the gallery's shape, and caps a picture larger than any served size at the largest", () => {
    expect(servedImageSize(600, 744)).toEqual({ width: 600, height: 744 })
    expect(servedImageSize(1200, 1488)).toEqual({ width: 1200, height: 1488 })
    expect(servedImageSize(5000, 5000)).toEqual({ width: 590, height: 590 })
  })

  it('always answers a size the server renders', () => {
    for (const [w, h] of [
      [1, 1],
      [37, 37],
      [600, 744],
      [300, 100],
      [100, 300],
      [2000, 2480],
    ] as const) {
      const s = servedImageSize(w, h)
      expect(isServedImageSize(s.width, s.height)).toBe(true)
    }
  })
})

describe('isServedImageSize', () => {
  it('accepts the spec sizes and their doubles, nothing else', () => {
    expect(SERVED_IMAGE_SIZES).toHaveLength(6)
    expect(isServedImageSize(150, 150)).toBe(true)
    expect(isServedImageSize(300, 300)).toBe(true)
    expect(isServedImageSize(1200, 1488)).toBe(true)
    expect(isServedImageSize(151, 151)).toBe(false)
    expect(isServedImageSize(744, 600)).toBe(false)
    expect(isServedImageSize(1024, 1024)).toBe(false)
  })
})

describe('imageUrl', () => {
  it('builds the resizer path at a served size', () => {
    expect(imageUrl('/p/tee.svg', 600, 744)).toBe('/img/600/744/resize/p/tee.svg')
    expect(imageUrl('p/tee.svg', 150, 150)).toBe('/img/150/150/resize/p/tee.svg')
    expect(imageUrl('/p/tee.svg', 80, 80)).toBe('/img/150/150/resize/p/tee.svg')
    expect(imageUrl(undefined, 150, 150)).toBeNull()
  })
})
