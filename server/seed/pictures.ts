/**
 * Product pictures drawn from their path alone (`/catalog/product/<kind>/<hex>/<n>.png`, see
 * picture-paths.ts): an SVG the server rasterises with sharp at whatever size is asked. The
 * drawing depends only on the path, so the same URL always gives the same picture, and pictures
 * carry no text because all store views share them. `n` (1–4) varies the view: background,
 * angle, close-up, mirror.
 */
import { DRAWINGS, type Palette } from './picture-drawings'
import { parsePicturePath } from './picture-paths'
import { PICTURE_KINDS, type PictureKind } from './product-kinds'

const WIDTH = 600
const HEIGHT = 744

/** `hex` (six digits, no #) moved towards black (0) or white (255) by `amount` (0–1), as #rrggbb. */
export function mix(hex: string, target: number, amount: number): string {
  const channels = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
  return `#${channels
    .map((v) =>
      Math.round(v + (target - v) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** Relative luminance of `hex` (0 black … 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function isPictureKind(kind: string): kind is PictureKind {
  return (PICTURE_KINDS as readonly string[]).includes(kind)
}

/** Per view: the drawing's transform and the background. */
const VIEWS: ReadonlyArray<{ transform: string; backdrop: (tint: string, deep: string) => string }> = [
  { transform: 'translate(300 372) scale(1.2)', backdrop: (tint) => `<rect width="${WIDTH}" height="${HEIGHT}" fill="${tint}"/>` },
  {
    transform: 'translate(300 380) rotate(-9) scale(1.05)',
    backdrop: (tint, deep) => `<rect width="${WIDTH}" height="${HEIGHT}" fill="${tint}"/><circle cx="300" cy="372" r="260" fill="${deep}" opacity="0.35"/>`,
  },
  { transform: 'translate(320 390) scale(1.45)', backdrop: (tint) => `<rect width="${WIDTH}" height="${HEIGHT}" fill="${tint}"/>` },
  {
    transform: 'translate(300 360) scale(-1.1 1.1)',
    backdrop: (tint, deep) =>
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${tint}"/><rect y="${HEIGHT * 0.62}" width="${WIDTH}" height="${HEIGHT * 0.38}" fill="${deep}" opacity="0.45"/>`,
  },
]

/** A drawing's colours from the product's colour: the same for its product pictures and its banners. */
export function paletteOf(hex: string): Palette {
  const light = luminance(hex) > 0.8
  return {
    c: `#${hex}`,
    // Very light products (white, beige) need a real outline to stand out from the backdrop.
    d: light ? mix(hex, 0, 0.45) : mix(hex, 0, 0.35),
    l: mix(hex, 255, 0.55),
    ink: '#2b2d31',
    paper: '#fbf8f1',
  }
}

export function renderProductPicture(imagePath: string): string | null {
  const parsed = parsePicturePath(imagePath)
  if (!parsed || !isPictureKind(parsed.kind) || parsed.n > VIEWS.length) return null
  const { kind, hex, n } = parsed
  const light = luminance(hex) > 0.8
  const palette = paletteOf(hex)
  const view = VIEWS[n - 1]!
  const tint = light ? '#e4e7ec' : mix(hex, 255, 0.88)
  const deep = light ? '#c9ced6' : mix(hex, 255, 0.7)
  const shadow = `<ellipse cx="300" cy="${HEIGHT - 110}" rx="210" ry="22" fill="#000" opacity="0.08"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${view.backdrop(tint, deep)}${shadow}<g transform="${view.transform}">${DRAWINGS[kind](palette, n)}</g></svg>`
}
