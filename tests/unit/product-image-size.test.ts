/** Product picture URLs (src/components/product-image): spec §9 sizes asked from the server's resizer. */
import { describe, expect, it } from 'vitest'
import { imageUrl, servedSize } from '../../src/components/product-image'

describe('servedSize', () => {
  it('serves small squares at the spec thumbnail sizes 150 and 295', () => {
    expect(servedSize(80, 80)).toEqual({ width: 150, height: 150 })
    expect(servedSize(140, 140)).toEqual({ width: 150, height: 150 })
    expect(servedSize(150, 150)).toEqual({ width: 150, height: 150 })
    expect(servedSize(151, 151)).toEqual({ width: 295, height: 295 })
    expect(servedSize(295, 295)).toEqual({ width: 295, height: 295 })
  })

  it('leaves the gallery (600x744) and larger squares as asked', () => {
    expect(servedSize(600, 744)).toEqual({ width: 600, height: 744 })
    expect(servedSize(400, 400)).toEqual({ width: 400, height: 400 })
  })
})

describe('imageUrl', () => {
  it('builds /img/{w}/{h}/resize{path} with one slash, none for no picture', () => {
    expect(imageUrl('/p/tee.svg', 600, 744)).toBe('/img/600/744/resize/p/tee.svg')
    expect(imageUrl('p/tee.svg', 150, 150)).toBe('/img/150/150/resize/p/tee.svg')
    expect(imageUrl(undefined, 150, 150)).toBeNull()
  })
})
