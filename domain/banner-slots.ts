/**
 * The banner slots and the size of each slot's drawn picture, apart from the banner schemas (zod) so
 * the UI can reserve a banner's box before its data is there (schemas stay off the main thread).
 */
export const BANNER_SLOTS = ['main', 'small', 'product', 'head'] as const
export type BannerSlot = (typeof BANNER_SLOTS)[number]

/**
 * The size the shop's drawn banner pictures have per slot (twice what a wide screen shows, so
 * they stay sharp on dense screens); the UI reserves the same proportions.
 */
export const BANNER_PICTURE_SIZES: Readonly<Record<BannerSlot, { width: number; height: number }>> = {
  main: { width: 1200, height: 600 },
  small: { width: 600, height: 600 },
  product: { width: 1200, height: 400 },
  head: { width: 1600, height: 640 },
}
