/**
 * The picture sizes the shop shows (spec §9: 150 and 295 thumbnails, the gallery's 600×744) and
 * their double for dense screens. The server's resizer renders these and no others, so a picture
 * has a bounded set of variants to cache; the UI asks only for these.
 */
/** The product page's main picture (gallery and light page); the server preloads it at this size. */
export const PRODUCT_MAIN_IMAGE = { width: 600, height: 744 } as const

/** A product tile's picture (category pages, home); the server preloads a category page's first ones. */
export const PRODUCT_TILE_IMAGE = { width: 295, height: 295 } as const

export const IMAGE_SIZES = [{ width: 150, height: 150 }, PRODUCT_TILE_IMAGE, PRODUCT_MAIN_IMAGE] as const

/** each size at 1× and 2× */
export const SERVED_IMAGE_SIZES: readonly { width: number; height: number }[] = IMAGE_SIZES.flatMap((s) => [
  { width: s.width, height: s.height },
  { width: s.width * 2, height: s.height * 2 },
])

export const IMAGE_FITS = ['resize', 'fit', 'cover'] as const

export function isServedImageSize(width: number, height: number): boolean {
  return SERVED_IMAGE_SIZES.some((s) => s.width === width && s.height === height)
}

/**
 * The size to ask the resizer for when a picture is shown at width × height: the smallest served
 * size of the same shape that is at least as large (a 80 px list thumbnail and a 140 px compare
 * picture both share the cached 150 × 150), else the largest of that shape.
 */
export function servedImageSize(width: number, height: number): { width: number; height: number } {
  const sameShape = SERVED_IMAGE_SIZES.filter((s) => s.width * height === s.height * width).sort((a, b) => a.width - b.width)
  const square = SERVED_IMAGE_SIZES.filter((s) => s.width === s.height).sort((a, b) => a.width - b.width)
  const candidates = sameShape.length > 0 ? sameShape : square
  return candidates.find((s) => s.width >= width && s.height >= height) ?? candidates[candidates.length - 1]!
}

/** /img/{width}/{height}/resize/{path}, the resizer's address of a product picture at a served size */
export function imageUrl(path: string | undefined, width: number, height: number): string | null {
  if (!path) return null
  const served = servedImageSize(width, height)
  return `/img/${served.width}/${served.height}/resize${path.startsWith('/') ? path : `/${path}`}`
}
