/**
 * Product picture paths: `/catalog/product/<kind>/<hex colour>/<n>.png`. The path alone says what
 * to draw (pictures.ts), so the server can render any picture on request without a lookup.
 */
import type { PictureKind } from './product-kinds'

export const PICTURE_VIEWS = 4

export function picturePath(kind: PictureKind, hex: string, n: number): string {
  return `/catalog/product/${kind}/${hex}/${n}.png`
}

export function pictureGallery(kind: PictureKind, hex: string) {
  return Array.from({ length: PICTURE_VIEWS }, (_, i) => ({ typ: 'image' as const, image: picturePath(kind, hex, i + 1), pos: i + 1, lab: null }))
}

const PATH = /^\/catalog\/product\/([a-z]+)\/([0-9a-f]{6})\/([1-9])\.png$/

export function parsePicturePath(path: string): { kind: string; hex: string; n: number } | null {
  const match = PATH.exec(path)
  if (!match) return null
  return { kind: match[1]!, hex: match[2]!, n: Number(match[3]) }
}
