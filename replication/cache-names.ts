/** The service worker's runtime caches (workers/service-worker.ts), by name: a kiosk's picture warm-up (./picture-warmup) fills the pictures' one too. */
export const IMAGE_CACHE = 'polder-images'
export const CATALOG_CACHE = 'polder-catalog'

/**
 * The picture cache's entries carry their last use (workbox-expiration's timestamps, written by the
 * service worker when it answers from the cache and by a kiosk's warm-up when it stores), so room is
 * made from the pictures used longest ago; one not used for this long leaves by itself.
 */
export const PICTURE_MAX_AGE_S = 365 * 24 * 60 * 60
