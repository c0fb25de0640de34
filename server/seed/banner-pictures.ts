/**
 * Banner pictures drawn from their path alone (`/img/banners/<kind>/<hex>/<slot>.webp`): a polder
 * landscape (sky, sun, striped fields, a ditch, a windmill on the horizon) with one of the product
 * drawings (picture-drawings.ts) in the product's colour, at the slot's size
 * (domain/banner-slots BANNER_PICTURE_SIZES). Like product pictures they carry no text (all store
 * views share them; the banner's words are its title and subtitle) and depend on nothing but the
 * path, so the same address always gives the same picture. The drawing stands to the right on wide
 * slots, leaving the left side calm for the words a theme writes over it.
 */
import { BANNER_PICTURE_SIZES, BANNER_SLOTS, type BannerSlot } from '../../domain/banner-slots'
import { DRAWINGS } from './picture-drawings'
import { isPictureKind, luminance, mix, paletteOf } from './pictures'
import type { PictureKind } from './product-kinds'

export function bannerPicturePath(kind: PictureKind, hex: string, slot: BannerSlot): string {
  return `/img/banners/${kind}/${hex}/${slot}.webp`
}

const PATH = /^\/img\/banners\/([a-z]+)\/([0-9a-f]{6})\/([a-z]+)\.webp$/

function isSlot(value: string): value is BannerSlot {
  return (BANNER_SLOTS as readonly string[]).includes(value)
}

export interface BannerPicture {
  svg: string
  width: number
  height: number
}

/** The fields, a ditch and a windmill between the horizon (at `y`) and the bottom. */
function polder(width: number, height: number, y: number, grass: string, deep: string, water: string): string {
  const stripes = Array.from({ length: 9 }, (_, i) => {
    const x0 = (i - 1) * (width / 5)
    const x1 = x0 + width / 5
    const fill = i % 2 === 0 ? grass : deep
    return `<path d="M${x0 + width * 0.1},${y} L${x1 + width * 0.1},${y} L${x1 - width * 0.25},${height} L${x0 - width * 0.25},${height} Z" fill="${fill}"/>`
  }).join('')
  const mill = (cx: number, base: number, size: number) => `
    <path d="M${cx - size * 0.18},${base} L${cx - size * 0.1},${base - size} L${cx + size * 0.1},${base - size} L${cx + size * 0.18},${base} Z" fill="#5b5f66"/>
    <g transform="translate(${cx} ${base - size}) rotate(20)" stroke="#5b5f66" stroke-width="${size * 0.05}" stroke-linecap="round">
      <line x1="${-size * 0.7}" y1="0" x2="${size * 0.7}" y2="0"/><line x1="0" y1="${-size * 0.7}" x2="0" y2="${size * 0.7}"/>
    </g>`
  return `${stripes}
    <path d="M${width * 0.42},${y} C${width * 0.36},${y + (height - y) * 0.4} ${width * 0.2},${y + (height - y) * 0.7} 0,${height * 0.98}" fill="none" stroke="${water}" stroke-width="${Math.max(6, height * 0.02)}"/>
    ${mill(width * 0.12, y + 2, (height - y) * 0.55)}
    <rect y="${y - 2}" width="${width}" height="4" fill="${deep}" opacity="0.6"/>`
}

export function renderBannerPicture(path: string): BannerPicture | null {
  const match = PATH.exec(path)
  if (!match) return null
  const [, kind = '', hex = '', slot = ''] = match
  if (!isPictureKind(kind) || !isSlot(slot)) return null
  const { width, height } = BANNER_PICTURE_SIZES[slot]
  const light = luminance(hex) > 0.8
  const palette = paletteOf(hex)
  const sky = light ? '#dfe8f1' : mix(hex, 255, 0.86)
  const horizon = Math.round(height * 0.62)
  // the drawing's 400 × 400 box: as large as the slot allows, right of centre on wide slots
  const scale = Math.min((height * 0.78) / 400, (width * 0.5) / 400)
  const x = slot === 'small' ? width * 0.5 : width * 0.72
  const y = height * 0.52
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="${sky}"/>
    <circle cx="${width * 0.3}" cy="${height * 0.22}" r="${height * 0.1}" fill="#f6d365" opacity="0.85"/>
    ${polder(width, height, horizon, '#8fbf6a', '#6fa552', '#7fb2d9')}
    <ellipse cx="${x}" cy="${y + 160 * scale}" rx="${200 * scale}" ry="${22 * scale}" fill="#000" opacity="0.12"/>
    <g transform="translate(${x} ${y}) scale(${scale.toFixed(3)})">${DRAWINGS[kind](palette, 1)}</g>
  </svg>`
  return { svg, width, height }
}
