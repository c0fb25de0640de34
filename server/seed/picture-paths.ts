/**
 * Product picture paths: `/catalog/product/<kind>/<hex colour>/<n>.png`. The path alone says what
 * to draw (pictures.ts), so the server can render any picture on request without a lookup. The
 * same path rules refuse a fixture record whose picture the server would not draw: it would be
 * accepted, stored and then answered 404 on every page that shows it.
 */
import { PICTURE_KINDS, type PictureKind } from './kinds/kind-types'

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

/** The server draws product pictures under this prefix and nothing else there (routes/images.ts). */
const PRODUCT_PICTURES = '/catalog/product/'
/** Banner pictures: `/img/banners/<kind>/<hex colour>/<slot>.webp` (banner-pictures.ts). */
const BANNER_PICTURES = '/img/banners/'
const BANNER_PATH = /^\/img\/banners\/([^/]+)\/([0-9a-f]{6})\/([a-z]+)\.webp$/
/** the kind's segment, whatever the rest of the path looks like */
const KIND_SEGMENT = /^\/(?:catalog\/product|img\/banners)\/([^/]+)\//

const KIND_LIST = PICTURE_KINDS.join(', ')

function kindProblem(path: string): string | null {
  const kind = KIND_SEGMENT.exec(path)?.[1]
  if (kind !== undefined && !(PICTURE_KINDS as readonly string[]).includes(kind)) return `unknown picture kind ${JSON.stringify(kind)} (one of ${KIND_LIST})`
  return null
}

/**
 * Why the server would not draw the picture at `path`, or null when it would or when the path is
 * not one of the drawn ones (a picture served from elsewhere is the fixture's own business).
 */
export function productPictureProblem(path: string): string | null {
  if (!path.startsWith(PRODUCT_PICTURES)) return null
  const kind = kindProblem(path)
  if (kind) return kind
  const parsed = parsePicturePath(path)
  if (!parsed) return `${JSON.stringify(path)} is not a drawn picture (/catalog/product/<kind>/<six hex digits>/<1-${PICTURE_VIEWS}>.png)`
  if (parsed.n > PICTURE_VIEWS) return `picture view ${parsed.n} is not drawn (1 to ${PICTURE_VIEWS})`
  return null
}

/** As productPictureProblem, for a banner's `image` (`slots`: the banner slots, domain/banner-slots). */
export function bannerPictureProblem(path: string, slots: readonly string[]): string | null {
  if (!path.startsWith(BANNER_PICTURES)) return null
  const kind = kindProblem(path)
  if (kind) return kind
  const match = BANNER_PATH.exec(path)
  if (!match) return `${JSON.stringify(path)} is not a drawn banner picture (/img/banners/<kind>/<six hex digits>/<slot>.webp)`
  if (!slots.includes(match[3]!)) return `banner picture slot ${JSON.stringify(match[3])} is not drawn (one of ${slots.join(', ')})`
  return null
}

/** Where a product names a picture: the field path inside the record and the path it names. */
export function productPictureFields(product: {
  image?: string
  small_image?: string
  thumbnail?: string
  media_gallery?: readonly { image: string }[]
  configurable_children?: readonly { image?: string }[]
}): { field: string; path: string }[] {
  const out: { field: string; path: string }[] = []
  for (const field of ['image', 'small_image', 'thumbnail'] as const) {
    const path = product[field]
    if (typeof path === 'string') out.push({ field, path })
  }
  product.media_gallery?.forEach((entry, i) => out.push({ field: `media_gallery[${i}].image`, path: entry.image }))
  product.configurable_children?.forEach((child, i) => {
    if (typeof child.image === 'string') out.push({ field: `configurable_children[${i}].image`, path: child.image })
  })
  return out
}
